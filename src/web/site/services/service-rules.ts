// The public services' display rules (000 §5): badges, the price chip, the
// first features of a card, the contact link that carries a service into the
// form, and where a button's link goes.
import { DEFAULT_SERVICE_BADGES } from "#contract/pages.ts";
import { priceChip } from "#contract/services.ts";

export const CARD_FEATURES = 4;
const BADGE_LIMIT = 3;
const MESSAGE_FEATURES = 3;

/** Trimmed, blanks dropped, at most 3; none when they are the default set. */
export function visibleBadges(badges: unknown): string[] {
  const list = Array.isArray(badges) ? badges.filter((badge): badge is string => typeof badge === "string").map((badge) => badge.trim()).filter(Boolean) : [];
  const isDefault = list.length === DEFAULT_SERVICE_BADGES.length && list.every((badge, index) => badge === DEFAULT_SERVICE_BADGES[index]);
  return isDefault ? [] : list.slice(0, BADGE_LIMIT);
}

/** The chip of a card: NT$ 1,200 / 坪 only for a price above 0; the services page's unit default 專案. */
export function cardPrice(price: unknown, unit: unknown): string | null {
  const number = typeof price === "number" ? price : typeof price === "string" && price.trim() !== "" ? Number(price) : null;
  return priceChip(number !== null && Number.isFinite(number) ? number : null, typeof unit === "string" ? unit : "", "專案");
}

/** The first features of a card and how many more there are (還有 N 項服務亮點...). */
export function cardFeatures(features: unknown, shown = CARD_FEATURES): { shown: string[]; more: number } {
  const list = Array.isArray(features) ? features.filter((feature): feature is string => typeof feature === "string" && feature.trim() !== "") : [];
  return { shown: list.slice(0, shown), more: Math.max(0, list.length - shown) };
}

/** What a query part must escape: its separators, %, white space, quotes and angle brackets (the URL standard's query set). */
const QUERY_SPECIAL = /[\s"#%&'+<=>\x00-\x1f\x7f]/g;

/**
 * A query's key or value with only what has a meaning in a query escaped: Chinese stays as
 * written. The browser escapes it when it follows the link, so the server reads the same
 * address; the page compresses it as the words it is (the home page's contact links were
 * 1.7 KB of brotli as %E6%B0%B4…, decision 049).
 */
export function readableQueryPart(text: string): string {
  return text.replace(QUERY_SPECIAL, (char) => (char === "'" ? "%27" : encodeURIComponent(char)));
}

/** /contact with the service: its name, and a message naming its first three features. */
export function contactHrefFor(service: { title: string; features?: unknown }, source: string, base = "/contact"): string {
  const features = cardFeatures(service.features, MESSAGE_FEATURES).shown;
  const message = features.length > 0 ? `您好，我想了解「${service.title}」（${features.join("、")}）的服務內容與報價，麻煩與我聯絡，謝謝。` : "";
  const [path, existing = ""] = base.split("?");
  const query = new URLSearchParams(existing);
  query.set("service", service.title);
  if (message) query.set("message", message);
  query.set("source", source);
  return `${path}?${[...query].map(([key, value]) => `${readableQueryPart(key)}=${readableQueryPart(value)}`).join("&")}`;
}

export type LinkKind = "external" | "plain" | "internal";

/** http(s) opens in a new tab; tel: and mailto: are plain anchors; anything else is a page of the site (000 §5). */
export function linkKind(link: string): LinkKind {
  if (/^https?:\/\//i.test(link)) return "external";
  if (/^(tel|mailto):/i.test(link)) return "plain";
  return "internal";
}

/** A button's link: one starting with /contact gets the service's parameters. */
export function buttonHref(link: string, service: { title: string; features?: unknown }, source: string): string {
  const target = link.trim() || "/contact";
  return target.startsWith("/contact") ? contactHrefFor(service, source, target) : target;
}
