import type { FastifyPluginAsync } from "fastify";
import { currentAdmin } from "#server/lib/access.ts";
import { sendCachedJson } from "#server/lib/cached-json.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { BannersService } from "./banners.service.ts";

type IdParams = { Params: { id: string } };

export const bannersRoutes: FastifyPluginAsync<{ banners: BannersService }> = async (app, { banners }) => {
  // Visitors get the active banners; the banners screen, with its token, every banner.
  app.get("/api.php/hero-banners", { config: { access: "public-bearer" } }, async (request, reply) => {
    if (!request.admin) return sendCachedJson(request, reply, await banners.listActiveJson());
    reply.header("cache-control", "no-store");
    return ok(await banners.listAll());
  });

  app.post("/api.php/hero-banners", { config: { access: "admin" } }, async (request) =>
    ok(await banners.create(request.body, currentAdmin(request).id), "橫幅已新增"),
  );

  // The whole order in one request: { ids: [...] }, first shown first.
  app.put("/api.php/hero-banners/reorder", { config: { access: "admin" } }, async (request) =>
    ok(await banners.reorder(request.body, currentAdmin(request).id), "排序已更新"),
  );

  app.put<IdParams>("/api.php/hero-banners/:id", { config: { access: "admin" } }, async (request) =>
    ok(await banners.update(request.params.id, request.body, currentAdmin(request).id), "橫幅已更新"),
  );

  app.delete<IdParams>("/api.php/hero-banners/:id", { config: { access: "admin" } }, async (request) =>
    ok(await banners.remove(request.params.id, currentAdmin(request).id), "橫幅已刪除"),
  );

  app.post<IdParams>("/api.php/hero-banners/:id/toggle", { config: { access: "admin" } }, async (request) =>
    ok(await banners.toggle(request.params.id, currentAdmin(request).id), "狀態已切換"),
  );
};
