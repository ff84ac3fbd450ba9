import type { FastifyPluginAsync } from "fastify";
import { SERVICE_TYPE_MESSAGES } from "#contract/service-types.ts";
import { actorOf } from "#server/lib/access.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { ServiceTypesOperations } from "./service-types.operations.ts";
import type { ServiceTypesService } from "./service-types.service.ts";

type IdParams = { Params: { id: string } };

// Service types (000 §7 with Bearer public, 001 §7); every write answers the whole list.
export const serviceTypesRoutes: FastifyPluginAsync<{ serviceTypes: ServiceTypesService; operations: ServiceTypesOperations; run: RunOperation }> = async (
  app,
  { serviceTypes, operations, run },
) => {
  app.get("/admin-api.php/service-types", { config: { access: "public-bearer" } }, async (request) => ok(await serviceTypes.list({ forAdmin: Boolean(request.admin) })));
  app.post("/admin-api.php/service-types", { config: { access: "admin" } }, async (request) =>
    ok((await run(operations.create, { actor: actorOf(request), input: request.body })).list, SERVICE_TYPE_MESSAGES.created),
  );
  app.put<IdParams>("/admin-api.php/service-types/:id", { config: { access: "admin" } }, async (request) =>
    ok((await run(operations.update, { actor: actorOf(request), id: request.params.id, input: request.body })).list, SERVICE_TYPE_MESSAGES.updated),
  );
  app.delete<IdParams>("/admin-api.php/service-types/:id", { config: { access: "admin" } }, async (request) =>
    ok((await run(operations.remove, { actor: actorOf(request), id: request.params.id })).list, SERVICE_TYPE_MESSAGES.deleted),
  );
};
