import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { challengeRequestSchema } from "#contract/auth.ts";
import { currentAdmin } from "#server/lib/access.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { AccountService } from "./account.service.ts";
import type { LoginService } from "./login.service.ts";

const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: String(request.headers["user-agent"] ?? "") });

export const authRoutes: FastifyPluginAsync<{ login: LoginService; account: AccountService }> = async (app, { login, account }) => {
  // One path, two uses: {action: "get_challenge"} asks for a maths question, anything else is the credentials.
  app.post("/admin-login.php", { config: { access: "public", rateLimit: { max: 30, timeWindow: "1 minute" } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (challengeRequestSchema.safeParse(request.body).success) return ok(await login.challenge(clientOf(request)));
    return ok(await login.login(request.body, clientOf(request)), "登入成功");
  });

  app.post("/admin-api.php/logout", { config: { access: "admin" } }, async (request) => {
    await account.logout(currentAdmin(request));
    return ok(null, "已登出");
  });

  app.post("/admin-api.php/change-password", { config: { access: "admin" } }, async (request) => {
    await account.changePassword(currentAdmin(request), request.body);
    return ok(null, "密碼已成功變更，請使用新密碼重新登入");
  });
};
