import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { challengeRequestSchema } from "#contract/auth.ts";
import { actorOf, adminActorOf } from "#server/lib/access.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { SIGN_IN_BODY_LIMIT } from "#server/lib/request-limits.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { AccountOperations } from "./account.operations.ts";
import type { AccountService } from "./account.service.ts";
import { deviceCookieHeader, readDeviceCookie } from "./device-cookie.ts";
import type { LoginResult, LoginService } from "./login.service.ts";
import type { SessionsOperations } from "./sessions.operations.ts";
import type { TwoFactorService } from "./two-factor.service.ts";

const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: String(request.headers["user-agent"] ?? ""),
  deviceToken: readDeviceCookie(request.headers.cookie),
});

const isSecondStep = (body: unknown) => typeof body === "object" && body !== null && "pending_token" in body;

function answer(request: FastifyRequest, reply: FastifyReply, result: LoginResult) {
  // The device cookie of a full sign-in (decision 023); Secure whenever the browser came over https.
  if (result.deviceToken) reply.header("set-cookie", deviceCookieHeader(result.deviceToken, request.protocol === "https"));
  return "token" in result.answer ? ok(result.answer, "登入成功") : ok(result.answer, "請輸入兩步驟驗證碼");
}

export interface AuthRoutesOptions {
  login: LoginService;
  account: AccountService;
  twoFactor: TwoFactorService;
  operations: { account: AccountOperations; sessions: SessionsOperations };
  run: RunOperation;
}

export const authRoutes: FastifyPluginAsync<AuthRoutesOptions> = async (app, { login, account, twoFactor, operations, run }) => {
  // One path, three uses: {action: "get_challenge"} asks for a maths question, {pending_token, code}
  // is the two-step code, anything else is the credentials.
  app.post("/admin-login.php", { bodyLimit: SIGN_IN_BODY_LIMIT, config: { access: "public", rateLimit: { max: 30, timeWindow: "1 minute" } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (challengeRequestSchema.safeParse(request.body).success) return ok(await login.challenge(clientOf(request)));
    if (isSecondStep(request.body)) return answer(request, reply, await login.secondStep(request.body, clientOf(request)));
    return answer(request, reply, await login.login(request.body, clientOf(request)));
  });

  app.post("/admin-api.php/logout", { config: { access: "admin" } }, async (request) => {
    await run(operations.sessions.logout, { actor: actorOf(request) });
    return ok(null, "已登出");
  });

  app.post("/admin-api.php/change-password", { config: { access: "admin" } }, async (request) => {
    await account.changePassword(adminActorOf(request), request.body);
    return ok(null, "密碼已成功變更，請使用新密碼重新登入");
  });

  // Two-step sign-in of the signed-in administrator (decision 023).
  app.get("/admin-api.php/two-factor", { config: { access: "admin" } }, async (request) => ok(await twoFactor.status(adminActorOf(request).admin)));

  app.post("/admin-api.php/two-factor/setup", { config: { access: "admin" } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return ok(await twoFactor.setup(adminActorOf(request)), "請用驗證器 App 掃描 QR Code");
  });

  app.post("/admin-api.php/two-factor/enable", { config: { access: "admin" } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const { recovery_codes } = await run(operations.account.enable, { actor: actorOf(request), input: request.body });
    return ok({ recovery_codes }, "兩步驟驗證已啟用");
  });

  app.post("/admin-api.php/two-factor/disable", { config: { access: "admin" } }, async (request) => {
    await run(operations.account.disable, { actor: actorOf(request), input: request.body });
    return ok(null, "兩步驟驗證已停用");
  });
};
