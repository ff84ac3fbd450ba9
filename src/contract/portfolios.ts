// Cleaning cases, called portfolios on the wire (000 §2 case gallery, §3, §5,
// §6, §8, §9; 001 §2, §3, §4, §5, §7, §8, §9): a case with its location
// (`client`), service type (`category`), service features (`technologies`)
// and before/after photo groups. The screens and the server share these rules.
import { z } from "zod";
import { activeFlag, imagePath, lineList, text } from "./input-rules.ts";
import { limitParam, pageParam, type Pagination } from "./pagination.ts";
import type { ServiceTypeOption } from "./service-types.ts";

export const PORTFOLIO_MESSAGES = {
  created: "案例新增成功",
  updated: "案例更新成功",
  deleted: "案例刪除成功",
  notFound: "找不到這個案例",
  chooseServiceType: "請選擇服務類型",
  unknownServiceType: "這個服務類型不存在，請重新選擇",
  operationFailed: (status: number) => `操作失敗（${status}）`,
  unparsable: "無法解析伺服器回應",
  notAnImage: (file: string) => `${file} 不是有效的圖片檔案`,
  uploadFailed: (file: string, message: string) => `${file} 上傳失敗：${message}`,
  uploadFailedRetry: (file: string) => `${file} 上傳失敗，請稍後再試`,
  staleOrder: "照片組已有變更，請重新整理後再調整順序",
  groupsReordered: "照片組順序已更新",
  /** The public gallery (000 §8). */
  noneFound: "目前沒有符合條件的清潔案例",
  noPhotos: "此案例尚未新增照片",
} as const;

/** 10 a page in the back office (001 §9), 9 in the public gallery and at most 3 featured (000 §9). */
export const PORTFOLIO_ADMIN_PAGE_SIZE = 10;
export const PORTFOLIO_PUBLIC_PAGE_SIZE = 9;
export const FEATURED_PORTFOLIO_LIMIT = 3;
/** A card shows 3 feature tags, then '+N' (000 §2). */
export const CARD_FEATURE_TAGS = 3;

export const PORTFOLIO_STATUSES = ["active", "inactive"] as const;
export type PortfolioStatus = (typeof PORTFOLIO_STATUSES)[number];
export const portfolioStatusLabels: Record<PortfolioStatus, string> = { active: "啟用", inactive: "停用" };

/** A new group's title when none is typed: 'photo group N' (001 §3). */
export const defaultPhotoGroupTitle = (position: number) => `照片組 ${position}`;

export interface PhotoGroup {
  /** null for a group not saved yet, and for the group a legacy case's images make. */
  id: number | null;
  title: string;
  description: string;
  before_image: string;
  after_image: string;
  single_images: string[];
  display_order: number;
  /** On while a before or an after image exists (001 §3, §4). */
  comparison_enabled: boolean;
}

export interface Portfolio {
  id: number;
  title: string;
  description: string;
  /** Where the work was done ('地點' on screen). */
  client: string;
  /** The service type's code. */
  category: string;
  /** The service type's name, for showing. */
  category_label: string;
  /** Service features. */
  technologies: string[];
  /** A legacy case's flat list of pictures. */
  images: string[];
  /** The stored groups; a legacy case with only `images` gets one group made from them. */
  photo_groups: PhotoGroup[];
  /** Every group's before and after pictures, in order (000 §3). */
  before_images: string[];
  after_images: string[];
  /** YYYY-MM-DD, or null when not given. */
  completed_at: string | null;
  featured: boolean;
  status: PortfolioStatus;
  created_at: string;
  updated_at: string;
}

export interface PortfolioList {
  portfolios: Portfolio[];
  pagination: Pagination;
}

/** GET /admin-api.php/portfolios?page&limit&search[&category] */
export const portfolioListQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(PORTFOLIO_ADMIN_PAGE_SIZE, 50),
  search: z.string({ error: "搜尋文字必須是文字" }).trim().max(100, "搜尋文字不能超過 100 個字元").optional().default(""),
  category: z.string({ error: "服務類型必須是文字" }).trim().max(60, "服務類型不正確").optional().default(""),
});
export type PortfolioListQuery = z.output<typeof portfolioListQuerySchema>;

const photoGroupInputSchema = z.object({
  id: z.union([z.number(), z.string(), z.null()]).optional().transform((value) => {
    const id = Number(value);
    return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
  }),
  title: text(100, "照片組標題").optional().default(""),
  description: text(1000, "照片組說明").optional().default(""),
  before_image: imagePath("施工前照片").optional().default(""),
  after_image: imagePath("施工後照片").optional().default(""),
  single_images: z.array(imagePath("其他照片"), { error: "其他照片必須是清單" }).max(30, "每組最多 30 張其他照片").optional().default([]),
  display_order: z.unknown().optional(),
  comparison_enabled: z.unknown().optional(),
});

const completedAt = z
  .union([z.string(), z.null()], { error: "完成日期格式不正確" })
  .optional()
  .transform((value) => (value ?? "").trim().slice(0, 10) || null)
  .refine((value) => value === null || (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))), "完成日期格式不正確，例如 2026-11-24");

/** POST and PUT /admin-api.php/portfolios[/{id}] (001 §7). */
export const portfolioInputSchema = z.object({
  title: text(200, "案例標題").min(1, "請輸入案例標題"),
  description: text(5000, "案例說明").optional().default(""),
  client: text(100, "地點").optional().default(""),
  category: z.string({ error: PORTFOLIO_MESSAGES.chooseServiceType }).trim().min(1, PORTFOLIO_MESSAGES.chooseServiceType).max(60, PORTFOLIO_MESSAGES.unknownServiceType),
  technologies: lineList("服務特色").optional().default([]),
  images: z.array(imagePath("案例照片"), { error: "案例照片必須是清單" }).max(100, "案例照片最多 100 張").optional().default([]),
  photo_groups: z.array(photoGroupInputSchema, { error: "照片組必須是清單" }).max(50, "照片組最多 50 組").optional().default([]),
  completed_at: completedAt,
  featured: activeFlag.optional().default(0).transform(Boolean),
  status: z.enum(PORTFOLIO_STATUSES, { error: "狀態只能是啟用或停用" }).optional().default("active"),
});
export type PortfolioInput = z.input<typeof portfolioInputSchema>;
export type PhotoGroupInput = z.input<typeof photoGroupInputSchema>;

/**
 * Groups as stored: in the order sent (the screen's order is the display order; a
 * display_order sent along is ignored, so a list dragged into a new order is never put
 * back by its old numbers), titled 'photo group N' when left empty, comparison on
 * while either picture exists.
 */
export function normalisePhotoGroups(groups: z.output<typeof photoGroupInputSchema>[]): PhotoGroup[] {
  return groups.map((group, index) => ({
    id: group.id,
    title: group.title || defaultPhotoGroupTitle(index + 1),
    description: group.description,
    before_image: group.before_image,
    after_image: group.after_image,
    single_images: group.single_images.filter(Boolean),
    display_order: index + 1,
    comparison_enabled: Boolean(group.before_image || group.after_image),
  }));
}

/** A legacy case that only has `images` is one group: the first half before, the second half after (001 §3). */
export function legacyPhotoGroup(images: readonly string[]): PhotoGroup | null {
  const pictures = images.filter(Boolean);
  if (pictures.length === 0) return null;
  const half = Math.ceil(pictures.length / 2);
  const before = pictures.slice(0, half);
  const after = pictures.slice(half);
  return {
    id: null,
    title: defaultPhotoGroupTitle(1),
    description: "",
    before_image: before[0] ?? "",
    after_image: after[0] ?? "",
    single_images: [...before.slice(1), ...after.slice(1)],
    display_order: 1,
    comparison_enabled: true,
  };
}

/** Every picture a case shows, in order: what the card and the preview step through. */
export function picturesOfCase(portfolio: Pick<Portfolio, "photo_groups">): string[] {
  return portfolio.photo_groups.flatMap((group) => [group.before_image, group.after_image, ...group.single_images].filter(Boolean));
}

/** The public gallery page's data (server-rendered /portfolio). */
export interface PortfolioGallery {
  featured: Portfolio[];
  portfolios: Portfolio[];
  pagination: Pagination;
  service_types: ServiceTypeOption[];
}
