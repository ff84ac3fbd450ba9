// OWASP "device cookies" (decision 023): after a full sign-in the browser gets
// a long-lived random token, bound to that administrator and stored only as a
// SHA-256 hash. Sign-in alone reads it (the cookie's path is /admin-login.php;
// HttpOnly, SameSite=Strict, Secure over https), and a browser presenting it
// for its own account counts only its own failures instead of sharing the
// account's hourly budget with every stranger.
import { createHash, randomBytes } from "node:crypto";

export const DEVICE_COOKIE = "admin_device";
export const DEVICE_COOKIE_PATH = "/admin-login.php";
/** A browser unused for half a year is a stranger again. */
export const DEVICE_MAX_AGE_S = 180 * 24 * 60 * 60;

export const newDeviceToken = (): string => randomBytes(32).toString("base64url");
export const hashDeviceToken = (token: string): string => createHash("sha256").update(token).digest("base64url");

/** The device cookie's value in a Cookie header, if it is there and well formed. */
export function readDeviceCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name !== DEVICE_COOKIE) continue;
    const value = rest.join("=");
    return /^[A-Za-z0-9_-]{40,60}$/.test(value) ? value : undefined;
  }
  return undefined;
}

export function deviceCookieHeader(token: string, secure: boolean): string {
  return [
    `${DEVICE_COOKIE}=${token}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    `Max-Age=${DEVICE_MAX_AGE_S}`,
    "HttpOnly",
    "SameSite=Strict",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
