// Optional two-step sign-in per administrator (issue 22, decision 023), read:
// whether it is on, how many recovery codes are left, and the enrolment's QR
// code (a secret shown as a QR code and as text until a code from the app
// confirms it, then never again). Switching it on and off are operations
// (account.operations.ts); the sign-in's code check is sign-in.operations.ts.
import type { TwoFactorSetup, TwoFactorStatus } from "#contract/auth.ts";
import type { ReadDb } from "#server/db/database.ts";
import { conflict } from "#server/lib/errors.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import type { AdminActor } from "#server/lib/operations.ts";
import { TWO_FACTOR_MESSAGES, type AccountOperations } from "./account.operations.ts";
import { twoFactorRepo } from "./auth.repo.ts";
import type { AdminIdentity } from "./tokens.service.ts";
import { newTotpSecret, otpauthUrl } from "./two-factor.ts";

export function createTwoFactorService(deps: { db: ReadDb; run: RunOperation; operations: Pick<AccountOperations, "startEnrolment"> }) {
  const { db, run, operations } = deps;

  return {
    async status(admin: AdminIdentity): Promise<TwoFactorStatus> {
      const row = await twoFactorRepo.find(db, admin.id);
      const enabled = Boolean(row?.enabled_at);
      return { enabled, recovery_codes_left: enabled ? await twoFactorRepo.recoveryCodesLeft(db, admin.id) : 0 };
    },

    /** A new secret to enrol (replacing an unfinished one); refused once enrolment is complete. */
    async setup(actor: AdminActor): Promise<TwoFactorSetup> {
      if ((await twoFactorRepo.find(db, actor.admin.id))?.enabled_at) throw conflict(TWO_FACTOR_MESSAGES.alreadyOn);
      const secret = await newTotpSecret();
      await run(operations.startEnrolment, { actor, input: { secret } });
      const url = await otpauthUrl(secret, actor.admin.email);
      // Loaded on first use: most servers never enrol anyone.
      const { default: QRCode } = await import("qrcode");
      const qrSvg = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
      return { secret, otpauth_url: url, qr_svg: qrSvg };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
