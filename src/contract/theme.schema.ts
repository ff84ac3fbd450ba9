// Input rules for themes (PUT /api.php/themes/{id}), shared by the themes screen and the server.
import { z } from "zod";
import { LAYOUT_TYPES } from "./theme.ts";

const colour = (label: string) =>
  z.string({ error: `${label}必須是文字` }).trim().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, `${label}必須是 #RRGGBB 格式的顏色`);
const cssLength = (label: string) =>
  z.union([z.number(), z.string()]).transform(String).pipe(
    z.string().trim().regex(/^\d{1,3}(\.\d+)?(px|rem|em)?$/, `${label}必須是長度，例如 8px`),
  );
const jsonText = z
  .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown()), z.null()])
  .transform((value) => (value === null || typeof value === "string" ? value : JSON.stringify(value)));

/** PUT /api.php/themes/{id}: the screen sends name, industry, description, four colours and fixed defaults. */
export const themeUpdateSchema = z.strictObject(
  {
    name: z.string({ error: "主題名稱必須是文字" }).trim().min(1, "請輸入主題名稱").max(60, "主題名稱不能超過 60 個字元"),
    industry: z.string().trim().max(60, "產業不能超過 60 個字元").optional(),
    description: z.string().trim().max(500, "描述不能超過 500 個字元").optional(),
    primary_color: colour("主要顏色").optional(),
    primary_hover: colour("主要顏色（滑過）").optional(),
    secondary_color: colour("次要顏色").optional(),
    accent_color: colour("強調顏色").optional(),
    bg_primary: colour("主要背景").optional(),
    bg_secondary: colour("次要背景").optional(),
    bg_card: colour("卡片背景").optional(),
    text_primary: colour("主要文字顏色").optional(),
    text_secondary: colour("次要文字顏色").optional(),
    text_light: colour("淡色文字").optional(),
    border_color: colour("邊框顏色").optional(),
    nav_bg: colour("導覽列背景").optional(),
    nav_text: colour("導覽列文字").optional(),
    font_family: z.string().trim().min(1).max(80, "字型名稱過長").optional(),
    font_size_base: cssLength("基本字體大小").optional(),
    btn_border_radius: cssLength("按鈕圓角").optional(),
    card_border_radius: cssLength("卡片圓角").optional(),
    layout_type: z.enum(LAYOUT_TYPES, { error: "版面類型必須是 service、corporate 或 ecommerce" }).optional(),
    header_style: z.string().trim().max(40).optional(),
    navigation_structure: jsonText.optional(),
    homepage_layout: jsonText.optional(),
    content_sections: jsonText.optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `不支援的欄位：${issue.keys.join("、")}` : "主題資料格式不正確") },
);

export type ThemeUpdate = z.infer<typeof themeUpdateSchema>;

