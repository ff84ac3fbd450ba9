// The cases screen without a browser (001 §2, §3, §4, §5, §8, §9): the list's
// request, its address (page and search) and labels, the case form's two tabs and which fields each holds,
// the form's values and what it sends (checked with the contract's own
// schema), service features, photo groups (default titles, before / after
// with comparison, order), and the screen's messages in the spec's words.
import {
  defaultPhotoGroupTitle,
  PORTFOLIO_ADMIN_PAGE_SIZE,
  PORTFOLIO_MESSAGES,
  portfolioInputSchema,
  type PhotoGroup,
  type Portfolio,
  type PortfolioInput,
  type PortfolioStatus,
} from "#contract/portfolios.ts";
import { ApiError, NETWORK_ERROR_MESSAGE } from "#web/admin/shared/api-client.ts";
import type { FieldErrors } from "#web/admin/shared/dialog-form.ts";

export const PORTFOLIOS_PATH = "/admin-api.php/portfolios";
export const PORTFOLIOS_QUERY_KEY = ["admin", "portfolios"] as const;

/** The list's page and search (words in the title, description or location; '' for none). */
export interface CaseListParams {
  page: number;
  search: string;
}

export const portfolioPageKey = ({ page, search }: CaseListParams) => [...PORTFOLIOS_QUERY_KEY, { page, search }] as const;

/** GET /admin-api.php/portfolios?page={n}&limit=10[&search={words}] (001 §7, §9). */
export function portfolioPagePath({ page, search }: CaseListParams): string {
  const query = new URLSearchParams({ page: String(Math.max(1, Math.floor(page) || 1)), limit: String(PORTFOLIO_ADMIN_PAGE_SIZE) });
  if (search.trim()) query.set("search", search.trim());
  return `${PORTFOLIOS_PATH}?${query}`;
}

/** The list as the address holds it (?search=&page=): a reload finds it as it was left. */
export function caseListParamsOf(address: URLSearchParams): CaseListParams {
  const page = Number(address.get("page"));
  return { page: Number.isInteger(page) && page > 0 ? page : 1, search: (address.get("search") ?? "").trim().slice(0, 100) };
}

/** The address's query for the list; the defaults are left out. */
export function caseListAddressOf({ page, search }: CaseListParams): URLSearchParams {
  const address = new URLSearchParams();
  if (search) address.set("search", search);
  if (page > 1) address.set("page", String(page));
  return address;
}

/** The screen's own words; the spec's (001 §8) come from PORTFOLIO_MESSAGES. */
export const CASE_TEXT = {
  loading: "載入清潔案例中...",
  loadFailed: "載入清潔案例失敗",
  empty: "尚無清潔案例，按「新增案例」建立第一個",
  noMatch: "沒有符合搜尋的清潔案例",
  unsaved: "案例有尚未儲存的變更，確定要關閉嗎？",
  leave: "案例有尚未儲存的變更，確定要離開此頁面嗎？",
  orderSaved: "照片組順序已更新",
  orderFailed: "照片組順序儲存失敗",
  noDate: "未填寫",
  noLocation: "未填寫",
} as const;

export const deleteCaseQuestion = "確定要刪除這個案例嗎？案例的照片組會一併刪除，此動作無法復原。";

/**
 * A failed save, delete or reorder (001 §8): the server's message, else
 * 操作失敗（status）; an answer that is not JSON cannot be read; no answer at all is said so.
 */
export function caseFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return NETWORK_ERROR_MESSAGE;
    if (error.message) return error.message;
    if (error.status >= 200 && error.status < 300) return PORTFOLIO_MESSAGES.unparsable;
    return PORTFOLIO_MESSAGES.operationFailed(error.status);
  }
  return PORTFOLIO_MESSAGES.unparsable;
}

/** A failed load: the screen's words, with the reason when no answer came. */
export const loadFailure = (error: unknown) =>
  error instanceof ApiError && error.isNetworkError ? `${CASE_TEXT.loadFailed}：${NETWORK_ERROR_MESSAGE}` : CASE_TEXT.loadFailed;

// --- the list ---

/** The list's picture of a case: the first of its pictures, in order. */
export function caseThumbnail(portfolio: Pick<Portfolio, "photo_groups">): string {
  for (const group of portfolio.photo_groups) {
    const first = [group.before_image, group.after_image, ...group.single_images].find(Boolean);
    if (first) return first;
  }
  return "";
}

// --- tabs ---

export type CaseTabId = "basic" | "media";
export const CASE_TABS: ReadonlyArray<{ id: CaseTabId; label: string }> = [
  { id: "basic", label: "基本資訊" },
  { id: "media", label: "媒體與進階設定" },
];

const BASIC_FIELDS = new Set(["title", "category", "client", "description", "completed_at", "technologies"]);

/** The tab a field is on; a photo group's field (photo_groups.0.title) is on the media tab. */
export const tabOfField = (field: string): CaseTabId => (BASIC_FIELDS.has(field.split(".")[0]!) ? "basic" : "media");

export function errorCountsByTab(errors: FieldErrors): Partial<Record<CaseTabId, number>> {
  const counts: Partial<Record<CaseTabId, number>> = {};
  for (const field of Object.keys(errors)) {
    const tab = tabOfField(field);
    counts[tab] = (counts[tab] ?? 0) + 1;
  }
  return counts;
}

/** The tab to show after a refusal: the first, in the tabs' order, holding an error. */
export function firstErrorTab(errors: FieldErrors): CaseTabId | null {
  const counts = errorCountsByTab(errors);
  return CASE_TABS.find((tab) => (counts[tab.id] ?? 0) > 0)?.id ?? null;
}

// --- the form ---

export interface PhotoGroupDraft {
  /** The group's key on this screen (React keys, drag and drop); new groups have one too. */
  key: number;
  /** The stored group's id; null for a new group and for the group a legacy case's pictures make. */
  id: number | null;
  title: string;
  description: string;
  before_image: string;
  after_image: string;
  single_images: string[];
}

export interface CaseFormValues {
  title: string;
  /** The service type's code; "" until one is chosen. */
  category: string;
  /** 地點. */
  client: string;
  description: string;
  /** YYYY-MM-DD as the date input holds it; "" for none. */
  completed_at: string;
  /** 服務特色. */
  technologies: string[];
  photo_groups: PhotoGroupDraft[];
  featured: boolean;
  status: PortfolioStatus;
}

export const EMPTY_CASE_FORM: CaseFormValues = {
  title: "",
  category: "",
  client: "",
  description: "",
  completed_at: "",
  technologies: [],
  photo_groups: [],
  featured: false,
  status: "active",
};

const draftOf = (group: PhotoGroup, index: number): PhotoGroupDraft => ({
  key: index + 1,
  id: group.id,
  title: group.title,
  description: group.description,
  before_image: group.before_image,
  after_image: group.after_image,
  single_images: [...group.single_images],
});

/** The form of a stored case; a legacy case arrives with the one group its pictures make (001 §3). */
export function formFromCase(portfolio: Portfolio): CaseFormValues {
  return {
    title: portfolio.title,
    category: portfolio.category,
    client: portfolio.client,
    description: portfolio.description,
    completed_at: portfolio.completed_at ?? "",
    technologies: [...portfolio.technologies],
    photo_groups: portfolio.photo_groups.map(draftOf),
    featured: portfolio.featured,
    status: portfolio.status,
  };
}

/** On while a before or an after picture exists (001 §3, §4). */
export const comparisonOn = (group: Pick<PhotoGroupDraft, "before_image" | "after_image">) => Boolean(group.before_image || group.after_image);

/**
 * The body of POST / PUT (001 §7): the whole form. Groups go in their order
 * on screen, which is their display order; saved ones with their id, so they
 * keep it. The groups hold every picture: a legacy case's flat `images`
 * arrive as its one group and are stored as that group, the flat list emptied
 * (kept, it would bring the group back once the groups are all removed).
 */
export function casePayload(values: CaseFormValues) {
  const groups = values.photo_groups.map((group, index) => ({
    id: group.id,
    title: group.title.trim() || defaultPhotoGroupTitle(index + 1),
    description: group.description.trim(),
    before_image: group.before_image,
    after_image: group.after_image,
    single_images: group.single_images.filter(Boolean),
    display_order: index + 1,
    comparison_enabled: comparisonOn(group),
  }));
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    client: values.client.trim(),
    category: values.category,
    technologies: values.technologies,
    images: [],
    photo_groups: groups,
    completed_at: values.completed_at.trim() || null,
    featured: values.featured,
    status: values.status,
  } satisfies PortfolioInput;
}
export type CaseBody = ReturnType<typeof casePayload>;

/** The contract's rules, checked before sending: one message per field, a group's fields as photo_groups.{index}.{field}. */
export function validateCase(payload: CaseBody): FieldErrors {
  const result = portfolioInputSchema.safeParse(payload);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Whether the form differs from what was opened (or last saved). */
export const sameForm = (a: CaseFormValues, b: CaseFormValues) => JSON.stringify(a) === JSON.stringify(b);

/** The tabs holding a change not saved yet (the tab list marks them). */
export function changedTabs(values: CaseFormValues, saved: CaseFormValues): Set<CaseTabId> {
  const tabs = new Set<CaseTabId>();
  for (const key of Object.keys(values) as Array<keyof CaseFormValues>) {
    if (JSON.stringify(values[key]) !== JSON.stringify(saved[key])) tabs.add(tabOfField(key));
  }
  return tabs;
}

/** Errors without those of `field` and its parts (photo_groups drops photo_groups.1.title too). */
export function withoutErrors(errors: FieldErrors, field: string): FieldErrors {
  const kept: FieldErrors = {};
  for (const [key, message] of Object.entries(errors)) if (key !== field && !key.startsWith(`${field}.`)) kept[key] = message;
  return kept;
}

// --- service features ---

export type FeatureOutcome = { added: true; list: string[] } | { added: false; reason: string };

/** A feature typed in: trimmed, not empty, not already listed (001 §5). */
export function addFeature(list: readonly string[], typed: string): FeatureOutcome {
  const feature = typed.trim();
  if (feature === "") return { added: false, reason: "請先輸入服務特色" };
  if (list.includes(feature)) return { added: false, reason: `「${feature}」已在服務特色中` };
  return { added: true, list: [...list, feature] };
}

// --- photo groups ---

/** A new, empty group at the end, titled 照片組 N after its place (001 §3). */
export function addGroup(groups: readonly PhotoGroupDraft[]): PhotoGroupDraft[] {
  const key = Math.max(0, ...groups.map((group) => group.key)) + 1;
  return [...groups, { key, id: null, title: defaultPhotoGroupTitle(groups.length + 1), description: "", before_image: "", after_image: "", single_images: [] }];
}

/** How people name a group: its title, else its default title. */
export const groupName = (group: Pick<PhotoGroupDraft, "title">, index: number) => group.title.trim() || defaultPhotoGroupTitle(index + 1);

export type PictureSlot = "before_image" | "after_image";
export const SLOT_LABELS: Record<PictureSlot, string> = { before_image: "施工前", after_image: "施工後" };

/**
 * The ids to send to PUT …/photo-groups/reorder for the groups' order on
 * screen, or null when the stored groups alone cannot say it (a group added
 * or removed and not saved yet): then the order is saved with the case.
 */
export function storedGroupOrder(groups: readonly PhotoGroupDraft[], storedIds: readonly number[]): number[] | null {
  const ids = groups.map((group) => group.id);
  if (ids.some((id) => id === null) || ids.length !== storedIds.length) return null;
  const stored = new Set(storedIds);
  return ids.every((id) => stored.has(id!)) ? (ids as number[]) : null;
}

/** The form as last saved, with its groups put in the order the server now holds. */
export function withGroupOrder(values: CaseFormValues, ids: readonly number[]): CaseFormValues {
  const place = new Map(ids.map((id, index) => [id, index]));
  const at = (group: PhotoGroupDraft) => (group.id === null ? Number.MAX_SAFE_INTEGER : (place.get(group.id) ?? Number.MAX_SAFE_INTEGER));
  return { ...values, photo_groups: [...values.photo_groups].sort((a, b) => at(a) - at(b)) };
}

// --- uploads ---

/**
 * The answer of POST /admin-api.php/media for one file, in the spec's words
 * (001 §8): its site path, or '{file} 上傳失敗：{message}' with the server's
 * message, or '{file} 上傳失敗，請稍後再試' when there is none to tell.
 */
export function uploadAnswer(fileName: string, status: number, text: string): { ok: true; path: string } | { ok: false; message: string } {
  type Answer = { success?: unknown; message?: unknown; data?: { file_path?: unknown } | null };
  let body: Answer | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") body = parsed as Answer;
  } catch {
    body = null;
  }
  const path = typeof body?.data?.file_path === "string" ? body.data.file_path.trim() : "";
  if (status >= 200 && status < 300 && body?.success === true && path) return { ok: true, path };
  const message = typeof body?.message === "string" ? body.message.trim() : "";
  return { ok: false, message: message ? PORTFOLIO_MESSAGES.uploadFailed(fileName, message) : PORTFOLIO_MESSAGES.uploadFailedRetry(fileName) };
}
