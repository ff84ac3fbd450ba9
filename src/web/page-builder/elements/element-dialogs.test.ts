import { describe, expect, it } from "vitest";
import { buttonElementSchema } from "#contract/page-builder/elements/button.ts";
import { imageElementSchema } from "#contract/page-builder/elements/image.ts";
import type { Page } from "#contract/pages.ts";
import { serviceCardElementSchema } from "#contract/page-builder/elements/service-card.ts";
import { spacerElementSchema } from "#contract/page-builder/elements/spacer.ts";
import { codeElement } from "#tests/factories/page-builder.factory.ts";
import { codePreviewHtml } from "./code.editor.tsx";
import { checkElement, fieldErrorsOf, numberFrom } from "./element-form.ts";
import { IMAGE_MESSAGES, imageDialogRules } from "./image.editor.tsx";
import { NO_PAGE_NAMES, pageChoiceGroups, pageNamesOf, pageWords, servicePagePath } from "./link-choices.ts";
import { plainText, shortLine } from "./plain-text.ts";
import { cardContrastNote } from "./service-card.editor.tsx";
import { linkRules, targetOf, targetValuesOf, targetWords } from "./target-field.tsx";
import { VIDEO_TITLE_REQUIRED, videoDialogRules } from "./video.editor.tsx";

const picture = { src: "/uploads/2026/01/a.jpg", alt: "客廳", decorative: false, link: "", caption: "" };
const card = { id: "card01", type: "serviceCard", icon: "star", iconColor: "#2563eb", backgroundColor: "#ffffff", title: "居家清潔", description: "", items: [], alignment: "left" };

describe("checkElement", () => {
  it("gives the parsed element: trimmed, with its defaults", () => {
    expect(checkElement(imageElementSchema, { id: "img001", type: "image", src: " /uploads/a.jpg ", alt: " 客廳 " })).toEqual({
      ok: true,
      element: { id: "img001", type: "image", src: "/uploads/a.jpg", alt: "客廳", decorative: false, link: "", caption: "" },
    });
  });

  it("gives the schema's words per field, an item of a list by its place", () => {
    const result = checkElement(serviceCardElementSchema, { ...card, title: "", backgroundColor: "white", items: ["客廳", "x".repeat(101)] });
    expect(result).toEqual({ ok: false, errors: { title: "請輸入卡片標題", backgroundColor: "背景顏色必須是 #RRGGBB 格式的顏色", "items.1": "項目不能超過 100 個字元" } });
  });

  it("adds the dialog's own rules, whose words win on the same field", () => {
    expect(checkElement(imageElementSchema, { id: "img001", type: "image", src: "", alt: "" }, { src: "請選擇圖片" })).toEqual({ ok: false, errors: { src: "請選擇圖片" } });
    expect(checkElement(imageElementSchema, { id: "img001", type: "image", src: "javascript:x" }, { src: "請選擇圖片" })).toEqual({ ok: false, errors: { src: "請選擇圖片" } });
  });

  it("refuses a number field left empty or not a number in words", () => {
    expect(checkElement(spacerElementSchema, { id: "spc001", type: "spacer", height: numberFrom("") })).toEqual({ ok: false, errors: { height: "間距必須是數字" } });
    expect(checkElement(spacerElementSchema, { id: "spc001", type: "spacer", height: numberFrom("12.5") })).toEqual({ ok: false, errors: { height: "間距必須是整數" } });
    expect(checkElement(spacerElementSchema, { id: "spc001", type: "spacer", height: numberFrom("2") })).toEqual({ ok: false, errors: { height: "間距至少 8 像素" } });
  });

  it("keys a refusal of the whole element as _", () => {
    expect(fieldErrorsOf([{ path: [], message: "不支援的元素類型" }])).toEqual({ _: "不支援的元素類型" });
  });
});

describe("the image dialog's rules", () => {
  it("asks for a picture, and for alt text unless the picture is decorative", () => {
    expect(imageDialogRules(picture)).toEqual({});
    expect(imageDialogRules({ ...picture, src: " " })).toEqual({ src: IMAGE_MESSAGES.pictureRequired });
    expect(imageDialogRules({ ...picture, alt: " " })).toEqual({ alt: IMAGE_MESSAGES.altRequired });
    expect(imageDialogRules({ ...picture, alt: "", decorative: true })).toEqual({});
  });

  it("refuses a linked decorative picture: the link would have no words", () => {
    expect(imageDialogRules({ ...picture, alt: "", decorative: true, link: "/contact" })).toEqual({ link: IMAGE_MESSAGES.linkNeedsAlt });
  });
});

describe("the video dialog's rules", () => {
  it("asks for a title", () => {
    const video = { source: "youtube" as const, src: "", youtube: "dQw4w9WgXcQ", poster: "", title: "水塔清洗" };
    expect(videoDialogRules(video)).toEqual({});
    expect(videoDialogRules({ ...video, title: "  " })).toEqual({ title: VIDEO_TITLE_REQUIRED });
  });
});

describe("the code dialog's preview", () => {
  it("is the view's sandboxed frame with the snippet escaped into it, at a height in range", () => {
    const element = codeElement() as Extract<ReturnType<typeof codeElement>, { type: "code" }>;
    const html = codePreviewHtml(element, { html: '<script>alert(1)</script><p class="x">地圖</p>', title: "公司地圖", height: "5" });
    expect(html).toBe(
      '<iframe class="pb-code" sandbox="" title="公司地圖" height="80" loading="lazy" srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;&lt;p class=&quot;x&quot;&gt;地圖&lt;/p&gt;"></iframe>',
    );
    expect(codePreviewHtml(element, { html: "", title: "", height: "" })).toContain('title="嵌入內容" height="80"');
  });
});

describe("the service card's contrast note", () => {
  it("says the ratio, and what to do when it is too low", () => {
    expect(cardContrastNote("#ffffff")).toEqual({ ok: true, text: "文字與背景的對比 14.6:1，清楚易讀" });
    expect(cardContrastNote("#374151")).toEqual({ ok: false, text: "深灰色（#1f2937）的文字在深灰色（#374151）的背景上對比只有 1.4:1（至少需要 4.5:1），很多人會看不清楚。建議把背景顏色改成灰色（#91979f）。" });
    expect(cardContrastNote("#37415")).toBeNull();
  });
});

describe("plainText and shortLine", () => {
  it("drops tags, reads entities and puts a space between blocks", () => {
    expect(plainText("<h2>標題</h2><p>第一段&nbsp;文字<br>換行</p><ul><li>一</li><li>二</li></ul>")).toBe("標題 第一段 文字 換行 一 二");
  });

  it("cuts a long line with …, counting characters not code units", () => {
    expect(shortLine("一二三四五", 3)).toBe("一二三…");
    expect(shortLine("😀😀😀", 3)).toBe("😀😀😀");
  });
});

describe("the button's and the card link's dialog", () => {
  it("keeps what was typed for each kind of target while another is tried, and sends only the chosen one", () => {
    const values = targetValuesOf({ kind: "address", url: "https://line.me/x" });
    expect(values).toEqual({ kind: "address", service: "", path: "", url: "https://line.me/x" });
    expect(targetOf({ ...values, kind: "contact", service: "水塔清洗" })).toEqual({ kind: "contact", service: "水塔清洗" });
    expect(targetOf({ ...values, kind: "phone" })).toEqual({ kind: "phone" });
    expect(targetOf({ ...values, url: " mailto:a@b.tw " })).toEqual({ kind: "address", url: "mailto:a@b.tw" });
  });

  it("asks for the words and for where it goes before saving", () => {
    const none = { kind: "page" as const, service: "", path: "", url: "" };
    expect(linkRules("", none, "target", "text", "按鈕文字")).toEqual({ text: "請輸入按鈕文字", "target.path": "請選擇要前往的頁面" });
    expect(linkRules("了解更多", { ...none, kind: "address" }, "action.target", "action.text", "連結文字")).toEqual({ "action.target.url": "請輸入網址" });
    expect(linkRules("立即預約", { ...none, kind: "contact" }, "target", "text", "按鈕文字")).toEqual({});
  });

  it("gives a schema refusal of the target at its own field", () => {
    const result = checkElement(buttonElementSchema, { id: "btn001", type: "button", text: "看看", target: { kind: "address", url: "http://x.tw" } });
    expect(result).toEqual({ ok: false, errors: { "target.url": "網址必須以 https://、mailto: 或 tel: 開頭" } });
  });

  it("offers the site's sections, the active services' pages and the free pages (a draft says so); a card goes to its own service's page", () => {
    const service = (id: number, name: string, is_active: 0 | 1) => ({ id, key: `service_${id}`, name, description: "", features: [], main_image: "", price: null, price_unit: "次", category_name: "", is_active, icon: "Sparkles", iconBg: "", iconColor: "" });
    const page = (id: number, page_key: string, title: string, is_active: number) => ({ id, page_key, title, is_active }) as Page;
    const services = [service(3, "水塔清洗消毒", 1), service(4, "停用的服務", 0)];
    const groups = pageChoiceGroups(services, [page(1, "about_company", "關於我們", 1), page(0, "home_services", "首頁服務", 1), page(7, "spring-deal", "春季優惠", 1), page(8, "年終大掃除", "年終大掃除", 0)]);
    expect(groups.map((group) => [group.label, group.choices.map((choice) => `${choice.path} ${choice.label}`)])).toEqual([
      ["網站頁面", ["/ 首頁", "/about 關於我們", "/services 服務項目", "/portfolio 清潔案例", "/blog 最新消息"]],
      ["服務介紹頁", ["/services/3 水塔清洗消毒"]],
      ["自訂頁面", ["/spring-deal 春季優惠", "/年終大掃除 年終大掃除（草稿，尚未發布）"]],
    ]);
    expect(servicePagePath(" 水塔清洗消毒 ", services)).toBe("/services/3");
    expect(servicePagePath("停用的服務", services)).toBe("/services");
    expect(servicePagePath("", services)).toBe("/services");
  });

  it("names a chosen page by its title or its service's name, never by its number", () => {
    const service = (id: number, name: string, is_active: 0 | 1) => ({ id, key: `service_${id}`, name, description: "", features: [], main_image: "", price: null, price_unit: "次", category_name: "", is_active, icon: "Sparkles", iconBg: "", iconColor: "" });
    const page = (id: number, page_key: string, title: string, is_active: number) => ({ id, page_key, title, is_active }) as Page;
    const names = pageNamesOf([service(3, "冷氣清洗", 1), service(4, "停用的服務", 0)], [page(7, "spring-deal", "春季優惠", 1), page(8, "年終大掃除", "年終大掃除活動", 0)]);
    expect(targetWords({ kind: "page", path: "/services/3" }, names)).toBe("前往 冷氣清洗");
    expect(targetWords({ kind: "page", path: "/portfolio" }, names)).toBe("前往 清潔案例");
    expect(targetWords({ kind: "page", path: "/spring-deal" }, names)).toBe("前往 春季優惠");
    expect(targetWords({ kind: "page", path: "/年終大掃除" }, names)).toBe("前往 年終大掃除活動");
    // A stopped service keeps its name (the dialog's list no longer offers it, and says so by that name).
    expect(pageWords("/services/4", names)).toBe("停用的服務");
    // Before the lists are read, or once a service is gone: what the page is, not its number; a free page's address is its own name.
    expect(targetWords({ kind: "page", path: "/services/9" }, names)).toBe("前往 服務介紹頁");
    expect(pageWords("/services/3", NO_PAGE_NAMES)).toBe("服務介紹頁");
    expect(pageWords("/舊活動", names)).toBe("/舊活動");
    expect(targetWords({ kind: "page", path: "" }, names)).toBe("尚未選擇頁面");
  });
});
