// The services screen without a browser (002 §2.10, §3, §4, §5, §8, §9): the
// tabs, the item and category forms and what they send (checked with the
// contract's own schemas), the list's summaries (price chip, three features
// then 等 N 項), moves in a sortable list, and the screen's messages in the
// spec's words, including the outcome of adding several case images at once.
import {
  DEFAULT_ITEM_PRICE_UNIT,
  priceChip,
  serviceCategoryInputSchema,
  serviceItemInputSchema,
  type ServiceCategory,
  type ServiceCategoryInput,
  type ServiceImage,
  type ServiceItem,
  type ServiceItemInput,
} from "#contract/services.ts";
import { NETWORK_ERROR_MESSAGE } from "#web/admin/shared/api-client.ts";
import { actionFailure, type FieldErrors } from "#web/admin/shared/dialog-form.ts";
import type { Notice } from "#web/admin/shared/admin-notice.tsx";

export const CATEGORIES_PATH = "/admin-api.php/service-categories";
export const ITEMS_PATH = "/admin-api.php/service-items";
export const IMAGES_PATH = "/admin-api.php/service-images";
/** Case images and the main image go to the media library (multipart field file). */
export const MEDIA_UPLOAD_PATH = "/admin-api.php/media";

export const CATEGORIES_QUERY_KEY = ["admin", "service-categories"] as const;
export const ITEMS_QUERY_KEY = ["admin", "service-items"] as const;
export const imagesQueryKey = (serviceId: number) => ["admin", "service-images", serviceId] as const;

/** 002 §5, §8, word for word. */
export const SERVICES_TEXT = {
  imagesAfterSave: "按「儲存」後，在列表按這個服務項目的「編輯」，就能新增案例圖片。",
  loadCategoriesFailed: "載入服務類別失敗",
  loadItemsFailed: "載入服務項目失敗",
  loadImagesFailed: "載入圖片失敗",
  saveItemFailed: "保存服務項目失敗",
  saveCategoryFailed: "保存服務類別失敗",
  deleteItemFailed: "刪除服務項目失敗",
  deleteCategoryFailed: "刪除服務類別失敗",
  deleteImageFailed: "刪除圖片失敗",
  deleteItemConfirm: "確定要刪除此服務項目嗎？",
  deleteCategoryConfirm: "確定要刪除此服務類別嗎？",
  deleteImageConfirm: "確定要刪除此圖片嗎？",
  uploading: "上傳中...",
  loading: "載入中...",
  uploadFailed: "上傳失敗",
  batchUploadFailed: "批次上傳失敗",
  allUploadsFailed: "所有檔案上傳失敗，請檢查檔案格式和網路連線",
  noValidPath: "沒有有效的圖片路徑，請檢查上傳狀態",
  allAddsFailed: "所有圖片新增失敗，請檢查網路連線和伺服器狀態",
  addImageFailed: "新增圖片失敗",
  pickedWithoutPath: "圖片路徑錯誤，請重新選擇",
  imageAdded: "圖片已新增",
  imageDeleted: "圖片已刪除",
  orderSaved: "排序已更新",
  orderFailed: "排序儲存失敗",
} as const;

export const uploadedImages = (count: number) => `成功上傳 ${count} 張圖片`;
export const addedImages = (count: number) => (count === 1 ? SERVICES_TEXT.imageAdded : `已新增 ${count} 張圖片`);
export const uploadFailedStatus = (file: string, status: number) => `上傳 ${file} 失敗: HTTP ${status}`;
export const uploadFailedMessage = (file: string, message: string) => `上傳 ${file} 失敗: ${message}`;
export const uploadWithoutPath = (file: string) => `上傳 ${file} 成功但未取得檔案路徑`;
export const notAnImage = (file: string) => uploadFailedMessage(file, "只能上傳圖片檔案（JPG、PNG、GIF、WebP、AVIF）");

// --- tabs ---

export type ServicesTabId = "items" | "categories";
export const SERVICES_TABS: ReadonlyArray<{ id: ServicesTabId; label: string }> = [
  { id: "items", label: "服務項目" },
  { id: "categories", label: "服務類別" },
];
/** The tab named in the address (?tab=categories), else the items. */
export const tabFromSearch = (value: string | null): ServicesTabId => (value === "categories" ? "categories" : "items");

// --- messages for failed calls ---

// --- lists ---

/** Splits text typed one entry per line: trimmed, blank lines and repeats dropped (002 §5). */
export function linesOf(text: string): string[] {
  return [...new Set(text.split(/\r?\n/).map((line) => line.trim()).filter(Boolean))];
}

/** The list's summary of features: at most three, then 等 N 項 (N, the whole count) when there are more (002 §9). */
export function featureSummary(features: readonly string[]): { shown: string[]; more: string | null } {
  return { shown: features.slice(0, 3), more: features.length > 3 ? `等 ${features.length} 項` : null };
}

/** NT$ 1,200 / 次, only for a price above 0. */
export const itemPriceChip = (item: Pick<ServiceItem, "price" | "price_unit">) => priceChip(item.price, item.price_unit, DEFAULT_ITEM_PRICE_UNIT);

/** What the site will show for the price being typed. */
export function pricePreview(price: string, unit: string): string {
  const typed = price.trim().replace(/,/g, "");
  if (typed === "") return "網站上不顯示價格";
  const amount = Number(typed);
  if (!Number.isFinite(amount)) return "請輸入數字，例如 1200";
  if (amount < 0) return "價格不能是負數";
  const chip = priceChip(amount, unit.trim(), DEFAULT_ITEM_PRICE_UNIT);
  return chip ? `網站上顯示：${chip}` : "價格為 0 時網站上不顯示價格";
}

export const itemCategoryLabel = (item: Pick<ServiceItem, "category_name">) => item.category_name || "未分類";

export const categoryOptionLabel = (category: Pick<ServiceCategory, "name" | "is_active">) => (category.is_active ? category.name : `${category.name}（停用）`);

export const itemCountLabel = (count: number) => (count === 0 ? "沒有服務項目" : `${count} 個服務項目`);

/** How people name a case image: its title, else its place in the gallery. */
export const imageLabel = (image: Pick<ServiceImage, "title">, index: number) => image.title.trim() || `第 ${index + 1} 張圖片`;

/** What the delete confirmation lists for a category: its name, and the items it still holds. */
export const categoryConfirmItem = (category: Pick<ServiceCategory, "name" | "item_count">) =>
  category.item_count > 0 ? `${category.name}（目前有 ${category.item_count} 個服務項目）` : category.name;

/** After a move, 1..n in the new order, as the server will store it. */
export const renumbered = <T extends { display_order: number }>(list: readonly T[]): T[] => list.map((entry, index) => ({ ...entry, display_order: index + 1 }));

// --- forms ---

export const DISPLAY_ORDER_HELP = "數字越小越前面；也可以在列表中拖曳，或用「上移」「下移」調整";

/** The first message per field of a zod failure. */
function issuesByField(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "_";
    errors[key] ??= issue.message;
  }
  return errors;
}

export interface ItemFormValues {
  /** "" for 未分類. */
  category_id: string;
  name: string;
  description: string;
  /** One per line. */
  features: string;
  /** 實績亮點, one per line. */
  references: string;
  main_image: string;
  /** As typed: a decimal, or empty for none. */
  price: string;
  price_unit: string;
  display_order: string;
  is_active: boolean;
}

/** A new item: unit 次, active, display order 0 (002 §9). */
export const EMPTY_ITEM_FORM: ItemFormValues = {
  category_id: "",
  name: "",
  description: "",
  features: "",
  references: "",
  main_image: "",
  price: "",
  price_unit: DEFAULT_ITEM_PRICE_UNIT,
  display_order: "0",
  is_active: true,
};

export function formFromItem(item: ServiceItem): ItemFormValues {
  return {
    category_id: item.category_id === null ? "" : String(item.category_id),
    name: item.name,
    description: item.description,
    features: item.features.join("\n"),
    references: item.references.join("\n"),
    main_image: item.main_image,
    price: item.price === null ? "" : String(item.price),
    price_unit: item.price_unit || DEFAULT_ITEM_PRICE_UNIT,
    display_order: String(item.display_order),
    is_active: item.is_active === 1,
  };
}

/** The body of POST / PUT: the whole form; the server parses price and numbers with the same rules. */
export function itemPayload(values: ItemFormValues) {
  return {
    category_id: values.category_id === "" ? null : values.category_id,
    name: values.name.trim(),
    description: values.description.trim(),
    features: linesOf(values.features),
    references: linesOf(values.references),
    main_image: values.main_image.trim(),
    price: values.price.trim(),
    price_unit: values.price_unit.trim() || DEFAULT_ITEM_PRICE_UNIT,
    display_order: values.display_order.trim(),
    is_active: values.is_active ? 1 : 0,
  } satisfies ServiceItemInput;
}

/** The contract's rules, checked before sending: one message per field. */
export function validateItem(payload: ReturnType<typeof itemPayload>): FieldErrors {
  const result = serviceItemInputSchema.safeParse(payload);
  return result.success ? {} : issuesByField(result.error.issues);
}

export interface CategoryFormValues {
  name: string;
  description: string;
  display_order: string;
  is_active: boolean;
}

export const EMPTY_CATEGORY_FORM: CategoryFormValues = { name: "", description: "", display_order: "0", is_active: true };

export const formFromCategory = (category: ServiceCategory): CategoryFormValues => ({
  name: category.name,
  description: category.description,
  display_order: String(category.display_order),
  is_active: category.is_active === 1,
});

export function categoryPayload(values: CategoryFormValues) {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    display_order: values.display_order.trim(),
    is_active: values.is_active ? 1 : 0,
  } satisfies ServiceCategoryInput;
}

export function validateCategory(payload: ReturnType<typeof categoryPayload>): FieldErrors {
  const result = serviceCategoryInputSchema.safeParse(payload);
  return result.success ? {} : issuesByField(result.error.issues);
}

// --- uploads and case images ---

export type UploadOutcome = { ok: true; path: string } | { ok: false; message: string };

const nonBlank = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

/**
 * POST /admin-api.php/media as XMLHttpRequest reports it (status 0: no
 * answer), in the spec's words: the server's message, else the HTTP status;
 * a success without a path is a failure too (002 §8).
 */
export function uploadOutcome(fileName: string, status: number, text: string): UploadOutcome {
  if (status === 0) return { ok: false, message: uploadFailedMessage(fileName, NETWORK_ERROR_MESSAGE) };
  type Answer = { success?: unknown; message?: unknown; data?: { file_path?: unknown; file_url?: unknown } | null };
  let body: Answer | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") body = parsed as Answer;
  } catch {
    body = null;
  }
  if (status >= 200 && status < 300 && body?.success === true) {
    const path = [body.data?.file_path, body.data?.file_url].find(nonBlank);
    return path ? { ok: true, path: path.trim() } : { ok: false, message: uploadWithoutPath(fileName) };
  }
  if (body && nonBlank(body.message)) return { ok: false, message: uploadFailedMessage(fileName, body.message.trim()) };
  return { ok: false, message: uploadFailedStatus(fileName, status) };
}

/** A file the picker gave: its site path, or null when it has none. */
export const pickedPath = (file: { file_path?: string; file_url?: string }): string | null => {
  const path = file.file_path || file.file_url;
  return nonBlank(path) ? path.trim() : null;
};

export interface ImageBatchDeps {
  /** Adds one case image by path; rejects with the reason. */
  add(path: string): Promise<unknown>;
}

/**
 * Adds the uploaded or picked images to the gallery one after the other, in
 * their order, and words the outcome (002 §8): how many were added, each
 * file that failed, or that none could be. `failures` are what went wrong
 * before (uploads, picked entries without a path); `uploaded` says whether
 * the paths came from uploads (成功上傳 N 張圖片) or from the library.
 */
export async function addImages(paths: readonly string[], failures: readonly string[], source: "upload" | "library", deps: ImageBatchDeps): Promise<Notice> {
  const problems = [...failures];
  const valid = paths.filter(nonBlank);
  if (valid.length === 0) {
    const headline = source === "upload" && problems.length > 0 ? SERVICES_TEXT.allUploadsFailed : SERVICES_TEXT.noValidPath;
    return { tone: "error", text: [headline, ...problems].join("；") };
  }
  let added = 0;
  const addProblems: string[] = [];
  for (const path of valid) {
    try {
      await deps.add(path);
      added += 1;
    } catch (error) {
      addProblems.push(actionFailure(error, SERVICES_TEXT.addImageFailed));
    }
  }
  // The server's reasons, once each (a lapsed session, an item deleted meanwhile).
  const reasons = [...new Set(addProblems)].filter((message) => message !== SERVICES_TEXT.addImageFailed);
  if (added === 0) return { tone: "error", text: [SERVICES_TEXT.allAddsFailed, ...reasons, ...problems].join("；") };
  const headline = source === "upload" ? uploadedImages(added) : addedImages(added);
  const all = [...problems, ...(addProblems.length > 0 ? [`${addProblems.length} 張${SERVICES_TEXT.addImageFailed}`, ...reasons] : [])];
  return all.length === 0 ? { tone: "success", text: headline } : { tone: "error", text: [headline, ...all].join("；") };
}
