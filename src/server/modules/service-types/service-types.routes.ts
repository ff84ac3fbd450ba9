import type { FastifyPluginAsync } from "fastify";
import { SERVICE_TYPE_MESSAGES } from "#contract/service-types.ts";
import { currentAdmin } from "#server/lib/access.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { ServiceTypesService } from "./service-types.service.ts";

type IdParams = { Params: { id: string } };

// Service types (000 §7 with Bearer public, 001 §7).
export const serviceTypesRoutes: FastifyPluginAsync<{ serviceTypes: ServiceTypesService }> = async (app, { serviceTypes }) => {
  app.get("/admin-api.php/service-types", { config: { access: "public-bearer" } }, async (request) => ok(await serviceTypes.list({ forAdmin: Boolean(request.admin) })));
  app.post("/admin-api.php/service-types", { config: { access: "admin" } }, async (request) =>
    ok(await serviceTypes.create(request.body, currentAdmin(request).id), SERVICE_TYPE_MESSAGES.created),
  );
  app.put<IdParams>("/admin-api.php/service-types/:id", { config: { access: "admin" } }, async (request) =>
    ok(await serviceTypes.update(request.params.id, request.body, currentAdmin(request).id), SERVICE_TYPE_MESSAGES.updated),
  );
  app.delete<IdParams>("/admin-api.php/service-types/:id", { config: { access: "admin" } }, async (request) =>
    ok(await serviceTypes.remove(request.params.id, currentAdmin(request).id), SERVICE_TYPE_MESSAGES.deleted),
  );
};
