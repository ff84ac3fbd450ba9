// A strict Content-Security-Policy for server-rendered pages. The inline
// scripts we write (React Router's hydration data in the back office, the
// islands' loaders) are allowed by their SHA-256 hashes, computed once when a
// page is rendered, so no 'unsafe-inline' is needed for scripts and cached pages
// stay cacheable (a nonce in the policy could not). Which scripts are ours: each
// render marks them with a random value of its own (`nonce` attribute, given to
// React Router's <Scripts> and to <Island>), and only scripts carrying that
// render's mark are hashed; an inline script that reached a page any other way
// (staff HTML that slipped past the sanitiser, say) is not allowed to run.
import { createHash, randomBytes } from "node:crypto";

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/gi;

/** A fresh mark for one render's own scripts. */
export const newScriptMark = () => randomBytes(16).toString("base64url");

/** Hashes of the inline scripts that carry `mark` (`nonce="<mark>"`); every other inline script is left out. */
export function inlineScriptHashes(html: string, mark: string | undefined): string[] {
  if (!mark) return [];
  const marked = `nonce="${mark}"`;
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (!attributes.split(/\s+/).includes(marked)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * Whether this render put Google's tag loader on the page (web/site/shell/google-analytics.tsx):
 * one of its own marked scripts says data-google-tag. Only then may Google's origins serve the page.
 */
export function usesGoogleTag(html: string, mark: string | undefined): boolean {
  if (!mark) return false;
  for (const [, attributes] of html.matchAll(INLINE_SCRIPT)) {
    const names = attributes.split(/\s+/);
    if (names.includes(`nonce="${mark}"`) && names.some((name) => name === "data-google-tag" || name.startsWith("data-google-tag="))) return true;
  }
  return false;
}

/** What gtag.js needs: its script, and its beacons (Google's published list for GA4; pictures are already allowed from any https origin). */
const GOOGLE_TAG = {
  script: "https://www.googletagmanager.com",
  connect: "https://*.google-analytics.com https://*.analytics.google.com https://*.googletagmanager.com",
};

/** `filesOrigin`: the CDN that pages link stored files at (S3_PUBLIC_URL), allowed for pictures and media even over http. */
export function contentSecurityPolicy(scriptHashes: string[], options: { googleTag?: boolean; filesOrigin?: string } = {}): string {
  const google = options.googleTag === true;
  const files = options.filesOrigin ? ` ${options.filesOrigin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}${google ? ` ${GOOGLE_TAG.script}` : ""}`.replace(/\s+/g, " ").trim(),
    // React sets style attributes (theme variables, sizes); stylesheets are our own.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${files}`,
    `media-src 'self' blob: https:${files}`,
    "font-src 'self' data:",
    google ? `connect-src 'self' ${GOOGLE_TAG.connect}` : "connect-src 'self'",
    // 'self': the themes screen shows the home page in a frame (decision 030).
    "frame-src 'self' https://www.youtube-nocookie.com https://www.youtube.com https://www.google.com https://maps.google.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}
