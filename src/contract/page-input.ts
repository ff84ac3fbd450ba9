// The page editor's input (002 §2.7, §3, §7: POST /admin-api.php/pages and
// PUT /admin-api.php/pages/{page_key}), shared by the editor and the server.
import { z } from "zod";
import { JSON_PAGE_KEYS, PAGE_MESSAGES, RESERVED_PAGE_KEYS } from "./pages.ts";

const text = (max: number, label: string) => z.string({ error: `${label}必須是文字` }).trim().max(max, `${label}不能超過 ${max} 個字元`);

const activeFlag = z
  .union([z.boolean(), z.number(), z.string()], { error: "發布狀態必須是已發布或草稿" })
  .transform((value) => (value === true || value === 1 || value === "1" || value === "true" ? 1 : 0));

export const pageInputSchema = z
  .object({
    // The page's address `/{page_key}`: Chinese too, as a news article's (decision 019), in the characters slugify keeps.
    page_key: z
      .string({ error: "請輸入網址" })
      .trim()
      .min(1, "請輸入網址")
      .max(60, "網址不能超過 60 個字")
      .regex(/^[\p{Script=Han}a-z0-9][\p{Script=Han}a-z0-9_-]*$/u, "網址只能用中文、小寫英文、數字、底線和連字號"),
    title: text(200, "頁面標題").min(1, "請輸入頁面標題"),
    // Objects are accepted too: the spec's clients send content as a JSON string or an object.
    content: z
      .union([z.string(), z.record(z.string(), z.unknown())], { error: "頁面內容必須是文字" })
      .transform((value) => (typeof value === "string" ? value : JSON.stringify(value)))
      .pipe(z.string().max(500_000, "頁面內容太長了")),
    meta_title: text(200, "SEO 標題").optional().default(""),
    meta_description: text(500, "SEO 描述").optional().default(""),
    meta_keywords: text(500, "關鍵字").optional().default(""),
    is_active: activeFlag.optional().default(1),
    /** The revision the editor started from: a save over a newer one is refused (409). Clients that leave it out are not checked. */
    base_revision: z.number({ error: "版本編號必須是數字" }).int("版本編號必須是整數").min(0, "版本編號不正確").optional(),
    /** The editor's autosave: kept as the page's draft, the public page unchanged. */
    autosave: z.boolean({ error: "自動儲存的設定不正確" }).optional().default(false),
  })
  .superRefine((page, ctx) => {
    if (!(JSON_PAGE_KEYS as readonly string[]).includes(page.page_key)) return;
    try {
      const parsed: unknown = JSON.parse(page.content);
      if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
    } catch {
      ctx.addIssue({ code: "custom", path: ["content"], message: "這個頁面的內容必須是編輯器產生的 JSON 內容" });
    }
  });
export type PageInput = z.input<typeof pageInputSchema>;

/**
 * A new page (POST): its key is its address `/{page_key}`, so a key that would
 * shadow a page or a path of the site is refused. Checked on creation only: a
 * record stored before the rule keeps being editable.
 */
export const newPageInputSchema = pageInputSchema.superRefine((page, ctx) => {
  if ((RESERVED_PAGE_KEYS as readonly string[]).includes(page.page_key)) ctx.addIssue({ code: "custom", path: ["page_key"], message: PAGE_MESSAGES.reservedKey(page.page_key) });
});
