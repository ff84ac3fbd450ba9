import type { FastifyPluginAsync } from "fastify";
import { actorOf } from "#server/lib/access.ts";
import { sendCachedJson } from "#server/lib/cached-json.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { BannersOperations } from "./banners.operations.ts";
import type { BannersService } from "./banners.service.ts";

type IdParams = { Params: { id: string } };

export const bannersRoutes: FastifyPluginAsync<{ banners: BannersService; operations: BannersOperations; run: RunOperation }> = async (
  app,
  { banners, operations, run },
) => {
  // Visitors get the active banners; the banners screen, with its token, every banner.
  app.get("/api.php/hero-banners", { config: { access: "public-bearer" } }, async (request, reply) => {
    if (!request.admin) return sendCachedJson(request, reply, await banners.listActiveJson());
    reply.header("cache-control", "no-store");
    return ok(await banners.listAll());
  });

  app.post("/api.php/hero-banners", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.create, { actor: actorOf(request), input: request.body }), "橫幅已新增"),
  );

  // The whole order in one request: { ids: [...] }, first shown first.
  app.put("/api.php/hero-banners/reorder", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.reorder, { actor: actorOf(request), input: request.body }), "排序已更新"),
  );

  app.put<IdParams>("/api.php/hero-banners/:id", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.update, { actor: actorOf(request), id: request.params.id, input: request.body }), "橫幅已更新"),
  );

  app.delete<IdParams>("/api.php/hero-banners/:id", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.remove, { actor: actorOf(request), id: request.params.id }), "橫幅已刪除"),
  );

  app.post<IdParams>("/api.php/hero-banners/:id/toggle", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.toggle, { actor: actorOf(request), id: request.params.id }), "狀態已切換"),
  );
};
