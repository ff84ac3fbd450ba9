import type { FastifyInstance } from "fastify";
import { sendCachedJson } from "#server/lib/cached-json.ts";
import { ok } from "#server/lib/envelope.ts";
import { currentAdmin, type AdminGuard } from "#server/lib/auth-guard.ts";
import type { SettingsService } from "./settings.service.ts";

export function settingsRoutes(app: FastifyInstance, deps: { settings: SettingsService; requireAdmin: AdminGuard }) {
  const { settings, requireAdmin } = deps;

  // Public: the optional ?t=timestamp of the spec only defeats intermediary caches; the answer is the same.
  app.get("/api.php/settings", async (request, reply) => sendCachedJson(request, reply, await settings.getPublicJson()));

  app.get("/admin-api.php/settings", { preHandler: requireAdmin }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return ok(await settings.getAll());
  });

  app.post("/admin-api.php/settings", { preHandler: requireAdmin }, async (request) =>
    ok(await settings.update(request.body, currentAdmin(request).id), "設定已成功儲存"),
  );
}
