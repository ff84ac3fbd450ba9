import type { FastifyPluginAsync } from "fastify";
import { actorOf } from "#server/lib/access.ts";
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

  app.post<IdParams>("/api.php/themes/:id/activate", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.activate, { actor: actorOf(request), id: request.params.id }), "風格已成功切換"),
  );

  app.put<IdParams>("/api.php/themes/:id", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.update, { actor: actorOf(request), id: request.params.id, input: request.body }), "主題已成功更新"),
  );
};
