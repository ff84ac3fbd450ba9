// An administrator's sessions, written: a new one's token (a completed
// sign-in issues it), a session used again (at most once a minute), one past
// its time forgotten, and sign-out.
import { randomBytes } from "node:crypto";
import type { Db } from "#server/db/database.ts";
import { access, defineOperation, ownInput } from "#server/lib/operations.ts";
import { authRepo } from "./auth.repo.ts";
import { hashToken } from "./tokens.service.ts";

/** A new token for the administrator, stored (hashed) with `db`, the transaction of the sign-in that issues it. */
export async function issueToken(db: Db, adminId: number, meta: { clientIp: string; userAgent: string }, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await authRepo.insertToken(db, {
    admin_user_id: adminId,
    token_hash: hashToken(token),
    client_ip: meta.clientIp,
    user_agent: meta.userAgent.slice(0, 300),
    now: now.toISOString(),
  });
  return token;
}

export function createSessionsOperations(deps: { clock?: () => Date } = {}) {
  const clock = deps.clock ?? (() => new Date());

  return {
    touch: defineOperation({
      name: "session.touch",
      input: ownInput<{ tokenId: number }>(),
      access: access.system,
      async run({ tx, input }) {
        await authRepo.touchToken(tx.db, input.tokenId, clock().toISOString());
      },
    }),

    expire: defineOperation({
      name: "session.expire",
      input: ownInput<{ tokenId: number }>(),
      access: access.system,
      async run({ tx, input }) {
        await authRepo.deleteToken(tx.db, input.tokenId);
      },
    }),

    /** Sign-out: the token the request was made with is revoked. */
    logout: defineOperation({
      name: "auth.logout",
      access: access.administrators,
      async run({ tx, actor }) {
        if (actor.kind === "admin") await authRepo.deleteToken(tx.db, actor.admin.tokenId);
      },
    }),
  };
}

export type SessionsOperations = ReturnType<typeof createSessionsOperations>;
