// With a CDN in front of the bucket (S3_PUBLIC_URL), public pages link stored
// files there instead of through the product. Stored content keeps its
// /uploads/<key> addresses (what the reference walkers of
// modules/media/file-addresses.ts look for, what a move back to local storage
// needs); only the rendered page changes, once, before the page cache keeps it
// and before its inline scripts are hashed for the page's policy, and so does
// the data a client-side navigation loads (React Router's turbo-stream, which
// writes every string as a JSON string: a link reads there as in a script).
//
// Only addresses this product wrote are changed: the key's shape, at the start
// of a value (an attribute, a srcset entry, a JSON string, a CSS url()), either
// bare or under one of this site's own origins. Another site's
// /wp-content/uploads/2020/01/a.jpg, or its https://other.example/uploads/…,
// keeps pointing where it points.
import { STORAGE_KEY_SHAPE } from "#server/integrations/storage.ts";

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** `html` with this site's file links under `base` (e.g. https://cdn.example/site-a/) instead of /uploads/. */
export function pointFileLinksAt(html: string, base: string, ownOrigins: string[]): string {
  const origins = [...new Set(ownOrigins.map((origin) => origin.replace(/\/+$/, "")))].map(escapeForPattern).join("|");
  // Before: a quote (or &quot;'s semicolon), a parenthesis, a comma or white space. After: nothing that continues a key.
  const address = new RegExp(`(?<=^|["'(,;\\s])(?:${origins ? `(?:${origins})` : ""})?/uploads/(${STORAGE_KEY_SHAPE})(?![\\w./-])`, "g");
  return html.replace(address, (_match, key: string) => `${base}${key}`);
}
