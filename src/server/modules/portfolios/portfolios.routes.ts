import type { FastifyPluginAsync } from "fastify";
import { PORTFOLIO_MESSAGES } from "#contract/portfolios.ts";
import { currentAdmin } from "#server/lib/access.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { PortfoliosService } from "./portfolios.service.ts";

type IdParams = { Params: { id: string } };

// Cleaning cases (000 §7 with Bearer public: active cases only; 001 §7 with the administrator's token: every case).
export const portfoliosRoutes: FastifyPluginAsync<{ portfolios: PortfoliosService }> = async (app, { portfolios }) => {
  app.get("/admin-api.php/portfolios", { config: { access: "public-bearer" } }, async (request) =>
    ok(await portfolios.list(request.query, { forAdmin: Boolean(request.admin) })),
  );
  app.get<IdParams>("/admin-api.php/portfolios/:id", { config: { access: "public-bearer" } }, async (request) =>
    ok(await portfolios.get(request.params.id, { forAdmin: Boolean(request.admin) })),
  );
  app.post("/admin-api.php/portfolios", { config: { access: "admin" } }, async (request) =>
    ok(await portfolios.create(request.body, currentAdmin(request).id), PORTFOLIO_MESSAGES.created),
  );
  app.put<IdParams>("/admin-api.php/portfolios/:id", { config: { access: "admin" } }, async (request) =>
    ok(await portfolios.update(request.params.id, request.body, currentAdmin(request).id), PORTFOLIO_MESSAGES.updated),
  );
  app.delete<IdParams>("/admin-api.php/portfolios/:id", { config: { access: "admin" } }, async (request) => {
    await portfolios.remove(request.params.id, currentAdmin(request).id);
    return ok(null, PORTFOLIO_MESSAGES.deleted);
  });
  app.put<IdParams>("/admin-api.php/portfolios/:id/photo-groups/reorder", { config: { access: "admin" } }, async (request) =>
    ok(await portfolios.reorderGroups(request.params.id, request.body, currentAdmin(request).id), PORTFOLIO_MESSAGES.groupsReordered),
  );
};
