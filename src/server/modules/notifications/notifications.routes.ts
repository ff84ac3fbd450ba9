import type { FastifyPluginAsync } from "fastify";
import { NOTIFICATION_MESSAGES, type NotificationHealth } from "#contract/notifications.ts";
import { actorOf } from "#server/lib/access.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { NotificationsOperations } from "./notifications.operations.ts";
import type { NotificationsService } from "./notifications.service.ts";

type IdParams = { Params: { id: string } };

export const notificationsRoutes: FastifyPluginAsync<{ notifications: NotificationsService; operations: NotificationsOperations; run: RunOperation }> = async (
  app,
  { notifications, operations, run },
) => {
  // The notification settings screen's tools (002 §7); the settings themselves go through /admin-api.php/settings.
  app.post("/line-test.php", { config: { access: "admin" } }, async (request) => {
    await notifications.lineTest(request.body);
    return ok(null, NOTIFICATION_MESSAGES.testSent);
  });

  app.post("/discord-test.php", { config: { access: "admin" } }, async (request) => {
    await notifications.discordTest(request.body);
    return ok(null, NOTIFICATION_MESSAGES.testSent);
  });

  app.get("/api/line-quota.php", { config: { access: "admin" } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return ok(await notifications.lineQuota());
  });

  // Deliveries failing (retrying or given up), whether mail can go out at all, and the cap with what it held back today.
  app.get("/admin-api.php/notification-failures", { config: { access: "admin" } }, async () =>
    ok<NotificationHealth>({ failures: await notifications.failures(), mail_configured: notifications.mailConfigured(), cap: await notifications.capStatus() }),
  );

  app.post<IdParams>("/admin-api.php/notification-failures/:id/retry", { config: { access: "admin" } }, async (request) => {
    await run(operations.retryFailure, { actor: actorOf(request), input: { id: request.params.id } });
    return ok(null, "已重新排入傳送");
  });

  app.delete<IdParams>("/admin-api.php/notification-failures/:id", { config: { access: "admin" } }, async (request) => {
    await run(operations.discardFailure, { actor: actorOf(request), input: { id: request.params.id } });
    return ok(null, "已移除這則通知");
  });
};
