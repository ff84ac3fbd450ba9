// The page endpoints as the pages screen calls them (002 §7; decision 017):
// list, the built-in pages' defaults, create (a built-in page listed with id 0,
// or a new free page), update by key (with the revision the editor started
// from, and as an autosaved draft), the draft dropped, delete by id (the legacy
// services record, a free page), the versions kept by each save, and the
// services the two JSON pages choose from.
import { PAGE_MESSAGES, type Page, type PageDefaults, type PageRevision } from "#contract/pages.ts";
import type { ServiceCardSource } from "#contract/service-cards.ts";
import { ApiError, apiGet, apiRequest } from "#web/admin/shared/api-client.ts";
import { PAGES_PATH, type pagePayload, type updatePayload } from "./page-content.ts";

type Payload = ReturnType<typeof pagePayload>;
const pagePath = (key: string) => `${PAGES_PATH}/${encodeURIComponent(key)}`;

export const fetchPages = (signal?: AbortSignal) => apiGet<Page[]>(PAGES_PATH, signal);
export const fetchPageDefaults = (signal?: AbortSignal) => apiGet<PageDefaults>(`${PAGES_PATH}/defaults`, signal);
export const createPage = (body: Payload) => apiRequest<Page>(PAGES_PATH, { method: "POST", body });
export const updatePage = (key: string, body: Payload | ReturnType<typeof updatePayload>) => apiRequest<Page>(pagePath(key), { method: "PUT", body });
export const deletePage = (id: number) => apiRequest<unknown>(`${PAGES_PATH}/${id}`, { method: "DELETE" });
export const discardPageDraft = (key: string) => apiRequest<Page>(`${pagePath(key)}/draft`, { method: "DELETE" });
/** 下架: the page off the public site, its content and draft kept. */
export const unpublishPage = (key: string) => apiRequest<Page>(`${pagePath(key)}/unpublish`, { method: "POST" });

/** The page as the server holds it now (its revision, its draft): read from the list, the admin API having no single-page read. */
export async function fetchLatestPage(key: string): Promise<Page> {
  const page = (await fetchPages()).find((entry) => entry.page_key === key && entry.id > 0);
  if (!page) throw new ApiError(404, PAGE_MESSAGES.notFound);
  return page;
}

/** A save refused because someone saved the page since the editor's revision. */
export const isRevisionConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

export const fetchRevisions = async (key: string, signal?: AbortSignal) => (await apiGet<{ revisions: PageRevision[] }>(`${pagePath(key)}/revisions`, signal)).revisions;
export const restoreRevision = (key: string, id: number) => apiRequest<Page>(`${pagePath(key)}/revisions/${id}/restore`, { method: "POST" });

/** Every service of 服務管理 as the two JSON pages' cards show it: their choosers and the services page's preview (decision 031). */
export const SERVICE_CARDS_QUERY_KEY = ["admin", "service-cards"] as const;
export const fetchServiceCards = (signal?: AbortSignal) => apiGet<ServiceCardSource[]>("/admin-api.php/service-cards", signal);
