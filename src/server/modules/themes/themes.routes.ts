import type { FastifyPluginAsync } from "fastify";
import { actorOf, adminActorOf } from "#server/lib/access.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { ThemesOperations } from "./themes.operations.ts";
import type { ThemesService } from "./themes.service.ts";

type IdParams = { Params: { id: string } };

export const themesRoutes: FastifyPluginAsync<{ themes: ThemesService; operations: ThemesOperations; run: RunOperation }> = async (
  app,
  { themes, operations, run },
) => {
  app.get("/api.php/themes", { config: { access: "public" } }, async () => ok(await themes.list()));

  app.get<IdParams>("/api.php/themes/:id", { config: { access: "public" } }, async (request) => ok(await themes.get(request.params.id)));

  // A preview shows a theme to the staff member who asks, without changing what anyone else sees.
  app.get<IdParams>("/api.php/themes/:id/preview", { config: { access: "admin" } }, async (request) =>
    ok(await themes.previewLink(request.params.id, adminActorOf(request).admin)),
  );

  app.post<IdParams>("/api.php/themes/:id/activate", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.activate, { actor: actorOf(request), id: request.params.id }), "風格已成功切換"),
  );

  app.put<IdParams>("/api.php/themes/:id", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.update, { actor: actorOf(request), id: request.params.id, input: request.body }), "主題已成功更新"),
  );
};
