// Administrator tokens: opaque random strings handed out once, stored only as
// a SHA-256 hash, expiring after 7 days without use (CONTRACT.md) and 30 days
// after sign-in however often they are used (issue 22, decision 023). Checking
// a token is a read; the rare writes it implies (a session's last use, an
// expired one forgotten) are operations (sessions.operations.ts).
import { createHash } from "node:crypto";
import type { ReadDb } from "#server/db/database.ts";
import { SESSION_MAX_DAYS } from "#contract/auth.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { systemActor } from "#server/lib/operations.ts";
import { authRepo } from "./auth.repo.ts";
import type { SessionsOperations } from "./sessions.operations.ts";

export const TOKEN_IDLE_LIMIT_MS = 7 * 24 * 60 * 60 * 1000;
export const TOKEN_LIFETIME_MS = SESSION_MAX_DAYS * 24 * 60 * 60 * 1000;
// Writing last_used_at on every request would turn reads into writes; a minute of slack is harmless.
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface AdminIdentity {
  id: number;
  name: string;
  email: string;
  tokenId: number;
}

/** Tokens are kept only as this hash. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

export function createTokensService(deps: { db: ReadDb; run: RunOperation; operations: SessionsOperations; clock?: () => Date }) {
  const { db, run, operations } = deps;
  const clock = deps.clock ?? (() => new Date());
  const actor = systemActor("session");

  return {
    async authenticate(token: string): Promise<AdminIdentity | null> {
      if (token.length < 20 || token.length > 200) return null;
      const session = await authRepo.findSession(db, hashToken(token));
      if (!session) return null;
      const now = clock();
      const idleFor = now.getTime() - Date.parse(session.last_used_at);
      if (idleFor > TOKEN_IDLE_LIMIT_MS || now.getTime() - Date.parse(session.created_at) > TOKEN_LIFETIME_MS) {
        await run(operations.expire, { actor, input: { tokenId: session.token_id } });
        return null;
      }
      if (idleFor > TOUCH_INTERVAL_MS) await run(operations.touch, { actor, input: { tokenId: session.token_id } });
      return { id: session.admin_id, name: session.name, email: session.email, tokenId: session.token_id };
    },
  };
}

export type TokensService = ReturnType<typeof createTokensService>;
