// Back-office helpers for the e2e specs: administrators made through the
// product's own services, a signed-in page without going through the login
// form (which counts attempts per address), and the sign-in form itself.
import type { Locator, Page } from "playwright-core";
import { expect, vi } from "vitest";
import type { MediaFile } from "#contract/media.ts";
import { createAdmin, sessionToken } from "#tests/factories/admin.factory.ts";
import { generatedVideo } from "#tests/factories/video.factory.ts";
import { TEST_ADMIN } from "#tests/setup/test-app.ts";
import { SETTLE, visit } from "./browser.ts";
import type { E2E } from "./e2e.ts";

/** The administrator the seed creates from ADMIN_EMAIL / ADMIN_PASSWORD. */
export const SEEDED_ADMIN = { ...TEST_ADMIN, name: "系統管理員" };

export interface SignedIn {
  page: Page;
  token: string;
  admin: { id: number; name: string; email: string; password: string };
}

/**
 * A page holding a fresh administrator's session in its storage, as the
 * sign-in screen would leave it, opened at `path`.
 */
export async function signedInPage(e2e: E2E, path = "/admin/dashboard", options: { name?: string; viewport?: { width: number; height: number } } = {}): Promise<SignedIn> {
  const name = options.name ?? "測試管理員";
  const admin = { ...(await createAdmin(e2e.server.app, { name })), name };
  const token = await sessionToken(e2e.server.app, admin.id, { clientIp: "127.0.0.1", userAgent: "e2e" });
  const user = JSON.stringify({ id: admin.id, name, email: admin.email, login_at: new Date().toISOString() });
  const page = await e2e.newPage(options.viewport, { localStorage: { admin_token: token, admin_user: user } });
  await visit(page, path);
  return { page, token, admin };
}

/** Fills and sends the sign-in form (the page must be at /admin/login). */
export async function submitLogin(page: Page, email: string, password: string, mathAnswer?: string) {
  await page.getByLabel("電子郵件").fill(email);
  await page.getByLabel("密碼", { exact: true }).fill(password);
  if (mathAnswer !== undefined) await page.getByTestId("login-challenge").locator("input").fill(mathAnswer);
  await page.getByRole("button", { name: "登入", exact: true }).click();
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

export async function expectPath(page: Page, pathname: string) {
  await expect.poll(() => pathOf(page), { ...SETTLE, timeout: 10_000 }).toBe(pathname);
}

/** Calls the admin API the way the browser does; answers the status and the parsed body. */
export async function adminApi(e2e: E2E, token: string, method: string, pathname: string, body?: unknown) {
  const response = await fetch(`${e2e.server.baseUrl}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; message?: string; data?: unknown } };
}

/** Answers "a + b = ?", "a - b = ?" or "a × b = ?" as the person at the screen would. */
export function solveChallenge(question: string): string {
  const match = /(\d+)\s*([+\-×x*])\s*(\d+)/.exec(question);
  if (!match) throw new Error(`not a maths question: ${question}`);
  const [a, op, b] = [Number(match[1]), match[2], Number(match[3])];
  return String(op === "+" ? a + b : op === "-" ? a - b : a * b);
}

/**
 * A computed colour as [r, g, b] 0-255, whatever notation the browser reports
 * (Tailwind 4's palette computes to lab() or oklch()): painted on a canvas and read back.
 */
export async function computedRgb(locator: Locator, property: "color" | "backgroundColor"): Promise<[number, number, number]> {
  return locator.evaluate((element, property) => {
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const context = canvas.getContext("2d")!;
    context.fillStyle = getComputedStyle(element)[property];
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
    return [r, g, b] as [number, number, number];
  }, property);
}

/** Relative luminance, 0 (black) to 1 (white). */
export const luminance = ([r, g, b]: [number, number, number]) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;

/** A file put in the media library through POST /admin-api.php/media, as the media screen would. */
export async function uploadMedia(e2e: E2E, name: string, content: Buffer, type: string): Promise<MediaFile> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(content)], { type }), name);
  const response = await fetch(`${e2e.server.baseUrl}/admin-api.php/media`, { method: "POST", headers: { authorization: `Bearer ${e2e.server.token}` }, body: form });
  const body = (await response.json()) as { success: boolean; data: MediaFile; message?: string };
  if (!body.success) throw new Error(`upload of ${name} answered ${response.status}: ${body.message}`);
  return body.data;
}

/**
 * A real H.264 / AAC MP4 (made with the shipped FFmpeg) in the library, once the
 * server's video job has made its poster: a video banner shows it to visitors
 * only then (issue 25, decision 029).
 */
export async function uploadPlayableVideo(e2e: E2E, name = "clip.mp4"): Promise<MediaFile> {
  const uploaded = await uploadMedia(e2e, name, await generatedVideo("mp4"), "video/mp4");
  // vi.waitFor, not expect.poll: specs call this from beforeAll too.
  return vi.waitFor(
    async () => {
      const { body } = await adminApi(e2e, e2e.server.token, "GET", "/admin-api.php/media");
      const stored = (body.data as MediaFile[]).find((file) => file.id === uploaded.id)!;
      if (stored.video.status !== "ready") throw new Error(`the video is ${stored.video.status}`);
      return stored;
    },
    { timeout: 15_000, interval: 50 },
  );
}
