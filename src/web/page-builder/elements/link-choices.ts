// What a button's target is chosen from (link-target.ts): the site's pages —
// its own sections, each active service's page, the free pages — the
// services a contact form can be filled in with, and the settings' phone and
// LINE link (what the button will use, or that it is not set). Read from the
// back office's API once per editor session. The same lists name a chosen
// page in people's words (its title, its service's name) wherever the builder
// says where a link goes: staff never read /services/3.
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { SiteLinks } from "#contract/page-builder/link-target.ts";
import { BUILT_IN_PAGE_KEYS, LEGACY_SERVICES_PAGE_KEY, pageAddressOf, type Page } from "#contract/pages.ts";
import type { ServiceCardSource } from "#contract/service-cards.ts";
import type { PublicSettings } from "#contract/settings.ts";
import { apiGet } from "#web/admin/shared/api-client.ts";
import { siteLinksOf, sitePhoneOf } from "#web/ui/contact-links.ts";

export interface PageChoice {
  path: string;
  label: string;
}

export interface PageChoiceGroup {
  label: string;
  choices: PageChoice[];
}

/** The site's own sections, by the names its header gives them (聯絡我們 is a target of its own). */
const SITE_SECTIONS: PageChoice[] = [
  { path: "/", label: "首頁" },
  { path: "/about", label: "關於我們" },
  { path: "/services", label: "服務項目" },
  { path: "/portfolio", label: "清潔案例" },
  { path: "/blog", label: "最新消息" },
];

const isOwnPage = (page: Page) => page.id > 0 && !(BUILT_IN_PAGE_KEYS as readonly string[]).includes(page.page_key) && page.page_key !== LEGACY_SERVICES_PAGE_KEY;

/** The page list in groups: the site's sections, the services' pages (active ones), the free pages (a draft says so). */
export function pageChoiceGroups(services: readonly ServiceCardSource[], pages: readonly Page[]): PageChoiceGroup[] {
  const groups: PageChoiceGroup[] = [{ label: "網站頁面", choices: SITE_SECTIONS }];
  const active = services.filter((service) => service.is_active === 1);
  if (active.length > 0) groups.push({ label: "服務介紹頁", choices: active.map((service) => ({ path: `/services/${service.id}`, label: service.name })) });
  const own = pages.filter(isOwnPage);
  if (own.length > 0) groups.push({ label: "自訂頁面", choices: own.map((page) => ({ path: pageAddressOf(page.page_key), label: page.is_active ? page.title : `${page.title}（草稿，尚未發布）` })) });
  return groups;
}

/** A page of the site by its name (a page's title, a service's name); undefined when the lists do not hold the address. */
export type PageNames = (path: string) => string | undefined;

/** Before the lists are read, or where the builder's editor is not around. */
export const NO_PAGE_NAMES: PageNames = () => undefined;

/** Every address the page list may have given, by its name: the site's sections, every service (a stopped one too), the free pages. */
export function pageNamesOf(services: readonly ServiceCardSource[], pages: readonly Page[]): PageNames {
  const names = new Map<string, string>(SITE_SECTIONS.map((section) => [section.path, section.label]));
  for (const service of services) names.set(`/services/${service.id}`, service.name);
  for (const page of pages.filter(isOwnPage)) names.set(pageAddressOf(page.page_key), page.title);
  return (path) => names.get(path);
}

const SERVICE_PAGE = /^\/services\/\d+$/;

/**
 * A chosen page in words: its name; else a service's page by what it is (its
 * number means nothing to anyone); else the address, which for a free page is
 * the name staff gave it (/年終大掃除).
 */
export function pageWords(path: string, names: PageNames): string {
  return names(path) ?? (SERVICE_PAGE.test(path) ? "服務介紹頁" : path);
}

/** A service card's own service's page: the active service named as the card's title, else the services page. */
export function servicePagePath(title: string, services: readonly ServiceCardSource[]): string {
  const named = title.trim();
  const service = named ? services.find((entry) => entry.is_active === 1 && entry.name.trim() === named) : undefined;
  return service ? `/services/${service.id}` : "/services";
}

// The services and the settings under the same keys and reads as the pages screen and the theme check, so they share what was loaded.
const servicesQuery = { queryKey: ["admin", "service-cards"], queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<ServiceCardSource[]>("/admin-api.php/service-cards", signal) };
const pagesQuery = { queryKey: ["admin", "page-builder", "site-pages"], queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<Page[]>("/admin-api.php/pages", signal) };
const settingsQuery = { queryKey: ["admin", "public-settings"], queryFn: ({ signal }: { signal: AbortSignal }) => apiGet<PublicSettings>("/api.php/settings", signal) };

/** The settings' phone and LINE links for the findings (undefined until read: then the findings do not guess). */
export function useSiteLinks(): SiteLinks | undefined {
  const settings = useQuery(settingsQuery);
  return settings.data ? siteLinksOf(settings.data) : undefined;
}

/** The pages' names for the builder's summaries (NO_PAGE_NAMES's answers until the lists are read). */
export function usePageNames(): PageNames {
  const services = useQuery(servicesQuery);
  const pages = useQuery(pagesQuery);
  return useMemo(() => pageNamesOf(services.data ?? [], pages.data ?? []), [services.data, pages.data]);
}

export function useLinkChoices() {
  const services = useQuery(servicesQuery);
  const pages = useQuery(pagesQuery);
  const settings = useQuery(settingsQuery);
  const serviceList = services.data ?? [];
  const pageNames = useMemo(() => pageNamesOf(services.data ?? [], pages.data ?? []), [services.data, pages.data]);
  return {
    loading: services.isPending || pages.isPending,
    failed: services.isError || pages.isError,
    groups: pageChoiceGroups(serviceList, pages.data ?? []),
    /** The active services' names, for 聯絡我們's 預填的服務. */
    serviceNames: serviceList.filter((service) => service.is_active === 1).map((service) => service.name),
    services: serviceList,
    /** Every address the list may have given, by its name (a page since taken off the list too). */
    pageNames,
    /** The settings' phone and LINE link as staff typed them ("" when not set); undefined while they load. */
    phone: settings.data ? sitePhoneOf(settings.data) : undefined,
    line: settings.data ? (settings.data.line_add_friend_url ?? "") : undefined,
  };
}
