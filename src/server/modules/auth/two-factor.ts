// TOTP (RFC 6238, 6 digits, 30 s, SHA-1: what every authenticator app reads)
// with `otpauth`, and the single-use recovery codes. Pure helpers: the service
// decides what is stored and when a code counts.
import { createHash, randomInt } from "node:crypto";

// Loaded on first use (then kept), outside the server bundle like qrcode: it adds about 5 MB to a
// process's memory, and most sites never enrol anyone (the idle memory budget, decision 015).
let otpauth: Promise<typeof import("otpauth")> | undefined;
const loadOtpauth = () => (otpauth ??= import("otpauth"));

const PERIOD_S = 30;
/** One step either side: a phone clock a little off, or a code typed as it turned over. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code is read off paper.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_LENGTH = 10;

async function totpFor(secret: string, label = "") {
  const { Secret, TOTP } = await loadOtpauth();
  return new TOTP({ issuer: "後台管理系統", label, algorithm: "SHA1", digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** 160 random bits, base32 (what the apps accept for manual entry). */
export const newTotpSecret = async (): Promise<string> => new (await loadOtpauth()).Secret({ size: 20 }).base32;

export const otpauthUrl = async (secret: string, accountEmail: string): Promise<string> => (await totpFor(secret, accountEmail)).toString();

/** The 30-second step a valid code belongs to, or null when the code is wrong at `at`. */
export async function totpStep(secret: string, code: string, at: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = await totpFor(secret);
  const delta = totp.validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: at.getTime() }) + delta;
}

export const isTotpShaped = (code: string) => /^\d{6}$/.test(code);

/** Ten codes like `k7m2p-x9qrt`; the hyphen is for reading, ignored when checked. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Recovery codes carry 49 random bits each and are single use: a fast hash is enough. */
export const hashRecoveryCode = (code: string): string =>
  createHash("sha256").update(code.replace(/[\s-]/g, "").toLowerCase()).digest("base64url");
