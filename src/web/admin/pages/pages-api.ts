// The page endpoints as the pages screen calls them (002 §7; decision 017):
// list, the built-in pages' defaults, create (a built-in page listed with id 0), update by key, delete by id
// (the legacy services record), and the versions kept by each save.
import type { Page, PageDefaults, PageRevision } from "#contract/pages.ts";
import { apiGet, apiRequest } from "#web/admin/shared/api-client.ts";
import { PAGES_PATH, type pagePayload } from "./page-content.ts";

type Payload = ReturnType<typeof pagePayload>;

export const fetchPages = (signal?: AbortSignal) => apiGet<Page[]>(PAGES_PATH, signal);
export const fetchPageDefaults = (signal?: AbortSignal) => apiGet<PageDefaults>(`${PAGES_PATH}/defaults`, signal);
export const createPage = (body: Payload) => apiRequest<Page>(PAGES_PATH, { method: "POST", body });
export const updatePage = (key: string, body: Payload) => apiRequest<Page>(`${PAGES_PATH}/${encodeURIComponent(key)}`, { method: "PUT", body });
export const deletePage = (id: number) => apiRequest<unknown>(`${PAGES_PATH}/${id}`, { method: "DELETE" });

export const fetchRevisions = async (key: string, signal?: AbortSignal) =>
  (await apiGet<{ revisions: PageRevision[] }>(`${PAGES_PATH}/${encodeURIComponent(key)}/revisions`, signal)).revisions;
export const restoreRevision = (key: string, id: number) =>
  apiRequest<Page>(`${PAGES_PATH}/${encodeURIComponent(key)}/revisions/${id}/restore`, { method: "POST" });
