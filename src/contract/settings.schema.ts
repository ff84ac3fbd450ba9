// The rule of every setting, with Traditional Chinese messages; the ranges and
// choices are the spec's: logo height 20–100 px, logo max width 100–400 px,
// floating button 40–80, font size 12–24, border radius 0–20, line height
// 1.2/1.4/1.6/1.8/2.0, fonts Inter, Roboto, Open Sans, Noto Sans TC, Microsoft
// JhengHei (001 §5). Shared by the settings screen and the server.
import { z } from "zod";
import { FONT_CHOICES, GA_MEASUREMENT_ID, LINE_HEIGHT_CHOICES, META_ROBOTS_CHOICES, settingKeys, type SettingKey, type Settings } from "./settings.ts";

type Rule = z.ZodType<string, unknown>;

// Empty means "not set". The message is attached to the whole rule: zod's
// union would otherwise report the inner rule's generic text.
const blankable = (rule: z.ZodType<string, string>, message: string): Rule =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => value === "" || rule.safeParse(value).success, message);

const text = (max: number, label: string): Rule =>
  z.string({ error: `${label}必須是文字` }).trim().max(max, `${label}不能超過 ${max} 個字元`);

const flag = (label: string): Rule =>
  z
    .union([z.boolean(), z.enum(["true", "false", "1", "0"])], { error: `${label}必須是開啟或關閉` })
    .transform((value) => (value === true || value === "true" || value === "1" ? "true" : "false"));

const integerIn = (min: number, max: number, label: string): Rule =>
  z
    .union([z.number(), z.string()], { error: `${label}必須是數字` })
    .transform((value, ctx) => {
      const number = typeof value === "number" ? value : value.trim() === "" ? Number.NaN : Number(value);
      if (!Number.isFinite(number)) {
        ctx.addIssue({ code: "custom", message: `${label}必須是數字` });
        return z.NEVER;
      }
      return number;
    })
    .pipe(
      z
        .number()
        .int(`${label}必須是整數`)
        .min(min, `${label}必須介於 ${min} 到 ${max} 之間`)
        .max(max, `${label}必須介於 ${min} 到 ${max} 之間`),
    )
    .transform(String);

const oneOf = (choices: readonly string[], label: string): Rule =>
  z
    .union([z.string(), z.number()], { error: `${label}必須是以下其中之一：${choices.join("、")}` })
    .transform((value) => {
      // 2 and "2.0" both mean the line-height choice "2.0"
      const numeric = Number(value);
      return choices.find((choice) => choice === String(value) || (!Number.isNaN(numeric) && Number(choice) === numeric)) ?? "";
    })
    .refine((value) => value !== "", `${label}必須是以下其中之一：${choices.join("、")}`);

const colour = (label: string): Rule =>
  blankable(z.string().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/), `${label}必須是 #RRGGBB 格式的顏色`);

const webUrl = (label: string): Rule =>
  blankable(z.string().max(500).regex(/^https?:\/\/[^\s<>"']+$/i), `${label}必須是 http:// 或 https:// 開頭的網址`);

/** An uploaded file under /uploads/, a site path, or an absolute http(s) URL. Never javascript: or data:. */
const imageRef = (label: string): Rule =>
  blankable(
    z.string().max(500).regex(/^(https?:\/\/[^\s<>"']+|\/[^\s<>"'\\]*)$/i).refine((value) => !value.includes("..")),
    `${label}必須是上傳的圖片路徑或 https:// 網址`,
  );

const floatingIcon = (label: string): Rule =>
  blankable(
    z.string().max(500).regex(/^(preset:[a-z0-9-]+|https?:\/\/[^\s<>"']+|\/[^\s<>"'\\]*)$/i).refine((value) => !value.includes("..")),
    `${label}必須是預設圖示或上傳的圖片`,
  );

/** Google Analytics 4's measurement id; typed in lower case, kept as Google writes it. */
const measurementId = (message: string): Rule =>
  z
    .string({ error: message })
    .trim()
    .toUpperCase()
    .refine((value) => value === "" || GA_MEASUREMENT_ID.test(value), message);

const email = (label: string): Rule => blankable(z.email(), `${label}格式不正確`);
const phone = (label: string): Rule =>
  blankable(z.string().max(40).regex(/^[0-9+()#\-\s,*]+$/), `${label}只能包含數字、空白與 + - ( ) #`);

// A key without a rule does not compile.
export const settingRules: Record<SettingKey, Rule> = {
  // basic
  site_title: text(120, "網站標題"),
  site_description: text(500, "網站描述"),
  site_keywords: text(500, "網站關鍵字"),
  company_name: text(120, "公司名稱"),
  company_address: text(200, "公司地址"),
  company_phone: phone("公司電話"),
  company_phone_mobile: phone("行動電話"),
  company_tax_id: blankable(z.string().regex(/^\d{8}$/), "統一編號必須是 8 位數字"),
  company_email: email("公司 Email"),
  company_fax: phone("公司傳真"),
  company_website: webUrl("公司網站"),
  business_hours: text(200, "營業時間"),
  service_area: text(200, "服務地區"),
  // logos
  company_logo: imageRef("公司 Logo"),
  favicon: imageRef("網站圖示"),
  header_logo: imageRef("頁首 Logo"),
  footer_logo: imageRef("頁尾 Logo"),
  company_logo_height: integerIn(20, 100, "公司 Logo 高度"),
  company_logo_max_width: integerIn(100, 400, "公司 Logo 最大寬度"),
  header_logo_height: integerIn(20, 100, "頁首 Logo 高度"),
  header_logo_max_width: integerIn(100, 400, "頁首 Logo 最大寬度"),
  footer_logo_height: integerIn(20, 100, "頁尾 Logo 高度"),
  footer_logo_max_width: integerIn(100, 400, "頁尾 Logo 最大寬度"),
  footer_logo_no_grayscale: flag("頁尾 Logo 保留彩色"),
  // contact
  contact_manager: text(60, "聯絡人"),
  contact_phone: phone("聯絡電話"),
  contact_email: email("聯絡 Email"),
  contact_address: text(200, "聯絡地址"),
  service_email: email("客服 Email"),
  // social and messaging links
  facebook_url: webUrl("Facebook 網址"),
  linkedin_url: webUrl("LinkedIn 網址"),
  youtube_url: webUrl("YouTube 網址"),
  instagram_url: webUrl("Instagram 網址"),
  twitter_url: webUrl("Twitter 網址"),
  line_official_id: text(60, "LINE 官方帳號 ID"),
  line_add_friend_url: webUrl("LINE 加好友網址"),
  line_display_name: text(60, "LINE 顯示名稱"),
  facebook_app_id: blankable(z.string().regex(/^\d{5,20}$/), "Facebook 應用程式編號必須是數字"),
  // footer texts
  footer_text: text(500, "頁尾文字"),
  copyright_text: text(200, "版權文字"),
  // floating buttons
  floating_buttons_enabled: flag("浮動按鈕"),
  floating_line_enabled: flag("LINE 浮動按鈕"),
  floating_phone_enabled: flag("電話浮動按鈕"),
  floating_button_size: integerIn(40, 80, "浮動按鈕大小"),
  floating_line_color: colour("LINE 按鈕顏色"),
  floating_phone_color: colour("電話按鈕顏色"),
  floating_line_icon: floatingIcon("LINE 按鈕圖示"),
  floating_phone_icon: floatingIcon("電話按鈕圖示"),
  // style (colours left blank follow the active theme; see docs/decisions/004)
  theme_mode: oneOf(["light", "dark", "auto"], "主題模式"),
  primary_color: colour("主要顏色"),
  secondary_color: colour("次要顏色"),
  accent_color: colour("強調顏色"),
  background_color: colour("背景顏色"),
  text_color: colour("文字顏色"),
  header_background: colour("頁首背景"),
  footer_background: colour("頁尾背景"),
  shadow_style: oneOf(["none", "soft", "medium", "strong"], "陰影樣式"),
  button_style: oneOf(["rounded", "square", "pill"], "按鈕樣式"),
  navbar_style: oneOf(["clean", "solid", "transparent"], "導覽列樣式"),
  footer_style: oneOf(["dark", "light"], "頁尾樣式"),
  card_style: oneOf(["elevated", "flat", "bordered"], "卡片樣式"),
  // typography and layout
  font_family: oneOf(FONT_CHOICES, "字型"),
  font_size: integerIn(12, 24, "字體大小"),
  line_height: oneOf(LINE_HEIGHT_CHOICES, "行高"),
  border_radius: integerIn(0, 20, "圓角大小"),
  active_theme_id: integerIn(1, 2_147_483_647, "使用中的主題"),
  // seo
  meta_description: text(320, "搜尋結果中的網站說明"),
  meta_keywords: text(500, "搜尋關鍵字"),
  meta_robots: oneOf(META_ROBOTS_CHOICES, "搜尋引擎索引"),
  meta_author: text(120, "作者"),
  canonical_url: webUrl("網站正式網址"),
  og_title: text(120, "分享首頁時的標題"),
  og_description: text(320, "分享首頁時的說明"),
  og_image: imageRef("分享時的預覽圖片"),
  google_analytics: measurementId("Google Analytics 訪客統計編號格式不正確，應為 G- 開頭的英數字（例如 G-XXXXXXXXXX）"),
  // others
  maintenance_mode: flag("維護模式"),
  menu_portfolio_enabled: flag("案例選單"),
  menu_services_enabled: flag("服務選單"),
  menu_blog_enabled: flag("最新消息選單"),
  enable_registration: flag("開放註冊"),
  email_notifications: flag("Email 通知"),
  backup_frequency: oneOf(["daily", "weekly", "monthly", "never"], "備份頻率"),
  backup_keep: integerIn(1, 100, "保留備份份數"),
  // notification channels, LINE or Discord (002 §3): never public, tokens never logged
  notification_type: oneOf(["line", "discord"], "通知方式"),
  line_channel_access_token: text(1000, "LINE Channel Access Token"),
  line_channel_secret: blankable(z.string().regex(/^[0-9a-fA-F]{32}$/), "LINE Channel Secret 必須是 32 位英數字"),
  line_admin_user_id: blankable(z.string().regex(/^U[0-9a-f]{32}$/), "LINE 管理員 User ID 格式不正確（U 開頭加 32 位英數字）"),
  line_enable_notifications: flag("LINE 通知"),
  line_webhook_url: webUrl("LINE Webhook 網址"),
  discord_webhook_url: webUrl("Discord Webhook 網址"),
  discord_username: text(80, "Discord 顯示名稱"),
  discord_avatar_url: webUrl("Discord 頭像網址"),
  discord_enable_notifications: flag("Discord 通知"),
};

/** POST /admin-api.php/settings: any subset of the known keys; an unknown key is refused. */
export const settingsUpdateSchema = z.strictObject(
  Object.fromEntries(settingKeys.map((key) => [key, settingRules[key].optional()])) as Record<SettingKey, z.ZodOptional<Rule>>,
  { error: (issue) => (issue.code === "unrecognized_keys" ? `不支援的設定項目：${issue.keys.join("、")}` : "設定資料格式不正確") },
);
export type SettingsUpdate = Partial<Settings>;
