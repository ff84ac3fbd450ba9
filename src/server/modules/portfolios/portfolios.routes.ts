import type { FastifyPluginAsync } from "fastify";
import { PORTFOLIO_MESSAGES } from "#contract/portfolios.ts";
import { actorOf } from "#server/lib/access.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { PortfoliosOperations } from "./portfolios.operations.ts";
import type { PortfoliosService } from "./portfolios.service.ts";

type IdParams = { Params: { id: string } };

// Cleaning cases (000 §7 with Bearer public: active cases only; 001 §7 with the administrator's token: every case).
export const portfoliosRoutes: FastifyPluginAsync<{ portfolios: PortfoliosService; operations: PortfoliosOperations; run: RunOperation }> = async (
  app,
  { portfolios, operations, run },
) => {
  app.get("/admin-api.php/portfolios", { config: { access: "public-bearer" } }, async (request) =>
    ok(await portfolios.list(request.query, { forAdmin: Boolean(request.admin) })),
  );
  app.get<IdParams>("/admin-api.php/portfolios/:id", { config: { access: "public-bearer" } }, async (request) =>
    ok(await portfolios.get(request.params.id, { forAdmin: Boolean(request.admin) })),
  );
  app.post("/admin-api.php/portfolios", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.create, { actor: actorOf(request), input: request.body }), PORTFOLIO_MESSAGES.created),
  );
  app.put<IdParams>("/admin-api.php/portfolios/:id", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.update, { actor: actorOf(request), id: request.params.id, input: request.body }), PORTFOLIO_MESSAGES.updated),
  );
  app.delete<IdParams>("/admin-api.php/portfolios/:id", { config: { access: "admin" } }, async (request) => {
    await run(operations.remove, { actor: actorOf(request), id: request.params.id });
    return ok(null, PORTFOLIO_MESSAGES.deleted);
  });
  app.put<IdParams>("/admin-api.php/portfolios/:id/photo-groups/reorder", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.reorderGroups, { actor: actorOf(request), id: request.params.id, input: request.body }), PORTFOLIO_MESSAGES.groupsReordered),
  );
};
