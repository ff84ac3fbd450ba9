import type { FastifyPluginAsync } from "fastify";
import { actorOf } from "#server/lib/access.ts";
import { sendCachedJson } from "#server/lib/cached-json.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { SettingsOperations } from "./settings.operations.ts";
import type { SettingsService } from "./settings.service.ts";

export const settingsRoutes: FastifyPluginAsync<{ settings: SettingsService; operations: SettingsOperations; run: RunOperation }> = async (
  app,
  { settings, operations, run },
) => {
  // The optional ?t=timestamp the public site adds only defeats intermediary caches; the answer is the same.
  // Compressed once, when cached (sendCachedJson): the compression plugin has nothing to do here.
  app.get("/api.php/settings", { config: { access: "public" }, compress: false }, async (request, reply) => sendCachedJson(request, reply, await settings.getPublicJson()));

  app.get("/admin-api.php/settings", { config: { access: "admin" } }, async () => ok(await settings.getAll()));

  app.post("/admin-api.php/settings", { config: { access: "admin" } }, async (request) =>
    ok((await run(operations.update, { actor: actorOf(request), input: request.body })).saved, "設定已成功儲存"),
  );
};
