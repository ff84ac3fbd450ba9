// The /admin/settings form (001 §2, §3, §5, §8): which setting sits on
// which of the nine tabs and how it is edited, the form values from the
// server's answer and back, the shared zod rules as client-side validation,
// and the small rules of the screen (an upload must be an image of at most
// 5 MB, how long a meta description Google shows in Chinese, what a blank
// colour falls back to). Pure: the screen renders from this.
import { FLOATING_ICON_PRESETS } from "#contract/floating-icons.ts";
import { UPLOAD_RULES } from "#contract/media.ts";
import { defaultSettings, FONT_CHOICES, LINE_HEIGHT_CHOICES, META_ROBOTS_CHOICES, settingKeys, type SettingKey, type Settings } from "#contract/settings.ts";
import { SEO_DESCRIPTION_LENGTH, shownLength } from "#contract/seo-length.ts";

/** What each robots value means to a person (001 §3 stores the value itself). */
const META_ROBOTS_WORDS: Record<(typeof META_ROBOTS_CHOICES)[number], string> = {
  "index,follow": "讓搜尋引擎收錄，並追蹤頁面上的連結（建議）",
  "noindex,follow": "不要收錄，但追蹤頁面上的連結",
  "index,nofollow": "讓搜尋引擎收錄，但不追蹤頁面上的連結",
  "noindex,nofollow": "不要收錄，也不追蹤連結",
};
import { settingRules, settingsUpdateSchema } from "#contract/settings.schema.ts";
import type { Theme } from "#contract/theme.ts";

export const SETTINGS_PATH = "/admin-api.php/settings";
export const SETTINGS_UPLOAD_PATH = "/admin-api.php/upload";
export const SETTINGS_QUERY_KEY = ["admin", "settings"] as const;

/** The screen's messages (001 §8: saved, the server's message or save failed; upload successful or failed), in the wording the server and the other screens already use. */
export const SETTINGS_MESSAGES = {
  saved: "設定已成功儲存",
  saveFailed: "儲存失敗",
  uploaded: "上傳成功",
  uploadFailed: "上傳失敗",
  notImage: "請選擇圖片檔案",
  tooLarge: "檔案大小不能超過 5MB",
  invalid: "輸入資料有誤，請檢查標示的欄位",
  loadFailed: "載入設定失敗",
  leave: "您有尚未儲存的變更，確定要離開此頁面嗎？",
} as const;

/** 001 §5: the server's limit for settings images (the page text's 10MB disagrees; the check wins). */
export const SETTINGS_IMAGE_MAX_BYTES = UPLOAD_RULES.settingsImage.maxImageBytes;

export type SettingsTabId = "basic" | "logo" | "contact" | "social" | "style" | "typography" | "layout" | "seo" | "others";

interface FieldBase {
  key: SettingKey;
  label: string;
  help?: string;
  placeholder?: string;
}

export type FieldSpec =
  | (FieldBase & { kind: "text" | "email" | "url" | "tel" })
  | (FieldBase & { kind: "textarea"; rows?: number; counter?: "meta-description" })
  | (FieldBase & { kind: "switch" })
  | (FieldBase & { kind: "select"; options: ReadonlyArray<{ value: string; label: string }> })
  | (FieldBase & { kind: "range"; min: number; max: number; step?: number; unit: string })
  | (FieldBase & { kind: "color" })
  | (FieldBase & { kind: "image"; size?: { height: SettingKey; maxWidth: SettingKey } })
  | (FieldBase & { kind: "icon"; button: "line" | "phone" });

export interface SettingsSection {
  title: string;
  description?: string;
  fields: readonly FieldSpec[];
}

export interface SettingsTab {
  id: SettingsTabId;
  label: string;
  description: string;
  sections: readonly SettingsSection[];
}

const SOCIAL_HELP = "填寫後顯示在頁尾與聯絡我們頁面的社群圖示（另開新視窗），並提供給搜尋引擎；留白則不顯示";
const IMAGE_HINT = "支援 JPG、PNG、GIF、WebP、AVIF，檔案大小上限 5MB";
const choices = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const sw = (key: SettingKey, label: string, help?: string): FieldSpec => ({ key, kind: "switch", label, help });
const logoSize = (prefix: "company" | "header" | "footer", name: string): FieldSpec[] => [
  { key: `${prefix}_logo_height` as SettingKey, kind: "range", label: `${name}高度`, min: 20, max: 100, unit: "px" },
  { key: `${prefix}_logo_max_width` as SettingKey, kind: "range", label: `${name}最大寬度`, min: 100, max: 400, unit: "px", help: "寬度依圖片比例自動調整，不會超過此上限" },
];

export const SETTINGS_TABS: readonly SettingsTab[] = [
  {
    id: "basic",
    label: "基本設定",
    description: "網站名稱、公司資料與營業資訊",
    sections: [
      {
        title: "網站",
        fields: [
          { key: "site_title", kind: "text", label: "網站標題", help: "顯示在瀏覽器分頁與搜尋結果" },
          { key: "site_description", kind: "textarea", label: "網站描述", rows: 3 },
          { key: "site_keywords", kind: "text", label: "網站關鍵字", help: "以逗號分隔" },
        ],
      },
      {
        title: "公司資料",
        description: "顯示在頁首、頁尾、首頁聯絡區與聯絡我們頁面",
        fields: [
          { key: "company_name", kind: "text", label: "公司名稱" },
          { key: "company_tax_id", kind: "text", label: "統一編號", placeholder: "8 位數字" },
          { key: "company_address", kind: "text", label: "公司地址" },
          { key: "company_phone", kind: "tel", label: "公司電話", help: "電話浮動按鈕、服務介紹頁的來電洽詢與頁面上的「撥打電話」按鈕都會撥打此號碼" },
          { key: "company_phone_mobile", kind: "tel", label: "行動電話" },
          { key: "company_fax", kind: "tel", label: "公司傳真", help: "顯示在頁尾、首頁聯絡區與聯絡我們頁面" },
          { key: "company_email", kind: "email", label: "公司 Email" },
          { key: "company_website", kind: "url", label: "公司網站", placeholder: "https://", help: "只保存在後台，公開網站不會顯示" },
          { key: "business_hours", kind: "text", label: "營業時間" },
          { key: "service_area", kind: "text", label: "服務地區" },
        ],
      },
    ],
  },
  {
    id: "logo",
    label: "Logo 設定",
    description: "Logo、網站圖示與顯示尺寸",
    sections: [
      {
        title: "公司 Logo",
        description: "頁首或頁尾沒有另外設定 Logo 時使用",
        fields: [{ key: "company_logo", kind: "image", label: "公司 Logo", help: IMAGE_HINT, size: { height: "company_logo_height", maxWidth: "company_logo_max_width" } }, ...logoSize("company", "公司 Logo ")],
      },
      {
        title: "頁首 Logo",
        fields: [{ key: "header_logo", kind: "image", label: "頁首 Logo", help: IMAGE_HINT, size: { height: "header_logo_height", maxWidth: "header_logo_max_width" } }, ...logoSize("header", "頁首 Logo ")],
      },
      {
        title: "頁尾 Logo",
        fields: [
          { key: "footer_logo", kind: "image", label: "頁尾 Logo", help: IMAGE_HINT, size: { height: "footer_logo_height", maxWidth: "footer_logo_max_width" } },
          ...logoSize("footer", "頁尾 Logo "),
          sw("footer_logo_no_grayscale", "頁尾 Logo 保留彩色", "開啟（預設）時以 Logo 原本的顏色顯示；關閉時改為單色：深色頁尾上為白色、淺色頁尾上為灰階，適合透明背景的 Logo"),
        ],
      },
      {
        title: "網站圖示（Favicon）",
        fields: [{ key: "favicon", kind: "image", label: "網站圖示", help: `建議使用正方形圖片（例如 512×512）。${IMAGE_HINT}` }],
      },
    ],
  },
  {
    id: "contact",
    label: "聯絡資訊",
    description: "聯絡窗口與收件信箱",
    sections: [
      {
        title: "聯絡窗口",
        fields: [
          { key: "contact_manager", kind: "text", label: "聯絡人", help: "只保存在後台，公開網站不會顯示" },
          { key: "contact_phone", kind: "tel", label: "聯絡電話", help: "未設定公司電話時，電話浮動按鈕、服務介紹頁的來電洽詢與頁面上的「撥打電話」按鈕撥打此號碼" },
          { key: "contact_email", kind: "email", label: "聯絡 Email", help: "Email 通知（聯絡表單的通知信）寄到此信箱；未設定時寄到公司 Email。公開網站不會顯示" },
          { key: "contact_address", kind: "text", label: "聯絡地址", help: "只保存在後台，公開網站顯示的是公司地址" },
          { key: "service_email", kind: "email", label: "客服 Email", help: "只保存在後台，公開網站不會顯示" },
        ],
      },
    ],
  },
  {
    id: "social",
    label: "社群媒體",
    description: "社群連結與 LINE 官方帳號",
    sections: [
      {
        title: "社群連結",
        fields: [
          { key: "facebook_url", kind: "url", label: "Facebook 網址", placeholder: "https://www.facebook.com/…", help: SOCIAL_HELP },
          { key: "instagram_url", kind: "url", label: "Instagram 網址", placeholder: "https://www.instagram.com/…", help: SOCIAL_HELP },
          { key: "youtube_url", kind: "url", label: "YouTube 網址", placeholder: "https://www.youtube.com/…", help: SOCIAL_HELP },
          { key: "linkedin_url", kind: "url", label: "LinkedIn 網址", placeholder: "https://www.linkedin.com/…", help: SOCIAL_HELP },
          { key: "twitter_url", kind: "url", label: "Twitter 網址", placeholder: "https://x.com/…", help: SOCIAL_HELP },
          { key: "facebook_app_id", kind: "text", label: "Facebook 應用程式編號（App ID）", help: "公司有 Facebook 應用程式時填寫：有人分享本站網頁的成效，會出現在這個應用程式的洞察報告裡（每一頁的 fb:app_id 標記）；頁面上看不到。沒有就留白" },
        ],
      },
      {
        title: "LINE 官方帳號",
        fields: [
          { key: "line_add_friend_url", kind: "url", label: "LINE 加好友網址", placeholder: "https://line.me/R/ti/p/…", help: "LINE 浮動按鈕與頁面上的「加入 LINE」按鈕會開啟此網址（未設定時不顯示這些按鈕），頁尾與聯絡我們頁面也會顯示 LINE 加好友圖示" },
          { key: "line_official_id", kind: "text", label: "LINE 官方帳號 ID", placeholder: "@example", help: "只保存在後台（LINE 通知設定也會顯示），公開網站不會顯示" },
          { key: "line_display_name", kind: "text", label: "LINE 顯示名稱", help: "只保存在後台（LINE 通知設定也會顯示），公開網站不會顯示" },
        ],
      },
    ],
  },
  {
    id: "style",
    label: "樣式設定",
    description: "配色與元件樣式",
    sections: [
      {
        title: "配色",
        description: "顏色留白代表跟隨目前使用中的網站風格（主題）；設定後會覆蓋主題的顏色。",
        fields: [
          { key: "primary_color", kind: "color", label: "主要顏色", placeholder: "#3b82f6" },
          { key: "secondary_color", kind: "color", label: "次要顏色" },
          { key: "accent_color", kind: "color", label: "強調顏色" },
          { key: "background_color", kind: "color", label: "背景顏色" },
          { key: "text_color", kind: "color", label: "文字顏色" },
          { key: "header_background", kind: "color", label: "頁首背景" },
          { key: "footer_background", kind: "color", label: "頁尾背景" },
        ],
      },
      {
        title: "元件樣式",
        fields: [
          { key: "theme_mode", kind: "select", label: "主題模式", help: "深色：目前風格的顏色改為深色版本；跟隨系統：依訪客裝置的淺色或深色設定自動切換", options: [{ value: "light", label: "淺色" }, { value: "dark", label: "深色" }, { value: "auto", label: "跟隨系統" }] },
          { key: "shadow_style", kind: "select", label: "陰影樣式", help: "卡片、按鈕與輸入框的陰影深淺", options: [{ value: "none", label: "無" }, { value: "soft", label: "柔和" }, { value: "medium", label: "中等" }, { value: "strong", label: "強烈" }] },
          { key: "button_style", kind: "select", label: "按鈕樣式", help: "圓角依「版面設定」的圓角大小；膠囊為兩端全圓", options: [{ value: "rounded", label: "圓角" }, { value: "square", label: "直角" }, { value: "pill", label: "膠囊" }] },
          { key: "navbar_style", kind: "select", label: "導覽列樣式", help: "簡潔：頁首背景加細分隔線；實心：以主要顏色（或頁首背景）填滿並加陰影；透明：半透明，可隱約看見下方內容", options: [{ value: "clean", label: "簡潔" }, { value: "solid", label: "實心" }, { value: "transparent", label: "透明" }] },
          { key: "footer_style", kind: "select", label: "頁尾樣式", help: "頁尾背景留白時的顏色；文字顏色會自動調整以保持清楚可讀", options: [{ value: "dark", label: "深色" }, { value: "light", label: "淺色" }] },
          { key: "card_style", kind: "select", label: "卡片樣式", help: "服務、案例、最新消息與聯絡資訊卡片：浮起（陰影）、平面（無陰影無外框）、外框（細線外框）", options: [{ value: "elevated", label: "浮起" }, { value: "flat", label: "平面" }, { value: "bordered", label: "外框" }] },
        ],
      },
    ],
  },
  {
    id: "typography",
    label: "字型設定",
    description: "字型、字體大小與行高",
    sections: [
      {
        title: "文字",
        fields: [
          { key: "font_family", kind: "select", label: "字型", options: choices(FONT_CHOICES) },
          { key: "font_size", kind: "range", label: "字體大小", min: 12, max: 24, unit: "px", help: "網站內文的基本字體大小" },
          { key: "line_height", kind: "select", label: "行高", options: choices(LINE_HEIGHT_CHOICES) },
        ],
      },
    ],
  },
  {
    id: "layout",
    label: "版面設定",
    description: "選單、頁尾文字、圓角與浮動按鈕",
    sections: [
      {
        title: "導覽選單",
        description: "關閉的項目不會出現在頁首選單",
        fields: [sw("menu_services_enabled", "顯示「服務項目」"), sw("menu_portfolio_enabled", "顯示「清潔案例」"), sw("menu_blog_enabled", "顯示「最新消息」")],
      },
      {
        title: "頁尾",
        fields: [
          { key: "footer_text", kind: "textarea", label: "頁尾文字", rows: 3 },
          { key: "copyright_text", kind: "text", label: "版權文字", help: "留白時顯示「© 年份 公司名稱 版權所有」" },
        ],
      },
      {
        title: "圓角",
        fields: [{ key: "border_radius", kind: "range", label: "圓角大小", min: 0, max: 20, unit: "px" }],
      },
      {
        title: "浮動按鈕",
        description: "LINE 按鈕需要「LINE 加好友網址」（社群媒體），電話按鈕需要公司電話或聯絡電話。",
        fields: [
          sw("floating_buttons_enabled", "顯示浮動按鈕"),
          sw("floating_line_enabled", "顯示 LINE 按鈕"),
          sw("floating_phone_enabled", "顯示電話按鈕"),
          { key: "floating_button_size", kind: "range", label: "按鈕大小", min: 40, max: 80, unit: "px" },
          { key: "floating_line_color", kind: "color", label: "LINE 按鈕顏色", placeholder: "#22c55e" },
          { key: "floating_line_icon", kind: "icon", label: "LINE 按鈕圖示", button: "line" },
          { key: "floating_phone_color", kind: "color", label: "電話按鈕顏色", placeholder: "#3b82f6" },
          { key: "floating_phone_icon", kind: "icon", label: "電話按鈕圖示", button: "phone" },
        ],
      },
    ],
  },
  {
    id: "seo",
    label: "SEO 設定",
    description: "搜尋引擎與社群分享",
    sections: [
      {
        title: "搜尋引擎",
        fields: [
          { key: "meta_description", kind: "textarea", label: "搜尋結果中的網站說明（Meta 描述）", rows: 3, counter: "meta-description", help: "Google 搜尋結果在網站名稱下方顯示的說明，約顯示 100 個中文字；頁面有自己的說明時用頁面的，留白時使用網站描述" },
          { key: "meta_keywords", kind: "text", label: "搜尋關鍵字（Meta 關鍵字）", help: "客人可能用來搜尋的詞，以逗號分隔" },
          { key: "meta_robots", kind: "select", label: "搜尋引擎收錄（索引）", options: META_ROBOTS_CHOICES.map((value) => ({ value, label: META_ROBOTS_WORDS[value] })) },
          { key: "meta_author", kind: "text", label: "作者", help: "寫在每一頁給搜尋引擎看的作者名稱（author 標記）；頁面上看不到" },
          { key: "canonical_url", kind: "url", label: "網站正式網址（標準網址）", placeholder: "https://www.example.com", help: "網站對外的正式網址：搜尋引擎與分享出去的連結都用這個網址，同一頁不會被當成好幾頁" },
          { key: "google_analytics", kind: "text", label: "Google Analytics 訪客統計編號（評估 ID）", placeholder: "G-XXXXXXXXXX", help: "在 Google Analytics 的「管理 → 資料串流」可以找到，以 G- 開頭。填寫後會統計公開網站的訪客：網頁載入完成後才載入，不影響速度；後台不統計。留白則不統計" },
        ],
      },
      {
        title: "分享到 Facebook、LINE 時的樣子（Open Graph）",
        fields: [
          { key: "og_title", kind: "text", label: "分享首頁時的標題（OG 標題）", help: "首頁的連結被分享到 Facebook、LINE 時顯示的標題；留白時使用網站標題。其他頁面用各自的標題" },
          { key: "og_description", kind: "textarea", label: "分享首頁時的說明（OG 描述）", rows: 2, help: "分享首頁時標題下方的說明；留白時使用搜尋結果中的網站說明" },
          { key: "og_image", kind: "image", label: "分享時的預覽圖片（OG 圖片）", help: `頁面沒有自己的圖片時，分享出去的連結顯示這張圖。建議尺寸 1200×630 像素。${IMAGE_HINT}` },
        ],
      },
    ],
  },
  {
    id: "others",
    label: "其他設定",
    description: "維護模式、註冊、通知與備份",
    sections: [
      {
        title: "網站狀態",
        fields: [sw("maintenance_mode", "維護模式", "開啟後訪客只會看到「網站維護中」頁面，搜尋引擎也會知道只是暫時維護，不會把網站移出搜尋結果；後台仍可正常使用")],
      },
      {
        title: "其他",
        fields: [
          sw("enable_registration", "開放註冊", "網站目前沒有訪客註冊功能，此開關只會保存，不影響公開網站"),
          sw("email_notifications", "Email 通知", "有人填寫聯絡表單時寄送通知信（寄到聯絡 Email）；也可在 LINE 通知設定頁調整。不影響公開網站"),
        ],
      },
      {
        title: "自動備份",
        description: "備份整個網站：內容、設定、帳號與上傳的檔案。立即備份、下載備份檔與還原，請到後台選單的「備份與還原」",
        fields: [
          { key: "backup_frequency", kind: "select", label: "備份頻率", options: [{ value: "daily", label: "每天" }, { value: "weekly", label: "每週" }, { value: "monthly", label: "每月" }, { value: "never", label: "不備份" }], help: "依上次備份的時間計算下一次；選「不備份」則停止自動備份，仍可在「備份與還原」手動備份" },
          { key: "backup_keep", kind: "range", label: "保留備份份數", min: 1, max: 100, unit: "份", help: "自動備份與「立即備份」完成後，只保留最新的這幾份，較舊的會自動刪除；在伺服器上用指令做的備份（清單中標示「手動備份（伺服器指令）」）不會自動刪除，不需要時請在「備份與還原」刪除" },
        ],
      },
    ],
  },
];

export const fieldsOf = (tab: SettingsTab): FieldSpec[] => tab.sections.flatMap((section) => section.fields);

/** Every key the screen edits and saves, in tab order. */
export const EDITABLE_KEYS: readonly SettingKey[] = SETTINGS_TABS.flatMap((tab) => fieldsOf(tab).map((field) => field.key));

/**
 * Keys on purpose not on this screen: the notification channels have their
 * own screen (/admin/line, 002 §3), the active theme is chosen on
 * /admin/themes.
 */
export const KEYS_ELSEWHERE: readonly SettingKey[] = settingKeys.filter((key) => key === "active_theme_id" || key === "notification_type" || key.startsWith("line_channel") || key.startsWith("line_admin") || key.startsWith("line_enable") || key === "line_webhook_url" || key.startsWith("discord_"));

const TAB_OF = new Map<string, SettingsTabId>(SETTINGS_TABS.flatMap((tab) => fieldsOf(tab).map((field) => [field.key, tab.id] as const)));
export const tabOfKey = (key: string): SettingsTabId | undefined => TAB_OF.get(key);

/** The tab named in the address (?tab=seo); the first tab for none or an unknown one. */
export const tabFromSearch = (value: string | null): SettingsTabId => SETTINGS_TABS.find((tab) => tab.id === value)?.id ?? "basic";

export type SettingsValues = Settings;

/** The server's answer as form values: every key a string, defaults where missing. */
export function formFromSettings(loaded: Partial<Record<string, unknown>> | null | undefined): SettingsValues {
  const values = { ...defaultSettings };
  for (const key of settingKeys) {
    const value = loaded?.[key];
    if (typeof value === "string") values[key] = value;
    else if (typeof value === "number" || typeof value === "boolean") values[key] = String(value);
  }
  return values;
}

/** What POST /admin-api.php/settings receives: the whole form, the keys of this screen only. */
export function settingsPayload(values: SettingsValues): Partial<Settings> {
  return Object.fromEntries(EDITABLE_KEYS.map((key) => [key, values[key]])) as Partial<Settings>;
}

export type FieldErrors = Partial<Record<string, string>>;

/** The shared rules (settings.schema.ts), one message per field. */
export function validateSettings(payload: Partial<Settings>): FieldErrors {
  const result = settingsUpdateSchema.safeParse(payload);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    if (typeof key === "string") errors[key] ??= issue.message;
  }
  return errors;
}

export function validateField(key: SettingKey, value: string): string | undefined {
  const result = settingRules[key].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Error count per tab; errors on keys no tab shows are left to the notice. */
export function errorCountByTab(errors: FieldErrors): Partial<Record<SettingsTabId, number>> {
  const counts: Partial<Record<SettingsTabId, number>> = {};
  for (const [key, message] of Object.entries(errors)) {
    const tab = tabOfKey(key);
    if (tab && message) counts[tab] = (counts[tab] ?? 0) + 1;
  }
  return counts;
}

/** The tab to show after a failed save: the current one if it holds an error, else the first that does. */
export function tabToShow(current: SettingsTabId, errors: FieldErrors): SettingsTabId {
  const counts = errorCountByTab(errors);
  if (counts[current]) return current;
  return SETTINGS_TABS.find((tab) => counts[tab.id])?.id ?? current;
}

export function changedKeys(values: SettingsValues, saved: SettingsValues): SettingKey[] {
  return EDITABLE_KEYS.filter((key) => values[key] !== saved[key]);
}

/** The client-side check before an upload: an image, at most 5 MB (001 §5); null when the file may go. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith("image/")) return SETTINGS_MESSAGES.notImage;
  if (file.size > SETTINGS_IMAGE_MAX_BYTES) return SETTINGS_MESSAGES.tooLarge;
  return null;
}

export type LengthVerdict = "empty" | "short" | "good" | "long";

/**
 * The meta description against what Google shows of a Chinese description (about 100 characters;
 * the spec's 150–160 is the English count, which Google would cut off in Chinese): counted in
 * Chinese characters' widths, a Latin letter or digit as half (contract/seo-length.ts).
 */
export function metaDescriptionVerdict(text: string): { count: number; verdict: LengthVerdict; message: string } {
  const count = shownLength(text);
  const { min, max } = SEO_DESCRIPTION_LENGTH;
  if (count === 0) return { count, verdict: "empty", message: `建議 ${min}–${max} 個字（英文、數字兩個算一個字）` };
  if (count < min) return { count, verdict: "short", message: `還可以再寫 ${min - count} 個字（建議 ${min}–${max}）` };
  if (count > max) return { count, verdict: "long", message: `超過建議長度 ${count - max} 個字，搜尋結果可能被截斷` };
  return { count, verdict: "good", message: "長度剛好" };
}

/** What a blank colour shows on the site: the active theme's colour, or the button's built-in one. */
export function colourFallback(key: SettingKey, theme: Theme, values: Pick<Settings, "footer_style">): { colour: string; source: "theme" | "default" } {
  switch (key) {
    case "primary_color":
      return { colour: theme.primary_color, source: "theme" };
    case "secondary_color":
      return { colour: theme.secondary_color, source: "theme" };
    case "accent_color":
      return { colour: theme.accent_color, source: "theme" };
    case "background_color":
      return { colour: theme.bg_primary, source: "theme" };
    case "text_color":
      return { colour: theme.text_primary, source: "theme" };
    case "header_background":
      return { colour: theme.nav_bg || "#ffffff", source: "theme" };
    case "footer_background":
      return { colour: values.footer_style === "light" ? "#f8fafc" : "#111827", source: "default" };
    case "floating_line_color":
      return { colour: "#22c55e", source: "default" };
    case "floating_phone_color":
      return { colour: "#3b82f6", source: "default" };
    default:
      return { colour: "#000000", source: "default" };
  }
}

/** `<input type="color">` needs #rrggbb. */
export function toColourInput(value: string): string {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return "#000000";
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join("") : match[1]!;
  return `#${digits.toLowerCase()}`;
}

export const iconPresets = (button: "line" | "phone") => FLOATING_ICON_PRESETS[button];
export const isPresetIcon = (value: string) => value.startsWith("preset:");

/** The form values of one tab put back to the spec's form defaults (e.g. font Inter, size 16, line height 1.6; 001 §3). */
export function withTabDefaults(values: SettingsValues, tab: SettingsTabId): SettingsValues {
  const next = { ...values };
  const spec = SETTINGS_TABS.find((candidate) => candidate.id === tab);
  for (const field of spec ? fieldsOf(spec) : []) next[field.key] = defaultSettings[field.key];
  return next;
}
