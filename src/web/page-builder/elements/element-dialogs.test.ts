import { describe, expect, it } from "vitest";
import { imageElementSchema } from "#contract/page-builder/elements/image.ts";
import { serviceCardElementSchema } from "#contract/page-builder/elements/service-card.ts";
import { spacerElementSchema } from "#contract/page-builder/elements/spacer.ts";
import { codeElement } from "#tests/factories/page-builder.factory.ts";
import { codePreviewHtml } from "./code.editor.tsx";
import { checkElement, fieldErrorsOf, numberFrom } from "./element-form.ts";
import { IMAGE_MESSAGES, imageDialogRules } from "./image.editor.tsx";
import { plainText, shortLine } from "./plain-text.ts";
import { cardContrastNote } from "./service-card.editor.tsx";
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
    expect(cardContrastNote("#374151")).toEqual({ ok: false, text: "文字與背景的對比不足（1.4:1，至少需要 4.5:1），請選擇較淺的背景顏色" });
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
