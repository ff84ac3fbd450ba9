// Where a button (and a service card's link) takes a visitor: 聯絡我們 with a
// service filled in, a call to the company's phone, LINE's add-friend page,
// another page of the site (chosen from a list, never typed), or an address
// (https://, mailto:, tel:). The phone and LINE come from the settings when a
// visitor's page is rendered (SiteLinks), so a new number follows without
// editing the page; with the setting empty the link is left out, and the
// findings say so before publishing. Pure: the same HTML on the server, in the
// editor's previews and in the findings.
import { z } from "zod";
import { escapeHtml, words } from "./element-fields.ts";

export const LINK_TARGET_KINDS = ["contact", "phone", "line", "page", "address"] as const;
export type LinkTargetKind = (typeof LINK_TARGET_KINDS)[number];
export const LINK_TARGET_LABELS: Record<LinkTargetKind, string> = {
  contact: "聯絡我們",
  phone: "撥打電話",
  line: "加入 LINE",
  page: "網站的其他頁面",
  address: "網址",
};

/** The settings a visitor's page resolves its phone and LINE links from, as hrefs; "" when the setting is empty. */
export interface SiteLinks {
  /** `tel:` and the company's phone number's digits. */
  tel: string;
  /** The LINE official account's add-friend address (https://…). */
  line: string;
}

const UNSAFE = /[\s"'<>\\\u0000-\u001f\u007f]/;

/** A path of this site as the page list offers it: `/`, `/about`, `/services/3`, `/年終大掃除`; never `//host`, `..`, a query or markup. */
export function isSitePath(value: string): boolean {
  return /^\/(?:[^/?#]+(?:\/[^/?#]+)*)?$/.test(value) && !UNSAFE.test(value) && !value.split("/").includes("..");
}

/** An address outside the site a button may open: https://…, mailto:someone@…, tel:+886…. */
export function isOutsideAddress(value: string): boolean {
  if (UNSAFE.test(value)) return false;
  if (/^mailto:/i.test(value)) return /^mailto:[^@?]+@[^@?]+\.[^@?]+(\?.*)?$/i.test(value);
  if (/^tel:/i.test(value)) return /^tel:\+?[\d\-().]{3,30}$/i.test(value);
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

export const SERVICE_NAME_LIMIT = 60;

export const linkTargetSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("contact"), service: words("預填的服務", SERVICE_NAME_LIMIT).default("") }),
    z.object({ kind: z.literal("phone") }),
    z.object({ kind: z.literal("line") }),
    z.object({ kind: z.literal("page"), path: words("頁面", 300).refine((path) => path === "" || isSitePath(path), "請從清單中選擇網站的頁面").default("") }),
    z.object({ kind: z.literal("address"), url: words("網址", 1000).refine((url) => url === "" || isOutsideAddress(url), "網址必須以 https://、mailto: 或 tel: 開頭").default("") }),
  ],
  { error: "請選擇要前往的地方" },
);

export type LinkTarget = z.output<typeof linkTargetSchema>;

/**
 * Where a target leads: an href (`external` opens in a new tab, as the spec's
 * http(s) links do), "missing" (nothing chosen yet, or the setting it follows
 * is empty) or "unknown" (a render without the settings: the editor's
 * previews, the stored copy).
 */
export type Destination = { href: string; external: boolean } | "missing" | "unknown";

export function destinationOf(target: LinkTarget, links: SiteLinks | undefined): Destination {
  switch (target.kind) {
    case "contact":
      return { href: target.service ? `/contact?service=${encodeURIComponent(target.service)}` : "/contact", external: false };
    case "phone":
      if (!links) return "unknown";
      return /^tel:\+?\d{3,}$/.test(links.tel) ? { href: links.tel, external: false } : "missing";
    case "line":
      if (!links) return "unknown";
      return /^https?:\/\/[^\s"'<>]+$/i.test(links.line) ? { href: links.line, external: true } : "missing";
    case "page":
      return target.path ? { href: target.path, external: false } : "missing";
    case "address":
      return target.url ? { href: target.url, external: /^https:/i.test(target.url) } : "missing";
  }
}

/** The attributes the builder's HTML parser reads a target back from (built-html.ts). */
const targetData = (target: LinkTarget) => ` data-pb-target="${target.kind}"${target.kind === "contact" && target.service ? ` data-pb-service="${escapeHtml(target.service)}"` : ""}`;

/**
 * A link to the target with these words and classes. A visitor's page
 * (`links` given) gets a link only when it has words and leads somewhere; a
 * render without the settings draws every one, those it cannot resolve as a
 * placeholder without an address (the editor's previews show it; the stored
 * copy keeps it for the parser).
 */
export function targetLink(target: LinkTarget, text: string, classes: string, links: SiteLinks | undefined): string {
  const destination = destinationOf(target, links);
  if (links && (!text || typeof destination === "string")) return "";
  const words = escapeHtml(text);
  if (typeof destination === "string") return `<a class="${classes}"${targetData(target)}>${words}</a>`;
  // A new tab is said, not only seen (the site's social links say it the same way).
  const external = destination.external ? ` target="_blank" rel="noopener noreferrer"` : "";
  const told = destination.external ? `<span class="pb-sr-only">（另開新視窗）</span>` : "";
  return `<a class="${classes}" href="${escapeHtml(destination.href)}"${external}${targetData(target)}>${words}${told}</a>`;
}
