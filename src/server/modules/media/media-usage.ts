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
};

export function usageLabel(ownerType: string, ownerId: string, field: string): string {
  const owner = OWNER_LABELS[ownerType] ?? ownerType;
  const fieldLabel = FIELD_LABELS[field] ?? field;
  return ownerType === "settings" ? `${owner}：${fieldLabel}` : `${owner} #${ownerId}（${fieldLabel}）`;
}
