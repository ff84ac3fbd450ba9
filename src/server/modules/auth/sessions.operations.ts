// An administrator's sessions, written: a session used again (at most once a
// minute), one past its time forgotten, and sign-out.
import { access, defineOperation, ownInput } from "#server/lib/operations.ts";
import { authRepo } from "./auth.repo.ts";

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
