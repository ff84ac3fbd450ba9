// Two-step sign-in for the e2e specs: the code an authenticator app would show,
// and an administrator enrolled through the API as the change-password screen does it.
import { Secret, TOTP } from "otpauth";
import { createAdmin, sessionToken } from "#tests/factories/admin.factory.ts";
import { adminApi } from "./admin.ts";
import type { E2E } from "./e2e.ts";

/** The app's code now, or `steps` 30-second steps later (the server accepts one step either side). */
export const totpCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, "")), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: Date.now() + steps * 30_000 });

/** A new administrator with two-step sign-in on; its code of the current step is already used. */
export async function enrolledAdmin(e2e: E2E, name = "兩步驟測試員") {
  const admin = await createAdmin(e2e.server.app, { name });
  const token = await sessionToken(e2e.server.app, admin.id, { clientIp: "127.0.0.1", userAgent: "e2e" });
  const setup = await adminApi(e2e, token, "POST", "/admin-api.php/two-factor/setup", {});
  const secret = (setup.body.data as { secret: string }).secret;
  const enabled = await adminApi(e2e, token, "POST", "/admin-api.php/two-factor/enable", { code: totpCode(secret) });
  if (!enabled.body.success) throw new Error(`enable: ${enabled.body.message}`);
  return { ...admin, name, secret, token, recoveryCodes: (enabled.body.data as { recovery_codes: string[] }).recovery_codes };
}
