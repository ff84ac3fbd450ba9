// The signed-in administrator's own account, written: a new password (checked
// and hashed before, by account.service.ts: scrypt takes a while and a
// transaction should not wait on it), and two-step sign-in switched on and off.
import { z } from "zod";
import { access, defineOperation, ownInput, type Actor } from "#server/lib/operations.ts";
import { badRequest, conflict, unauthorized } from "#server/lib/errors.ts";
import { adminAccountRepo, deviceRepo, twoFactorRepo } from "./auth.repo.ts";
import { verifyPassword } from "./password.ts";
import { useCode } from "./sign-in.operations.ts";
import { hashRecoveryCode, newRecoveryCodes, totpStep } from "./two-factor.ts";

export const TWO_FACTOR_MESSAGES = {
  codeNeeded: "請輸入驗證器 App 顯示的 6 位數驗證碼",
  codeWrong: "驗證碼錯誤，請確認手機時間正確後輸入最新的驗證碼",
  alreadyOn: "兩步驟驗證已經啟用",
  notStarted: "請先產生 QR Code 再輸入驗證碼",
  notOn: "兩步驟驗證尚未啟用",
  disableNeeds: "請輸入目前密碼或驗證碼",
  disableWrong: "密碼或驗證碼錯誤",
} as const;

const confirmSchema = z.object({
  code: z
    .string({ error: TWO_FACTOR_MESSAGES.codeNeeded })
    .transform((value) => value.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeNeeded)),
});
const disableSchema = z.object({
  password: z.string().max(200).default(""),
  code: z.string().max(40).default(""),
});

/** The signed-in administrator (the operations below are an administrator's own). */
const adminOf = (actor: Actor) => {
  if (actor.kind !== "admin") throw unauthorized();
  return actor.admin;
};

export function createAccountOperations(deps: { clock?: () => Date } = {}) {
  const clock = deps.clock ?? (() => new Date());

  return {
    /** The new password (already hashed); every token of this administrator, the one in use included, is revoked, and the trusted browsers forgotten (one of them may be how the old password leaked). */
    setPassword: defineOperation({
      name: "auth.password",
      input: ownInput<{ passwordHash: string }>(),
      access: access.administrators,
      async run({ tx, input, actor }) {
        const admin = adminOf(actor);
        await adminAccountRepo.setPassword(tx.db, admin.id, input.passwordHash, clock().toISOString());
        await adminAccountRepo.deleteTokensOf(tx.db, admin.id);
        await deviceRepo.deleteOf(tx.db, admin.id);
        return admin;
      },
      effects: { activity: ({ result }) => ({ entityType: "admin", entityId: result.id, summary: `${result.name} 變更了密碼` }) },
    }),

    /** A new secret to enrol (replacing an unfinished one). */
    startEnrolment: defineOperation({
      name: "auth.2fa_setup",
      input: ownInput<{ secret: string }>(),
      access: access.administrators,
      async run({ tx, input, actor }) {
        const admin = adminOf(actor);
        if ((await twoFactorRepo.find(tx.db, admin.id))?.enabled_at) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
        await twoFactorRepo.startEnrolment(tx.db, admin.id, input.secret, clock().toISOString());
      },
    }),

    /** A code from the app confirms the enrolment: on, and ten recovery codes shown this once. */
    enable: defineOperation({
      name: "auth.2fa_on",
      input: confirmSchema,
      access: access.administrators,
      async run({ tx, input, actor }) {
        const admin = adminOf(actor);
        const row = await twoFactorRepo.find(tx.db, admin.id);
        if (row?.enabled_at) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
        if (!row) throw badRequest(TWO_FACTOR_MESSAGES.notStarted, { code: TWO_FACTOR_MESSAGES.notStarted });
        const now = clock();
        const step = await totpStep(row.secret, input.code, now);
        if (step === null) throw badRequest(TWO_FACTOR_MESSAGES.codeWrong, { code: TWO_FACTOR_MESSAGES.codeWrong });
        const codes = newRecoveryCodes();
        const enabled = await twoFactorRepo.enable(tx.db, admin.id, step, now.toISOString());
        if (Number(enabled.numUpdatedRows) !== 1) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
        await twoFactorRepo.replaceRecoveryCodes(tx.db, admin.id, codes.map(hashRecoveryCode), now.toISOString());
        return { admin, recovery_codes: codes };
      },
      effects: { activity: ({ result }) => ({ entityType: "admin", entityId: result.admin.id, summary: `${result.admin.name} 啟用了兩步驟驗證` }) },
    }),

    /** Off, with the current password or a code (from the app or a recovery code). */
    disable: defineOperation({
      name: "auth.2fa_off",
      input: disableSchema,
      access: access.administrators,
      async run({ tx, input, actor }) {
        const admin = adminOf(actor);
        const { password, code } = input;
        if (!password && !code.trim()) throw badRequest(TWO_FACTOR_MESSAGES.disableNeeds, { password: TWO_FACTOR_MESSAGES.disableNeeds });
        const [row, account] = await Promise.all([twoFactorRepo.find(tx.db, admin.id), adminAccountRepo.findById(tx.db, admin.id)]);
        if (!account) throw unauthorized();
        if (!row?.enabled_at) throw conflict(TWO_FACTOR_MESSAGES.notOn);
        const proven = password ? await verifyPassword(password, account.password_hash) : (await useCode(tx.db, admin.id, row.secret, code, clock())) !== null;
        if (!proven) throw badRequest(TWO_FACTOR_MESSAGES.disableWrong, { [password ? "password" : "code"]: TWO_FACTOR_MESSAGES.disableWrong });
        await twoFactorRepo.remove(tx.db, admin.id);
        return admin;
      },
      effects: { activity: ({ result }) => ({ entityType: "admin", entityId: result.id, summary: `${result.name} 停用了兩步驟驗證` }) },
    }),
  };
}

export type AccountOperations = ReturnType<typeof createAccountOperations>;
