// The token guard every administrator route uses: no valid bearer token, 401.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AdminIdentity, TokensService } from "#server/modules/auth/tokens.service.ts";
import { unauthorized } from "./errors.ts";

declare module "fastify" {
  interface FastifyRequest {
    admin?: AdminIdentity;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function adminGuard(tokens: TokensService) {
  return async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    if (!token || token === "public") throw unauthorized();
    const admin = await tokens.authenticate(token);
    if (!admin) throw unauthorized("登入已過期，請重新登入");
    request.admin = admin;
  };
}

export type AdminGuard = ReturnType<typeof adminGuard>;

/** The signed-in administrator; only call behind the guard. */
export function currentAdmin(request: FastifyRequest): AdminIdentity {
  if (!request.admin) throw unauthorized();
  return request.admin;
}
