// The sign-in's writes (decisions 007, 023): the maths question stored and
// taken, a failure counted (in its own transaction, so it stays counted when
// the request is then refused), the two-step sign-in's pending step and its
// code, and the completed sign-in with its token, trusted browser and activity.
import type { Db } from "#server/db/database.ts";
import { access, defineOperation, ownInput, type Actor } from "#server/lib/operations.ts";
import { adminAccountRepo, deviceRepo, loginGuardRepo, twoFactorRepo } from "./auth.repo.ts";
import { DEVICE_MAX_AGE_S, hashDeviceToken } from "./device-cookie.ts";
import { issueToken } from "./sessions.operations.ts";
import { hashRecoveryCode, isTotpShaped, totpStep } from "./two-factor.ts";

/** The client address of a sign-in attempt (always a visitor's). */
const ipOf = (actor: Actor) => (actor.kind === "visitor" ? actor.clientIp : "");
const userAgentOf = (actor: Actor) => (actor.kind === "visitor" ? actor.userAgent : "");

/** A 6-digit code not used before, or an unused recovery code, marked used with `db`; which kind it was, or null. */
export async function useCode(db: Db, adminId: number, secret: string, code: string, now: Date): Promise<"totp" | "recovery" | null> {
  const normalized = code.replace(/[\s-]/g, "").toLowerCase();
  if (isTotpShaped(normalized)) {
    const step = await totpStep(secret, normalized, now);
    return step !== null && (await twoFactorRepo.useStep(db, adminId, step)) ? "totp" : null;
  }
  if (normalized.length < 8 || normalized.length > 20) return null;
  return (await twoFactorRepo.useRecoveryCode(db, adminId, hashRecoveryCode(normalized), now.toISOString())) ? "recovery" : null;
}

export interface CompletedSignIn {
  admin: { id: number; name: string; email: string };
  /** The trusted browser's row, or none for a new one (it is trusted from now on). */
  deviceId?: number;
  deviceToken: string;
  /** How the sign-in was proven, said in the activity log: "", "（兩步驟驗證）", "（使用備用救援碼）". */
  how: string;
}

export function createSignInOperations(deps: { clock?: () => Date } = {}) {
  const clock = deps.clock ?? (() => new Date());

  return {
    /** A new maths question for this client, replacing any open one. */
    storeChallenge: defineOperation({
      name: "auth.challenge",
      input: ownInput<{ id: string; answer: string; expiresAt: Date }>(),
      access: access.anyone,
      async run({ tx, input, actor }) {
        await loginGuardRepo.replaceChallenge(tx.db, { id: input.id, client_ip: ipOf(actor), answer: input.answer, expires_at: input.expiresAt.toISOString(), now: clock().toISOString() });
      },
    }),

    /** The client's open question, taken (single use, whatever the answer). */
    takeChallenge: defineOperation({
      name: "auth.challenge-taken",
      access: access.anyone,
      run: ({ tx, actor }) => loginGuardRepo.takeChallenge(tx.db, ipOf(actor), clock().toISOString()),
    }),

    recordFailure: defineOperation({
      name: "auth.failure",
      input: ownInput<{ email: string; deviceId: number | null }>(),
      access: access.anyone,
      async run({ tx, input, actor }) {
        await loginGuardRepo.recordAttempt(tx.db, { email: input.email, client_ip: ipOf(actor), succeeded: false, now: clock().toISOString(), device_id: input.deviceId });
      },
    }),

    /** A right password of a two-step account: the pending step the code completes. */
    startSecondStep: defineOperation({
      name: "auth.second-step",
      input: ownInput<{ tokenHash: string; adminId: number; deviceId: number | null; expiresAt: Date }>(),
      access: access.anyone,
      async run({ tx, input, actor }) {
        await twoFactorRepo.insertSecondStep(tx.db, {
          token_hash: input.tokenHash,
          admin_user_id: input.adminId,
          client_ip: ipOf(actor),
          device_id: input.deviceId,
          expires_at: input.expiresAt.toISOString(),
          now: clock().toISOString(),
        });
      },
    }),

    /** A wrong code: the pending step is spent after `max` of them. */
    failSecondStep: defineOperation({
      name: "auth.second-step-failed",
      input: ownInput<{ tokenHash: string; max: number }>(),
      access: access.anyone,
      async run({ tx, input }) {
        await twoFactorRepo.failSecondStep(tx.db, input.tokenHash, input.max);
      },
    }),

    /** The code of a pending step, checked and marked used; which kind it was, or null. */
    useSignInCode: defineOperation({
      name: "auth.code",
      input: ownInput<{ adminId: number; code: string }>(),
      access: access.anyone,
      async run({ tx, input }) {
        const row = await twoFactorRepo.find(tx.db, input.adminId);
        if (!row?.enabled_at) return null;
        return useCode(tx.db, input.adminId, row.secret, input.code, clock());
      },
    }),

    /** The pending step, taken (single use: false when another request took it first). */
    takeSecondStep: defineOperation({
      name: "auth.second-step-taken",
      input: ownInput<{ tokenHash: string }>(),
      access: access.anyone,
      run: ({ tx, input }) => twoFactorRepo.takeSecondStep(tx.db, input.tokenHash),
    }),

    /** The sign-in is complete: the token, the trusted browser (new, or the same one renewed), the activity. */
    complete: defineOperation({
      name: "auth.login",
      input: ownInput<CompletedSignIn>(),
      access: access.anyone,
      async run({ tx, input, actor }) {
        const now = clock();
        const { admin } = input;
        let deviceId = input.deviceId;
        if (deviceId === undefined) {
          deviceId = (await deviceRepo.insert(tx.db, { admin_user_id: admin.id, token_hash: hashDeviceToken(input.deviceToken), now: now.toISOString() })).id;
        } else {
          await deviceRepo.touch(tx.db, deviceId, now.toISOString());
        }
        await loginGuardRepo.recordAttempt(tx.db, { email: admin.email, client_ip: ipOf(actor), succeeded: true, now: now.toISOString(), device_id: deviceId });
        await adminAccountRepo.setLastLogin(tx.db, admin.id, now.toISOString());
        // Old attempts and forgotten browsers are no longer needed by any rule.
        await loginGuardRepo.pruneAttempts(tx.db, new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString());
        await deviceRepo.pruneUnusedSince(tx.db, new Date(now.getTime() - DEVICE_MAX_AGE_S * 1000).toISOString());
        return issueToken(tx.db, admin.id, { clientIp: ipOf(actor), userAgent: userAgentOf(actor) }, now);
      },
      effects: {
        activity: ({ input }) => ({ adminId: input.admin.id, entityType: "admin", entityId: input.admin.id, summary: `${input.admin.name} 登入後台${input.how}` }),
      },
    }),
  };
}

export type SignInOperations = ReturnType<typeof createSignInOperations>;
