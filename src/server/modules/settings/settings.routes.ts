import type { FastifyInstance } from "fastify";
import { sendCachedJson } from "#server/lib/cached-json.ts";
import { ok } from "#server/lib/envelope.ts";
import { currentAdmin } from "#server/lib/auth-guard.ts";
import type { SettingsService } from "./settings.service.ts";

export function settingsRoutes(app: FastifyInstance, deps: { settings: SettingsService }) {
  const { settings } = deps;

  // Public: the optional ?t=timestamp of the spec only defeats intermediary caches; the answer is the same.
  app.get("/api.php/settings", async (request, reply) => sendCachedJson(request, reply, await settings.getPublicJson()));

  // Behind the /admin-api.php guard (modules/index.ts).
  app.get("/admin-api.php/settings", async () => ok(await settings.getAll()));

  app.post("/admin-api.php/settings", async (request) =>
    ok(await settings.update(request.body, currentAdmin(request).id), "設定已成功儲存"),
  );
}
