// Where a file is used, said in words for the library and for refusals.
// Every module that stores file URLs registers them with the media service
// (syncReferences); this names the owners and fields they register.
const OWNER_LABELS: Record<string, string> = {
  settings: "網站設定",
  banner: "首頁橫幅",
  page: "頁面",
  "service-item": "服務項目",
  "service-image": "服務案例圖片",
  portfolio: "清潔案例",
  blog_post: "最新消息",
  line_message: "LINE 客服訊息",
};

const FIELD_LABELS: Record<string, string> = {
  company_logo: "公司 Logo",
  favicon: "網站圖示",
  header_logo: "頁首 Logo",
  footer_logo: "頁尾 Logo",
  og_image: "OG 分享圖片",
  floating_line_icon: "LINE 按鈕圖示",
  floating_phone_icon: "電話按鈕圖示",
  image_url: "圖片",
  video_url: "影片",
  main_image: "主要圖片",
  image_path: "圖片",
  images: "案例照片",
  before_image: "施工前照片",
  after_image: "施工後照片",
  single_images: "其他照片",
  featured_image: "封面圖片",
  content: "文章內文圖片",
  // Page content (pages register each address under the property that holds it, or `html`).
  html: "頁面內容",
  image: "圖片",
  icon: "圖示",
  background: "背景圖片",
  poster: "影片封面",
  // A page builder element's picture or video file.
  src: "圖片或影片",
};

/** A page's autosaved draft registers its files under `draft.<field>` (pages.operations.ts). */
const DRAFT_PREFIX = "draft.";

/** The built-in pages by key; free pages are named by their key, which staff chose. */
const PAGE_LABELS: Record<string, string> = {
  home_services: "首頁核心服務",
  services_page: "服務項目頁面",
  about_company: "關於我們",
};

export function usageLabel(ownerType: string, ownerId: string, field: string): string {
  const owner = OWNER_LABELS[ownerType] ?? ownerType;
  // A field a later editor adds is still said in words, never by its property name.
  const inDraft = field.startsWith(DRAFT_PREFIX);
  const own = inDraft ? field.slice(DRAFT_PREFIX.length) : field;
  const fieldLabel = `${inDraft ? "草稿中的" : ""}${FIELD_LABELS[own] ?? "檔案"}`;
  if (ownerType === "settings") return `${owner}：${fieldLabel}`;
  if (ownerType === "page") return `${owner}「${PAGE_LABELS[ownerId] ?? ownerId}」（${fieldLabel}）`;
  return `${owner} #${ownerId}（${fieldLabel}）`;
}
