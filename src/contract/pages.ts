// Page records and the shapes of the three built-in pages' content
// (home_services, services_page, about_company). Their default content is seed
// content and lives with the seed module (server/modules/seed/built-in-pages.ts);
// the pages screen reads it through GET /admin-api.php/pages/defaults.
import type { BuilderTree } from "./page-builder/tree.ts";
import type { VersionOrigin } from "./version-origin.ts";
import type { ServiceChoice } from "./service-cards.ts";

/** A page's fields as they are published; an autosave keeps the editor's work in this shape too (its draft). */
export interface PageDraftSave {
  title: string;
  content: string;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  is_active: number;
}

export interface Page extends PageDraftSave {
  id: number;
  page_key: string;
  created_at: string;
  updated_at: string;
  /** Counts every save: an editor sends the revision it started from, and a save over someone else's is refused (409). */
  revision: number;
  /** The editor's autosaved draft, or a restored version waiting to be published (not on the public site until then), or null. */
  draft: (PageDraftSave & { restored_from?: string | null }) | null;
  draft_saved_at: string | null;
}

/** A card of the page JSON the spec's GET returns, produced from a service of 服務管理 (service-cards.ts). */
export interface ServiceEntry {
  /** The service's id: its page is /services/{id}. */
  id: number;
  key: string;
  order: number;
  title: string;
  description: string;
  icon: string;
  iconBg: string;
  iconColor: string;
  features: string[];
  image: string;
  badge: string;
  button: { text: string; link: string };
  price: number | null;
  price_unit: string;
  category_name: string;
}

/** The icons a service card can show (000 §3), one per catalogue service: the editor's choices. */
export const SERVICE_ICONS = [
  "Droplets", "Sparkles", "Gem", "Car", "Users", "PartyPopper", "Hammer", "Trees", "Sofa", "Waves", "Building2", "ShieldAlert",
] as const;
export type ServiceIcon = (typeof SERVICE_ICONS)[number];

/** Each service icon in words: the pages screen's cards and the page builder's service card offer them by these names. */
export const SERVICE_ICON_LABELS: Record<ServiceIcon, string> = {
  Droplets: "水滴",
  Sparkles: "閃亮",
  Gem: "寶石",
  Car: "汽車",
  Users: "人員",
  PartyPopper: "派對",
  Hammer: "鐵鎚",
  Trees: "樹木",
  Sofa: "沙發",
  Waves: "水波",
  Building2: "建築",
  ShieldAlert: "警示盾牌",
};

// The 12 icon colour presets, each a background class paired with an icon
// colour class (000 §3), one per catalogue position.
export const ICON_COLOUR_PRESETS = [
  { iconBg: "bg-sky-100", iconColor: "text-sky-600" },
  { iconBg: "bg-amber-100", iconColor: "text-amber-600" },
  { iconBg: "bg-violet-100", iconColor: "text-violet-600" },
  { iconBg: "bg-slate-100", iconColor: "text-slate-600" },
  { iconBg: "bg-emerald-100", iconColor: "text-emerald-600" },
  { iconBg: "bg-orange-100", iconColor: "text-orange-600" },
  { iconBg: "bg-rose-100", iconColor: "text-rose-600" },
  { iconBg: "bg-pink-100", iconColor: "text-pink-600" },
  { iconBg: "bg-green-100", iconColor: "text-green-600" },
  { iconBg: "bg-cyan-100", iconColor: "text-cyan-600" },
  { iconBg: "bg-indigo-100", iconColor: "text-indigo-600" },
  { iconBg: "bg-red-100", iconColor: "text-red-600" },
] as const;

/** The default badges: the public site shows none while a page still has exactly these (000 §5). */
export const DEFAULT_SERVICE_BADGES = ["專業團隊", "合法立案", "售後保固"];

/** home_services: the home page's core-services section. */
export interface HomeServicesContent {
  title: string;
  subtitle: string;
  description: string;
  badges: string[];
  contact: { badge: string; title: string; subtitle: string };
  cta: { title: string; subtitle: string; buttonText: string; buttonLink: string };
  services: ServiceEntry[];
}

/** One figure of the services page's hero (service area, hours, phone). */
export interface ServiceStat {
  id: string;
  icon: string;
  label: string;
  value: string;
}

/** services_page: the public services page. */
export interface ServicesPageContent {
  hero: { title: string; subtitle: string; description: string; stats: ServiceStat[] };
  section: { title: string; subtitle: string; description: string; badges: string[]; tagline: string };
  services: ServiceEntry[];
  contact: {
    title: string;
    subtitle: string;
    phoneTitle: string;
    phoneNumbers: string[];
    addressTitle: string;
    address: string;
    hoursTitle: string;
    hours: string[];
    buttonText: string;
    buttonLink: string;
  };
}

/** The two pages as stored: their own texts and their choice of the services of 服務管理 (decision 031). */
export type HomeServicesRecord = Omit<HomeServicesContent, "services"> & { services: ServiceChoice[] };
export type ServicesPageRecord = Omit<ServicesPageContent, "services"> & { services: ServiceChoice[] };

/**
 * GET /admin-api.php/pages/defaults: the built-in pages' default content, which
 * the pages screen lists an absent page with and reads missing fields from (002 §4, §5).
 * Their choice of services is empty: every active service, in 服務管理's order.
 */
export interface PageDefaults {
  home_services: HomeServicesRecord;
  services_page: ServicesPageRecord;
  /** The about page's HTML. */
  about_company: string;
}

/** The about page as visitors read it: the published record's sanitised HTML, else the default content. */
/**
 * A page of staff-written content as the public site shows it (the about page, a
 * free page): built with the page builder (`tree`, its text and snippets already
 * sanitised; the page renders it with its pictures' sizes), or rich text (`html`,
 * sanitised). `html` is the generated HTML in both cases.
 */
export interface ContentPage {
  title: string;
  html: string;
  tree: BuilderTree | null;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
}

export type AboutPage = ContentPage;

/** A published free page (002 §2.7: any other page key is its own path, `/{page_key}`). */
export interface FreePage extends ContentPage {
  page_key: string;
  updated_at: string;
}

/** The built-in page records (002 §3); `services` is the legacy key the page list removes. */
export const JSON_PAGE_KEYS = ["home_services", "services_page"] as const;
export const BUILT_IN_PAGE_KEYS = ["home_services", "services_page", "about_company"] as const;
export const LEGACY_SERVICES_PAGE_KEY = "services";

/**
 * Keys a free page cannot take: its address `/{key}` would shadow a page or a path of the
 * site (002 §2.7: any other page key is its own path).
 */
export const RESERVED_PAGE_KEYS = [
  "admin", "api", "blog", "services", "portfolio", "about", "contact", "uploads", "assets", "islands",
  "home", "index", "feed", "sitemap", "robots", "favicon", "healthz", "readyz", "metrics", "login", "logout",
] as const;

/** A free page is any page that is not one of the built-in ones (nor the legacy services record). */
export const isFreePageKey = (key: string) => !(BUILT_IN_PAGE_KEYS as readonly string[]).includes(key) && key !== LEGACY_SERVICES_PAGE_KEY;

export const PAGE_MESSAGES = {
  saved: "頁面已儲存",
  draftSaved: "草稿已自動儲存",
  draftDiscarded: "已放棄自動儲存的草稿",
  reservedKey: (key: string) => `「${key}」是網站已在使用的網址，請換一個`,
  changedElsewhere: "這個頁面剛剛已在其他地方被修改（可能是另一個分頁或另一位同事），請重新載入後再儲存，以免覆蓋對方的變更",
  created: "頁面已建立",
  deleted: "頁面已刪除",
  restored: "已將選擇的版本還原為草稿，發布後才會出現在網站上",
  notFound: "找不到這個頁面",
  revisionNotFound: "找不到這個版本",
  duplicateKey: "這個網址已經有頁面了，請換一個",
  unpublished: "頁面已下架，訪客在網站上看不到了",
  notPublished: "這個頁面目前沒有發布，不需要下架",
  badJson: "頁面內容格式不正確，請重新整理後再編輯",
} as const;

/**
 * A page's address as people read and type it (docs/product/pages.md): `/about`, or a free page's key,
 * Chinese kept (`/年終大掃除`, as a news article's: decision 019).
 */
export function pageAddressOf(pageKey: string): string {
  if (pageKey === "about_company") return "/about";
  if (pageKey === "services_page") return "/services";
  if (pageKey === "home_services") return "/";
  return `/${pageKey}`;
}

/** The same address as a link, the sitemap and canonical URLs need it: a free page's key percent-encoded. */
export function publicPathOf(pageKey: string): string {
  return isFreePageKey(pageKey) ? `/${encodeURIComponent(pageKey)}` : pageAddressOf(pageKey);
}

/** GET /api.php/pages/{key}: what a visitor's page reads of a page record. */
export type PublicPage = Pick<Page, "page_key" | "title" | "content" | "meta_title" | "meta_description" | "meta_keywords">;

/** A saved earlier state of a page: listed by the editor, looked at, restored as a draft. */
export interface PageRevision extends PublicPage, VersionOrigin {
  id: number;
  is_active: number;
  /** Who saved the version that replaced this one. */
  saved_by: string;
  created_at: string;
}
