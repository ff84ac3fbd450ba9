import type { FastifyPluginAsync } from "fastify";
import { currentAdmin } from "#server/lib/access.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { ThemesService } from "./themes.service.ts";

type IdParams = { Params: { id: string } };

export const themesRoutes: FastifyPluginAsync<{ themes: ThemesService }> = async (app, { themes }) => {
  app.get("/api.php/themes", { config: { access: "public" } }, async () => ok(await themes.list()));

  app.get<IdParams>("/api.php/themes/:id", { config: { access: "public" } }, async (request) => ok(await themes.get(request.params.id)));

  app.post<IdParams>("/api.php/themes/:id/activate", { config: { access: "admin" } }, async (request) =>
    ok(await themes.activate(request.params.id, currentAdmin(request).id), "風格已成功切換"),
  );

  app.put<IdParams>("/api.php/themes/:id", { config: { access: "admin" } }, async (request) =>
    ok(await themes.update(request.params.id, request.body, currentAdmin(request).id), "主題已成功更新"),
  );
};
