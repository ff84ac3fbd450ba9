import { describe, expect, it } from "vitest";
import { usageLabel } from "./media-usage.ts";

describe("where a file is used, in people's words", () => {
  it("names the owner by its title and the field, for every module that registers files", () => {
    expect(usageLabel("settings", "site", "header_logo")).toBe("網站設定：頁首 Logo");
    expect(usageLabel("banner", "3", "image_url", "春季大掃除")).toBe("首頁橫幅「春季大掃除」（圖片）");
    expect(usageLabel("service-item", "4", "main_image", "水塔清洗")).toBe("服務項目「水塔清洗」（主要圖片）");
    expect(usageLabel("service-image", "9", "image_path", "水塔清洗")).toBe("服務案例圖片「水塔清洗」（圖片）");
    expect(usageLabel("blog_post", "7", "featured_image", "冷氣保養")).toBe("最新消息「冷氣保養」（封面圖片）");
    for (const [field, label] of [
      ["images", "案例照片"],
      ["before_image", "施工前照片"],
      ["after_image", "施工後照片"],
      ["single_images", "其他照片"],
    ]) {
      expect(usageLabel("portfolio", "5", field!, "基隆大樓")).toBe(`清潔案例「基隆大樓」（${label}）`);
    }
  });

  it("never shows an id or an internal name when the title is unknown", () => {
    expect(usageLabel("banner", "3", "image_url")).toBe("首頁橫幅（圖片）");
    expect(usageLabel("widget", "12", "thing")).toBe("其他內容（檔案）");
  });

  it("names pages by their title and never shows a property name", () => {
    expect(usageLabel("page", "services_page", "image")).toBe("頁面「服務項目頁面」（圖片）");
    expect(usageLabel("page", "spring-sale", "image", "春季優惠")).toBe("頁面「春季優惠」（圖片）");
    expect(usageLabel("page", "about_company", "html")).toBe("頁面「關於我們」（頁面內容）");
    expect(usageLabel("page", "spring-sale", "src")).toBe("頁面「spring-sale」（圖片或影片）");
    expect(usageLabel("page", "spring-sale", "draft.poster")).toBe("頁面「spring-sale」（草稿中的影片封面）");
    expect(usageLabel("page", "privacy", "hero_photo")).toBe("頁面「privacy」（檔案）");
  });
});
