import type { FastifyInstance } from "fastify";
import { ok } from "#server/lib/envelope.ts";
import { currentAdmin, type AdminGuard } from "#server/lib/auth-guard.ts";
import type { ThemesService } from "./themes.service.ts";

type IdParams = { Params: { id: string } };

export function themesRoutes(app: FastifyInstance, deps: { themes: ThemesService; requireAdmin: AdminGuard }) {
  const { themes, requireAdmin } = deps;

  app.get("/api.php/themes", async () => ok(await themes.list()));

  app.get<IdParams>("/api.php/themes/:id", async (request) => ok(await themes.get(request.params.id)));

  app.post<IdParams>("/api.php/themes/:id/activate", { preHandler: requireAdmin }, async (request) =>
    ok(await themes.activate(request.params.id, currentAdmin(request).id), "風格已成功切換"),
  );

  app.put<IdParams>("/api.php/themes/:id", { preHandler: requireAdmin }, async (request) =>
    ok(await themes.update(request.params.id, request.body, currentAdmin(request).id), "主題已成功更新"),
  );
}
