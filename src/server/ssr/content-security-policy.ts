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

export function contentSecurityPolicy(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    // React sets style attributes (theme variables, sizes); stylesheets are our own.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src https://www.youtube-nocookie.com https://www.youtube.com https://www.google.com https://maps.google.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}
