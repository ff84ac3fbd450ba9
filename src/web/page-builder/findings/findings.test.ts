import { describe, expect, it } from "vitest";
import type { BuilderElement } from "#contract/page-builder/tree.ts";
import { codeElement, container, imageElement, serviceCardElement, spacerElement, textElement, tree, youtubeElement } from "#tests/factories/page-builder.factory.ts";
import { findingsOf } from "./findings.ts";

const image = (fields: Partial<Extract<BuilderElement, { type: "image" }>>) => ({ ...imageElement(), ...fields }) as BuilderElement;
const card = (fields: Partial<Extract<BuilderElement, { type: "serviceCard" }>>) => ({ ...serviceCardElement(), ...fields }) as BuilderElement;
const video = (fields: Partial<Extract<BuilderElement, { type: "video" }>>) => ({ ...youtubeElement(), ...fields }) as BuilderElement;
const BOTH = ["desktop", "mobile"];

describe("findingsOf", () => {
  it("finds nothing on a clean page with every element type", () => {
    const page = tree(
      container("1", [[textElement("<h2>服務項目</h2><p>我們提供 <a href=\"/contact\">預約服務</a></p>")]]),
      container("1-1-1", [[serviceCardElement("居家清潔")], [image({ decorative: true, alt: "" }), codeElement("<img src=x>")], [youtubeElement(), spacerElement()]]),
      container("1-1", [[textElement("<h2>聯絡我們</h2><h3>電話</h3>")], [image({ link: "/contact", alt: "前往聯絡頁" })]]),
    );
    expect(findingsOf(tree())).toEqual([]);
    expect(findingsOf(page)).toEqual([]);
  });

  it("finds a picture without alt text unless it is decorative, at both widths", () => {
    const missing = image({ alt: "" });
    const page = tree(container("1-1", [[missing], [image({ alt: "", decorative: true })]]));
    expect(findingsOf(page)).toEqual([{ nodeId: missing.id, rule: "image-alt", message: "圖片缺少替代文字（或請勾選「裝飾性圖片」）", widths: BOTH }]);
  });

  it("finds a picture in a text element without an alt attribute, not one marked alt=\"\"", () => {
    const bare = textElement('<p><img src="/uploads/a.jpg"></p>');
    const page = tree(container("1", [[bare, textElement('<p><img src="/uploads/b.jpg" alt=""></p>')]]));
    expect(findingsOf(page)).toEqual([{ nodeId: bare.id, rule: "image-alt", message: "文字中的圖片缺少替代文字（請點選圖片，再按「編輯圖片說明」）", widths: BOTH }]);
  });

  it("finds an element of a column hidden on phones at desktop width only", () => {
    const missing = image({ alt: "" });
    const shown = container("1-1", [[textElement("<p>說明</p>")], [missing]]);
    shown.mobile.hidden = [shown.columns[1]!.id];
    expect(findingsOf(tree(shown))).toEqual([{ nodeId: missing.id, rule: "image-alt", message: "圖片缺少替代文字（或請勾選「裝飾性圖片」）", widths: ["desktop"] }]);
  });

  describe("heading levels", () => {
    it("counts the page title as the H1: a first H3 skips H2", () => {
      const first = textElement("<h3>服務</h3>");
      expect(findingsOf(tree(container("1", [[first]])))).toEqual([{ nodeId: first.id, rule: "heading-order", message: "標題層級跳過了 H2", widths: BOTH }]);
    });

    it("names every level skipped, across elements and containers, and lets headings go back up", () => {
      const deep = textElement("<h5>細節</h5>");
      const page = tree(container("1", [[textElement("<h2>服務</h2>")]]), container("1", [[deep, textElement("<h2>聯絡</h2><h3>電話</h3>")]]));
      expect(findingsOf(page)).toEqual([{ nodeId: deep.id, rule: "heading-order", message: "標題層級跳過了 H3、H4", widths: BOTH }]);
    });

    it("refuses an H1 in the content (the page title is the H1)", () => {
      const title = textElement("<h1>重複的頁面標題</h1>");
      expect(findingsOf(tree(container("1", [[title]])))).toEqual([{ nodeId: title.id, rule: "heading-order", message: "內文不應使用 H1（頁面標題已是 H1），請改用 H2", widths: BOTH }]);
    });

    it("counts a service card's title as an H3", () => {
      const lone = serviceCardElement("居家清潔");
      expect(findingsOf(tree(container("1", [[lone]])))).toEqual([{ nodeId: lone.id, rule: "heading-order", message: "標題層級跳過了 H2", widths: BOTH }]);
      expect(findingsOf(tree(container("1", [[textElement("<h2>服務</h2>"), serviceCardElement()]])))).toEqual([]);
    });

    it("reads columns reversed on phones: a skip only at mobile width", () => {
      const deeper = textElement("<h3>細節</h3>");
      const reversed = container("1-1", [[textElement("<h2>服務</h2>")], [deeper]], { order: "reverse" });
      expect(findingsOf(tree(reversed))).toEqual([{ nodeId: deeper.id, rule: "heading-order", message: "標題層級跳過了 H2", widths: ["mobile"] }]);
    });

    it("drops a heading hidden on phones from the mobile outline: the next one skips there only", () => {
      const after = textElement("<h3>細節</h3>");
      const hides = container("1-1", [[textElement("<h2>服務</h2>")], [after]]);
      hides.mobile.hidden = [hides.columns[0]!.id];
      expect(findingsOf(tree(hides))).toEqual([{ nodeId: after.id, rule: "heading-order", message: "標題層級跳過了 H2", widths: ["mobile"] }]);
    });

    it("reads a skip in a column hidden on phones at desktop width only", () => {
      const hidden = textElement("<h4>附註</h4>");
      const hides = container("1-1", [[textElement("<h2>服務</h2>")], [hidden]]);
      hides.mobile.hidden = [hides.columns[1]!.id];
      expect(findingsOf(tree(hides))).toEqual([{ nodeId: hidden.id, rule: "heading-order", message: "標題層級跳過了 H3", widths: ["desktop"] }]);
    });
  });

  describe("contrast", () => {
    it("finds a service card whose words are faint on its background, with the ratio", () => {
      const dark = card({ backgroundColor: "#374151" });
      const page = tree(container("1", [[textElement("<h2>服務</h2>"), dark, card({ backgroundColor: "#dbeafe" })]]));
      expect(findingsOf(page)).toEqual([{ nodeId: dark.id, rule: "contrast", message: "文字與背景的對比不足（1.4:1，至少需要 4.5:1）", widths: BOTH }]);
    });

    it("finds text, and a picture's caption, on a dark container background, but not a spacer or a code frame", () => {
      const words = textElement("<p>說明</p>");
      const captioned = image({ caption: "完工照片" });
      const dark = container("1", [[words, image({}), captioned, spacerElement(), codeElement()]]);
      dark.background = "#1e3a8a";
      expect(findingsOf(tree(dark)).map((finding) => [finding.nodeId, finding.rule, finding.message])).toEqual([
        [words.id, "contrast", "文字與背景的對比不足（1.4:1，至少需要 4.5:1）"],
        [captioned.id, "contrast", "文字與背景的對比不足（1.4:1，至少需要 4.5:1）"],
      ]);
    });

    it("measures against the theme's text colour when told it", () => {
      const words = textElement("<p>說明</p>");
      const dark = container("1", [[words]]);
      dark.background = "#1e3a8a";
      expect(findingsOf(tree(dark), { textColour: "#ffffff" })).toEqual([]);
      expect(findingsOf(tree(container("1", [[words]])), { textColour: "#ffffff" })).toEqual([]);
    });
  });

  describe("links", () => {
    it("finds a link with no words in text", () => {
      const empty = textElement('<p>請看 <a href="/contact"> </a></p>');
      expect(findingsOf(tree(container("1", [[empty]])))).toEqual([{ nodeId: empty.id, rule: "link-name", message: "連結沒有文字", widths: BOTH }]);
    });

    it("finds a linked picture without alt text, decorative or not, as a link with no words only", () => {
      const linked = image({ alt: "", link: "/contact" });
      const decorative = image({ alt: "", decorative: true, link: "/services" });
      const page = tree(container("1-1", [[linked], [decorative]]));
      expect(findingsOf(page)).toEqual([
        { nodeId: linked.id, rule: "link-name", message: "圖片連結缺少替代文字（請說明連結會前往哪裡）", widths: BOTH },
        { nodeId: decorative.id, rule: "link-name", message: "圖片連結缺少替代文字（請說明連結會前往哪裡）", widths: BOTH },
      ]);
    });

    it("takes a link's aria-label as its words", () => {
      expect(findingsOf(tree(container("1", [[textElement('<p><a href="/contact" aria-label="聯絡我們"></a></p>')]])))).toEqual([]);
    });
  });

  it("finds a video with no title, YouTube or uploaded, at the widths it is shown at", () => {
    const untitled = video({ title: "" });
    const uploaded = video({ source: "upload", youtube: "", src: "/uploads/2026/01/clip.mp4", title: " " });
    const page = container("1-1", [[untitled], [uploaded]]);
    page.mobile.hidden = [page.columns[1]!.id];
    expect(findingsOf(tree(page))).toEqual([
      { nodeId: untitled.id, rule: "video-title", message: "影片缺少標題", widths: BOTH },
      { nodeId: uploaded.id, rule: "video-title", message: "影片缺少標題", widths: ["desktop"] },
    ]);
  });

  it("lists findings in the page's order, several on one element", () => {
    const late = textElement("<h4>附註</h4><p><a href=\"/x\"></a></p>");
    const early = image({ alt: "" });
    const page = tree(container("1", [[textElement("<h2>服務</h2>"), early]]), container("1", [[late]]));
    expect(findingsOf(page).map((finding) => [finding.nodeId, finding.rule])).toEqual([
      [early.id, "image-alt"],
      [late.id, "link-name"],
      [late.id, "heading-order"],
    ]);
  });
});
