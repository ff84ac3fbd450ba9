import type { FastifyInstance, FastifyRequest } from "fastify";
import { sendCachedJson } from "#server/lib/cached-json.ts";
import { ok } from "#server/lib/envelope.ts";
import { bearerToken, currentAdmin, type AdminGuard } from "#server/lib/auth-guard.ts";
import type { TokensService } from "#server/modules/auth/tokens.service.ts";
import type { BannersService } from "./banners.service.ts";

type IdParams = { Params: { id: string } };

export function bannersRoutes(app: FastifyInstance, deps: { banners: BannersService; tokens: TokensService; requireAdmin: AdminGuard }) {
  const { banners, tokens, requireAdmin } = deps;

  /** The list is public; a valid admin token (the banners screen) also sees inactive banners. */
  const isAdmin = async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token || token === "public") return false;
    return (await tokens.authenticate(token)) !== null;
  };

  app.get("/api.php/hero-banners", async (request, reply) => {
    if (await isAdmin(request)) {
      reply.header("cache-control", "no-store");
      return ok(await banners.listAll());
    }
    return sendCachedJson(request, reply, await banners.listActiveJson());
  });

  app.post("/api.php/hero-banners", { preHandler: requireAdmin }, async (request) =>
    ok(await banners.create(request.body, currentAdmin(request).id), "橫幅已新增"),
  );

  app.put<IdParams>("/api.php/hero-banners/:id", { preHandler: requireAdmin }, async (request) =>
    ok(await banners.update(request.params.id, request.body, currentAdmin(request).id), "橫幅已更新"),
  );

  app.delete<IdParams>("/api.php/hero-banners/:id", { preHandler: requireAdmin }, async (request) =>
    ok(await banners.remove(request.params.id, currentAdmin(request).id), "橫幅已刪除"),
  );

  app.post<IdParams>("/api.php/hero-banners/:id/toggle", { preHandler: requireAdmin }, async (request) =>
    ok(await banners.toggle(request.params.id, currentAdmin(request).id), "狀態已切換"),
  );
}
