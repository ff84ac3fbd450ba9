// Optional two-step sign-in per administrator (issue 22, decision 023):
// enrolment on the change-password screen (a secret shown as a QR code and as
// text until a code from the app confirms it, then never again), ten
// single-use recovery codes shown once and stored hashed, switching off with
// the password or a code, and the code check the sign-in's second step uses
// (a code is accepted once: its 30-second step is remembered).
import { z } from "zod";
import type { TwoFactorEnabled, TwoFactorSetup, TwoFactorStatus } from "#contract/auth.ts";
import type { Db } from "#server/db/database.ts";
import { badRequest, conflict, unauthorized } from "#server/lib/errors.ts";
import type { WriteRunner } from "#server/lib/transactions.ts";
import { parseInput } from "#server/lib/validation.ts";
import type { ActivityService } from "#server/modules/activity/activity.service.ts";
import { adminAccountRepo, twoFactorRepo } from "./auth.repo.ts";
import { verifyPassword } from "./password.ts";
import type { AdminIdentity } from "./tokens.service.ts";
import { hashRecoveryCode, isTotpShaped, newRecoveryCodes, newTotpSecret, otpauthUrl, totpStep } from "./two-factor.ts";

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

export function createTwoFactorService(deps: { db: Db; write: WriteRunner; activity: ActivityService; clock?: () => Date }) {
  const { db, write } = deps;
  const clock = deps.clock ?? (() => new Date());

  /** A 6-digit code not used before, or an unused recovery code; marks it used. */
  async function useCode(handle: Db, adminId: number, secret: string, code: string, now: Date): Promise<"totp" | "recovery" | null> {
    const normalized = code.replace(/[\s-]/g, "").toLowerCase();
    if (isTotpShaped(normalized)) {
      const step = await totpStep(secret, normalized, now);
      return step !== null && (await twoFactorRepo.useStep(handle, adminId, step)) ? "totp" : null;
    }
    if (normalized.length < 8 || normalized.length > 20) return null;
    return (await twoFactorRepo.useRecoveryCode(handle, adminId, hashRecoveryCode(normalized), now.toISOString())) ? "recovery" : null;
  }

  return {
    async isEnabled(adminId: number): Promise<boolean> {
      const row = await twoFactorRepo.find(db, adminId);
      return Boolean(row?.enabled_at);
    },

    /** The sign-in's second step: which kind of code was accepted, or null. */
    async checkSignInCode(adminId: number, code: string, now: Date): Promise<"totp" | "recovery" | null> {
      const row = await twoFactorRepo.find(db, adminId);
      if (!row?.enabled_at) return null;
      return useCode(db, adminId, row.secret, code, now);
    },

    async status(admin: AdminIdentity): Promise<TwoFactorStatus> {
      const row = await twoFactorRepo.find(db, admin.id);
      const enabled = Boolean(row?.enabled_at);
      return { enabled, recovery_codes_left: enabled ? await twoFactorRepo.recoveryCodesLeft(db, admin.id) : 0 };
    },

    /** A new secret to enrol (replacing an unfinished one); refused once enrolment is complete. */
    async setup(admin: AdminIdentity): Promise<TwoFactorSetup> {
      if (await this.isEnabled(admin.id)) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
      const secret = await newTotpSecret();
      await write(async (tx) => twoFactorRepo.startEnrolment(tx.db, admin.id, secret, clock().toISOString()));
      const url = await otpauthUrl(secret, admin.email);
      // Loaded on first use: most servers never enrol anyone.
      const { default: QRCode } = await import("qrcode");
      const qrSvg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
      return { secret, otpauth_url: url, qr_svg: qrSvg };
    },

    /** A code from the app confirms the enrolment: on, and ten recovery codes shown this once. */
    async enable(admin: AdminIdentity, input: unknown): Promise<TwoFactorEnabled> {
      const { code } = parseInput(confirmSchema, input);
      const row = await twoFactorRepo.find(db, admin.id);
      if (row?.enabled_at) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
      if (!row) throw badRequest(TWO_FACTOR_MESSAGES.notStarted, { code: TWO_FACTOR_MESSAGES.notStarted });
      const now = clock();
      const step = await totpStep(row.secret, code, now);
      if (step === null) throw badRequest(TWO_FACTOR_MESSAGES.codeWrong, { code: TWO_FACTOR_MESSAGES.codeWrong });
      const codes = newRecoveryCodes();
      await write(async (tx) => {
        const enabled = await twoFactorRepo.enable(tx.db, admin.id, step, now.toISOString());
        if (Number(enabled.numUpdatedRows) !== 1) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
        await twoFactorRepo.replaceRecoveryCodes(tx.db, admin.id, codes.map(hashRecoveryCode), now.toISOString());
        await deps.activity.record(tx.db, { adminId: admin.id, action: "auth.2fa_on", entityType: "admin", entityId: admin.id, summary: `${admin.name} 啟用了兩步驟驗證` });
      });
      return { recovery_codes: codes };
    },

    /** Off, with the current password or a code (from the app or a recovery code). */
    async disable(admin: AdminIdentity, input: unknown): Promise<void> {
      const { password, code } = parseInput(disableSchema, input);
      if (!password && !code.trim()) throw badRequest(TWO_FACTOR_MESSAGES.disableNeeds, { password: TWO_FACTOR_MESSAGES.disableNeeds });
      const [row, account] = await Promise.all([twoFactorRepo.find(db, admin.id), adminAccountRepo.findById(db, admin.id)]);
      if (!account) throw unauthorized();
      if (!row?.enabled_at) throw conflict(TWO_FACTOR_MESSAGES.notOn);
      const now = clock();
      await write(async (tx) => {
        const proven = password ? await verifyPassword(password, account.password_hash) : (await useCode(tx.db, admin.id, row.secret, code, now)) !== null;
        if (!proven) throw badRequest(TWO_FACTOR_MESSAGES.disableWrong, { [password ? "password" : "code"]: TWO_FACTOR_MESSAGES.disableWrong });
        await twoFactorRepo.remove(tx.db, admin.id);
        await deps.activity.record(tx.db, { adminId: admin.id, action: "auth.2fa_off", entityType: "admin", entityId: admin.id, summary: `${admin.name} 停用了兩步驟驗證` });
      });
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
