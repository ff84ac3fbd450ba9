// The pages screen's rules, free of React (002 §2.7, §3, §4, §5, §9): the page
// list's bootstrap and legacy clean-up, reading the two JSON pages' content
// over their defaults (their services a choice of 服務管理's: decision 031),
// badges (at most 3), feature lists (one per line), links, the SEO counts,
// and the body the editor saves (a built page's tree with its generated HTML;
// the server checks and regenerates it). The defaults are the server's
// (GET /admin-api.php/pages/defaults), handed in by the screen.
import { builderTreeOf } from "#contract/page-builder/content.ts";
import type { BuilderTree } from "#contract/page-builder/tree.ts";
import {
  BUILT_IN_PAGE_KEYS,
  isFreePageKey,
  JSON_PAGE_KEYS,
  LEGACY_SERVICES_PAGE_KEY,
  pageAddressOf,
  type HomeServicesRecord,
  type Page,
  type PageDefaults,
  type ServicesPageRecord,
  type ServiceStat,
} from "#contract/pages.ts";
import { choicesOf } from "#contract/service-cards.ts";
import { builderContentOf, opensInBuilder } from "./page-mode.ts";

export const PAGES_PATH = "/admin-api.php/pages";
export const PAGES_QUERY_KEY = ["admin", "pages"] as const;
/** Apart from the list's key: saving a page refetches the list, never the defaults. */
export const PAGE_DEFAULTS_QUERY_KEY = ["admin", "page-defaults"] as const;

export const MAX_BADGES = 3;
/** Preview widths of 002 §9: desktop is the whole area. */
export const DEVICE_WIDTHS = { desktop: null, tablet: 768, mobile: 375 } as const;
export type PreviewDevice = keyof typeof DEVICE_WIDTHS;

export const SERVICES_PAGE_MISSING = "尚未建立「服務項目頁面」，請先新增後再編輯。";

/** The names people know the built-in pages by; a free page goes by its title. */
const PAGE_NAMES: Record<string, string> = {
  home_services: "首頁核心服務",
  services_page: "服務項目頁面",
  about_company: "關於我們",
};
export const pageName = (page: Pick<Page, "page_key" | "title">) => PAGE_NAMES[page.page_key] ?? (page.title || page.page_key);

export const isJsonPage = (key: string) => (JSON_PAGE_KEYS as readonly string[]).includes(key);

/** Whether visitors see the page now: the saved record's state, never the editor's 立即發布 (decision 042). */
export const isLive = (page: Pick<Page, "id" | "is_active">) => page.id > 0 && page.is_active === 1;

/** 下架's question: what visitors will see instead, and that nothing is lost. */
export function unpublishQuestion(pageKey: string): string {
  const instead = isFreePageKey(pageKey)
    ? `訪客開啟 ${pageAddressOf(pageKey)} 會看到「找不到頁面」`
    : `${pageKey === "home_services" ? "首頁的核心服務區塊" : `${pageAddressOf(pageKey)} `}會改為顯示網站的預設內容`;
  return `確定要下架這個頁面嗎？下架後${instead}。頁面的內容會保留，之後勾選「立即發布」再按「發布」就會重新上線。`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const str = (value: unknown, fallback = ""): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : fallback);
const strings = (value: unknown, fallback: string[] = []): string[] => (Array.isArray(value) ? value.filter((item) => typeof item === "string") : fallback);

export const canAddBadge = (badges: readonly string[]) => badges.length < MAX_BADGES;
/** One empty badge more, never beyond 3. */
export const addBadge = (badges: readonly string[]) => (canAddBadge(badges) ? [...badges, ""] : badges.slice(0, MAX_BADGES));
/** Badges as saved: trimmed, blanks dropped, at most 3. */
export const cleanBadges = (badges: readonly string[]) => badges.map((badge) => badge.trim()).filter(Boolean).slice(0, MAX_BADGES);

/** A feature list typed one per line: trimmed, empty lines dropped (002 §5). */
export const parseLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
export const linesText = (lines: readonly string[]) => lines.join("\n");

/** A button link: a site path like /contact or a full http(s) URL. */
export function isButtonLink(value: string): boolean {
  const link = value.trim();
  if (link.startsWith("/")) return !link.startsWith("//") && !/\s/.test(link);
  try {
    const url = new URL(link);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
  } catch {
    return false;
  }
}
/** A chosen service's button link field: named by the service, whatever its place. */
export const serviceLinkField = (serviceId: number) => `service-${serviceId}-link`;
export const LINK_ERROR = "請輸入以 / 開頭的網站路徑（例如 /contact）或完整的 https:// 網址";

/** Home-services content: the stored fields over the defaults; unreadable content gives the defaults (002 §5). */
export function parseHomeContent(text: string, pageDefaults: HomeServicesRecord): HomeServicesRecord {
  // A copy: what is returned becomes the editor's draft, never a part of the shared defaults.
  const defaults = structuredClone(pageDefaults);
  const stored = parseObject(text);
  if (!stored) return defaults;
  const contact = isRecord(stored.contact) ? stored.contact : {};
  const cta = isRecord(stored.cta) ? stored.cta : {};
  return {
    title: str(stored.title, defaults.title),
    subtitle: str(stored.subtitle, defaults.subtitle),
    description: str(stored.description, defaults.description),
    badges: strings(stored.badges, defaults.badges).slice(0, MAX_BADGES),
    contact: {
      badge: str(contact.badge, defaults.contact.badge),
      title: str(contact.title, defaults.contact.title),
      subtitle: str(contact.subtitle, defaults.contact.subtitle),
    },
    cta: {
      title: str(cta.title, defaults.cta.title),
      subtitle: str(cta.subtitle, defaults.cta.subtitle),
      buttonText: str(cta.buttonText, defaults.cta.buttonText),
      buttonLink: str(cta.buttonLink, defaults.cta.buttonLink),
    },
    services: Array.isArray(stored.services) ? choicesOf(stored.services) : defaults.services,
  };
}

/** Services-page content over its defaults; unreadable content gives the defaults. */
export function parseServicesPageContent(text: string, pageDefaults: ServicesPageRecord): ServicesPageRecord {
  const defaults = structuredClone(pageDefaults);
  const stored = parseObject(text);
  if (!stored) return defaults;
  const hero = isRecord(stored.hero) ? stored.hero : {};
  const section = isRecord(stored.section) ? stored.section : {};
  const contact = isRecord(stored.contact) ? stored.contact : {};
  const stats = Array.isArray(hero.stats)
    ? hero.stats.filter(isRecord).map((stat, index) => ({ id: str(stat.id) || `stat_${index + 1}`, icon: str(stat.icon) || "MapPin", label: str(stat.label), value: str(stat.value) }))
    : defaults.hero.stats;
  return {
    hero: { title: str(hero.title, defaults.hero.title), subtitle: str(hero.subtitle, defaults.hero.subtitle), description: str(hero.description, defaults.hero.description), stats },
    section: {
      title: str(section.title, defaults.section.title),
      subtitle: str(section.subtitle, defaults.section.subtitle),
      description: str(section.description, defaults.section.description),
      badges: strings(section.badges, defaults.section.badges).slice(0, MAX_BADGES),
      tagline: str(section.tagline, defaults.section.tagline),
    },
    services: Array.isArray(stored.services) ? choicesOf(stored.services) : defaults.services,
    contact: {
      title: str(contact.title, defaults.contact.title),
      subtitle: str(contact.subtitle, defaults.contact.subtitle),
      phoneTitle: str(contact.phoneTitle, defaults.contact.phoneTitle),
      phoneNumbers: strings(contact.phoneNumbers, defaults.contact.phoneNumbers),
      addressTitle: str(contact.addressTitle, defaults.contact.addressTitle),
      address: str(contact.address, defaults.contact.address),
      hoursTitle: str(contact.hoursTitle, defaults.contact.hoursTitle),
      hours: strings(contact.hours, defaults.contact.hours),
      buttonText: str(contact.buttonText, defaults.contact.buttonText),
      buttonLink: str(contact.buttonLink, defaults.contact.buttonLink),
    },
  };
}

export const newStat = (now = Date.now()): ServiceStat => ({ id: `stat_${now.toString(36)}`, icon: "MapPin", label: "", value: "" });

const BUILT_IN_ORDER = [...BUILT_IN_PAGE_KEYS] as string[];

function defaultPage(key: "home_services" | "services_page", content: string): Page {
  const now = new Date().toISOString();
  return { id: 0, page_key: key, title: PAGE_NAMES[key]!, content, meta_title: "", meta_description: "", meta_keywords: "", is_active: 1, created_at: now, updated_at: now, revision: 0, draft: null, draft_saved_at: null };
}

/**
 * The list as the screen shows it (002 §4): the legacy `services` record left
 * out (returned apart, to be deleted by id), an absent home_services or
 * services_page added in memory, active (the services page derived from the
 * home services' list), the built-in pages first.
 */
export function bootstrapPages(pages: readonly Page[], defaults: PageDefaults): { pages: Page[]; legacy: Page[] } {
  const legacy = pages.filter((page) => page.page_key === LEGACY_SERVICES_PAGE_KEY);
  const shown = pages.filter((page) => page.page_key !== LEGACY_SERVICES_PAGE_KEY);
  const home = shown.find((page) => page.page_key === "home_services");
  if (!home) shown.push(defaultPage("home_services", JSON.stringify(defaults.home_services)));
  if (!shown.some((page) => page.page_key === "services_page")) {
    const services = home ? parseHomeContent(home.content, defaults.home_services).services : defaults.services_page.services;
    shown.push(defaultPage("services_page", JSON.stringify({ ...defaults.services_page, services })));
  }
  const rank = (key: string) => (BUILT_IN_ORDER.includes(key) ? BUILT_IN_ORDER.indexOf(key) : BUILT_IN_ORDER.length);
  shown.sort((a, b) => rank(a.page_key) - rank(b.page_key) || a.page_key.localeCompare(b.page_key));
  return { pages: shown, legacy: legacy.filter((page) => page.id > 0) };
}

/** What the editor holds while a page is edited. */
export interface PageDraft {
  page_key: string;
  title: string;
  is_active: boolean;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  /** Rich-text pages' content (empty while the page is built with the builder). */
  html: string;
  /** A page built with the builder (視覺編輯): its tree; null in rich text and for the JSON pages. */
  builder: BuilderTree | null;
  home: HomeServicesRecord | null;
  servicesPage: ServicesPageRecord | null;
}

/**
 * What the editor opens: the autosaved draft when there is one (the work is
 * never lost to a closed tab), else the published fields. A builder save or
 * an older page's builder markup opens as a tree, other HTML as rich text.
 */
export function draftOf(page: Page, defaults: PageDefaults): PageDraft {
  const fields = page.draft ?? page;
  const { content } = fields;
  const builder = !isJsonPage(page.page_key) && opensInBuilder(content);
  return {
    page_key: page.page_key,
    title: fields.title,
    is_active: fields.is_active === 1,
    meta_title: fields.meta_title ?? "",
    meta_description: fields.meta_description ?? "",
    meta_keywords: fields.meta_keywords ?? "",
    html: isJsonPage(page.page_key) || builder ? "" : content,
    builder: builder ? builderTreeOf(content) : null,
    home: page.page_key === "home_services" ? parseHomeContent(content, defaults.home_services) : null,
    servicesPage: page.page_key === "services_page" ? parseServicesPageContent(content, defaults.services_page) : null,
  };
}

/** The content saved: JSON for the two JSON pages (badges cleaned, their choice of services), a built page's tree and HTML, else rich-text HTML. */
export function draftContent(draft: PageDraft): string {
  if (draft.builder) return builderContentOf(draft.builder);
  if (draft.home) {
    return JSON.stringify({ ...draft.home, badges: cleanBadges(draft.home.badges) });
  }
  if (draft.servicesPage) {
    const content = draft.servicesPage;
    return JSON.stringify({
      ...content,
      section: { ...content.section, badges: cleanBadges(content.section.badges) },
      contact: { ...content.contact, phoneNumbers: content.contact.phoneNumbers.map((line) => line.trim()).filter(Boolean), hours: content.contact.hours.map((line) => line.trim()).filter(Boolean) },
    });
  }
  return draft.html;
}

/** The body of POST /admin-api.php/pages and PUT /admin-api.php/pages/{page_key} (002 §7). */
export function pagePayload(draft: PageDraft) {
  return {
    page_key: draft.page_key,
    title: draft.title.trim(),
    content: draftContent(draft),
    meta_title: draft.meta_title.trim(),
    meta_description: draft.meta_description.trim(),
    meta_keywords: draft.meta_keywords.trim(),
    is_active: draft.is_active ? 1 : 0,
  };
}

/**
 * A PUT's body: the revision the editor started from (a save over someone
 * else's is refused with 409), and whether it is an autosave (kept as the
 * page's draft only).
 */
export function updatePayload(draft: PageDraft, baseRevision: number, autosave: boolean) {
  return { ...pagePayload(draft), base_revision: baseRevision, autosave };
}

/** Field errors the screen finds itself before saving (the server checks the rest). Keys are the fields' ids. */
export function draftErrors(draft: PageDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.title.trim()) errors.title = "請輸入頁面標題";
  const link = (key: string, value: string, required: boolean) => {
    if (!value.trim()) {
      if (required) errors[key] = "請輸入按鈕連結";
    } else if (!isButtonLink(value)) errors[key] = LINK_ERROR;
  };
  if (draft.home) link("cta-buttonLink", draft.home.cta.buttonLink, true);
  if (draft.servicesPage) link("contact-buttonLink", draft.servicesPage.contact.buttonLink, false);
  for (const choice of draft.home?.services ?? draft.servicesPage?.services ?? []) link(serviceLinkField(choice.service_id), choice.button?.link ?? "", false);
  return errors;
}
