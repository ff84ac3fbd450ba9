import { describe, expect, it } from "vitest";
import type { BuilderElement } from "#contract/page-builder/tree.ts";
import { buttonElement, codeElement, container, imageElement, serviceCardElement, spacerElement, textElement, tree, youtubeElement } from "#tests/factories/page-builder.factory.ts";
import { contrastRatio, relativeLuminance } from "./contrast.ts";
import { findingsOf } from "./findings.ts";
import { FINDING_MESSAGES, readableBackground } from "./rules.ts";

const image = (fields: Partial<Extract<BuilderElement, { type: "image" }>>) => ({ ...imageElement(), ...fields }) as BuilderElement;
const card = (fields: Partial<Extract<BuilderElement, { type: "serviceCard" }>>) => ({ ...serviceCardElement(), ...fields }) as BuilderElement;
const video = (fields: Partial<Extract<BuilderElement, { type: "video" }>>) => ({ ...youtubeElement(), ...fields }) as BuilderElement;
const BOTH = ["desktop", "mobile"];
const WHY = "搜尋引擎和使用螢幕閱讀器的人會看不懂段落之間的關係";
const SKIPS_H2 = `這個小標題前面少了一層大標題，${WHY}。請把它改成「大標題」，或在它前面加一個大標題。`;

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
    expect(findingsOf(page)).toEqual([{ nodeId: missing.id, editId: missing.id, rule: "image-alt", message: FINDING_MESSAGES.imageAlt, widths: BOTH }]);
  });

  it("finds a picture in a text element without an alt attribute, not one marked alt=\"\"", () => {
    const bare = textElement('<p><img src="/uploads/a.jpg"></p>');
    const page = tree(container("1", [[bare, textElement('<p><img src="/uploads/b.jpg" alt=""></p>')]]));
    expect(findingsOf(page)).toEqual([{ nodeId: bare.id, editId: bare.id, rule: "image-alt", message: FINDING_MESSAGES.textImageAlt, widths: BOTH }]);
  });

  it("finds an element of a column hidden on phones at desktop width only", () => {
    const missing = image({ alt: "" });
    const shown = container("1-1", [[textElement("<p>說明</p>")], [missing]]);
    shown.mobile.hidden = [shown.columns[1]!.id];
    expect(findingsOf(tree(shown))).toEqual([{ nodeId: missing.id, editId: missing.id, rule: "image-alt", message: FINDING_MESSAGES.imageAlt, widths: ["desktop"] }]);
  });

  describe("heading levels", () => {
    it("counts the page title as the H1: a first H3 skips H2, said as the text toolbar names the levels", () => {
      const first = textElement("<h3>服務</h3>");
      expect(findingsOf(tree(container("1", [[first]])))).toEqual([{ nodeId: first.id, editId: first.id, rule: "heading-order", message: SKIPS_H2, widths: BOTH }]);
    });

    it("names every level skipped, across elements and containers, and lets headings go back up", () => {
      const deep = textElement("<h5>細節</h5>");
      const page = tree(container("1", [[textElement("<h2>服務</h2>")]]), container("1", [[deep, textElement("<h2>聯絡</h2><h3>電話</h3>")]]));
      expect(findingsOf(page)).toEqual([{ nodeId: deep.id, editId: deep.id, rule: "heading-order", message: `這個第 5 層標題（H5）前面少了 2 層標題（小標題、第 4 層標題（H4）），${WHY}。請把它改成「小標題」，或在它前面加一個小標題。`, widths: BOTH }]);
    });

    it("refuses an H1 in the content (the page title is the H1)", () => {
      const title = textElement("<h1>重複的頁面標題</h1>");
      expect(findingsOf(tree(container("1", [[title]])))).toEqual([{ nodeId: title.id, editId: title.id, rule: "heading-order", message: "這段文字用了和頁面名稱一樣大的標題（H1），一頁只該有一個，搜尋引擎會分不清頁面的主題。請改用「大標題」。", widths: BOTH }]);
    });

    it("counts a service card's title as an H3, and says to put a heading before the card", () => {
      const lone = serviceCardElement("居家清潔");
      const message = `這張卡片的標題是小標題，但前面少了一層大標題，${WHY}。請在卡片前面加一段有「大標題」的文字，說明這些卡片是什麼。`;
      expect(findingsOf(tree(container("1", [[lone]])))).toEqual([{ nodeId: lone.id, editId: lone.id, rule: "heading-order", message, widths: BOTH }]);
      expect(findingsOf(tree(container("1", [[textElement("<h2>服務</h2>"), serviceCardElement()]])))).toEqual([]);
    });

    it("reads columns reversed on phones: a skip only at mobile width", () => {
      const deeper = textElement("<h3>細節</h3>");
      const reversed = container("1-1", [[textElement("<h2>服務</h2>")], [deeper]], { order: "reverse" });
      expect(findingsOf(tree(reversed))).toEqual([{ nodeId: deeper.id, editId: deeper.id, rule: "heading-order", message: SKIPS_H2, widths: ["mobile"] }]);
    });

    it("drops a heading hidden on phones from the mobile outline: the next one skips there only", () => {
      const after = textElement("<h3>細節</h3>");
      const hides = container("1-1", [[textElement("<h2>服務</h2>")], [after]]);
      hides.mobile.hidden = [hides.columns[0]!.id];
      expect(findingsOf(tree(hides))).toEqual([{ nodeId: after.id, editId: after.id, rule: "heading-order", message: SKIPS_H2, widths: ["mobile"] }]);
    });

    it("reads a skip in a column hidden on phones at desktop width only", () => {
      const hidden = textElement("<h4>附註</h4>");
      const hides = container("1-1", [[textElement("<h2>服務</h2>")], [hidden]]);
      hides.mobile.hidden = [hides.columns[1]!.id];
      expect(findingsOf(tree(hides))).toEqual([{ nodeId: hidden.id, editId: hidden.id, rule: "heading-order", message: `這個第 4 層標題（H4）前面少了一層小標題，${WHY}。請把它改成「小標題」，或在它前面加一個小標題。`, widths: ["desktop"] }]);
    });
  });

  describe("contrast", () => {
    it("finds a service card whose words are faint on its background: the colours in words, the ratio and a readable background", () => {
      const dark = card({ backgroundColor: "#374151" });
      const page = tree(container("1", [[textElement("<h2>服務</h2>"), dark, card({ backgroundColor: "#dbeafe" })]]));
      const message = "深灰色（#1f2937）的文字放在深灰色（#374151）的卡片背景上，對比只有 1.4:1（至少需要 4.5:1），很多人會看不清楚，在陽光下的手機上更難讀。建議把卡片的背景顏色改成灰色（#91979f）。";
      expect(findingsOf(page)).toEqual([{ nodeId: dark.id, editId: dark.id, rule: "contrast", message, widths: BOTH }]);
    });

    it("suggests the chosen background lightened under dark words, darkened under light ones, just enough to read at 4.5:1", () => {
      expect(contrastRatio("#1f2937", readableBackground("#374151", "#1f2937"))).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio("#1f2937", readableBackground("#1e3a8a", "#1f2937"))).toBeGreaterThanOrEqual(4.5);
      const underWhite = readableBackground("#93c5fd", "#ffffff");
      expect(contrastRatio("#ffffff", underWhite)).toBeGreaterThanOrEqual(4.5);
      expect(relativeLuminance(underWhite)).toBeLessThan(relativeLuminance("#93c5fd")!);
    });

    it("finds text, and a picture's caption, on a dark container background (fixed in the container's settings), but not a spacer, a code frame or a button", () => {
      const words = textElement("<p>說明</p>");
      const captioned = image({ caption: "完工照片" });
      const dark = container("1", [[words, image({}), captioned, spacerElement(), codeElement(), buttonElement()]]);
      dark.background = "#1e3a8a";
      const message = "深灰色（#1f2937）的文字放在深藍色（#1e3a8a）的容器背景上，對比只有 1.4:1（至少需要 4.5:1），很多人會看不清楚，在陽光下的手機上更難讀。建議把容器的背景顏色改成藍色（#8393bf）。";
      expect(findingsOf(tree(dark)).map((finding) => [finding.nodeId, finding.editId, finding.rule, finding.message])).toEqual([
        [words.id, dark.id, "contrast", message],
        [captioned.id, dark.id, "contrast", message],
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
      expect(findingsOf(tree(container("1", [[empty]])))).toEqual([{ nodeId: empty.id, editId: empty.id, rule: "link-name", message: FINDING_MESSAGES.linkName, widths: BOTH }]);
    });

    it("finds a linked picture without alt text, decorative or not, as a link with no words only", () => {
      const linked = image({ alt: "", link: "/contact" });
      const decorative = image({ alt: "", decorative: true, link: "/services" });
      const page = tree(container("1-1", [[linked], [decorative]]));
      expect(findingsOf(page)).toEqual([
        { nodeId: linked.id, editId: linked.id, rule: "link-name", message: FINDING_MESSAGES.imageLink, widths: BOTH },
        { nodeId: decorative.id, editId: decorative.id, rule: "link-name", message: FINDING_MESSAGES.imageLink, widths: BOTH },
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
      { nodeId: untitled.id, editId: untitled.id, rule: "video-title", message: FINDING_MESSAGES.videoTitle, widths: BOTH },
      { nodeId: uploaded.id, editId: uploaded.id, rule: "video-title", message: FINDING_MESSAGES.videoTitle, widths: ["desktop"] },
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

  describe("buttons", () => {
    const links = { tel: "tel:0224200000", line: "https://line.me/R/ti/p/@clean" };
    const noSettings = { tel: "", line: "" };
    const button = (fields: Partial<Extract<BuilderElement, { type: "button" }>>) => ({ ...buttonElement(), ...fields }) as BuilderElement;

    it("names a button with no words, or with nowhere to go, at both widths", () => {
      const wordless = button({ text: "" });
      const nowhere = button({ target: { kind: "page", path: "" } });
      const noAddress = button({ target: { kind: "address", url: "" } });
      const page = tree(container("1", [[textElement("<h2>優惠</h2>"), wordless, nowhere, noAddress, button({})]]));
      expect(findingsOf(page, { links })).toEqual([
        { nodeId: wordless.id, editId: wordless.id, rule: "button", message: "這個按鈕沒有文字，訪客不知道按下去會做什麼，所以不會顯示在網站上。請輸入文字，例如「立即預約」。", widths: BOTH },
        { nodeId: nowhere.id, editId: nowhere.id, rule: "button", message: "這個按鈕還沒有選擇要前往的地方，所以不會顯示在網站上。請選擇要前往的頁面，或輸入網址。", widths: BOTH },
        { nodeId: noAddress.id, editId: noAddress.id, rule: "button", message: FINDING_MESSAGES.buttonTarget("這個按鈕"), widths: BOTH },
      ]);
    });

    it("says a phone or LINE button will not show while its setting is empty, and nothing before the settings are known", () => {
      const phone = button({ target: { kind: "phone" } });
      const line = button({ target: { kind: "line" } });
      const page = tree(container("1", [[textElement("<h2>聯絡</h2>"), phone, line]]));
      expect(findingsOf(page, { links })).toEqual([]);
      expect(findingsOf(page)).toEqual([]);
      expect(findingsOf(page, { links: noSettings }).map((finding) => [finding.nodeId, finding.message])).toEqual([
        [phone.id, "這個按鈕要撥打網站設定的公司電話，但網站設定還沒有填寫，所以不會顯示在網站上。請到「網站設定」的「基本設定」填寫公司電話，或改選其他要前往的地方。"],
        [line.id, "這個按鈕要開啟網站設定的 LINE 加好友網址，但網站設定還沒有填寫，所以不會顯示在網站上。請到「網站設定」的「社群媒體」填寫，或改選其他要前往的地方。"],
      ]);
    });

    it("names a service card's link the same way, and not a card without one", () => {
      const linked = card({ action: { look: "link", text: "", target: { kind: "page", path: "/services" } } });
      const offLine = card({ action: { look: "button", text: "加 LINE 詢問", target: { kind: "line" } } });
      const page = tree(container("1", [[textElement("<h2>服務</h2>"), linked, offLine, card({})]]));
      expect(findingsOf(page, { links: noSettings }).map((finding) => [finding.nodeId, finding.rule, finding.message])).toEqual([
        [linked.id, "button", FINDING_MESSAGES.buttonText("卡片下方的連結")],
        [offLine.id, "button", FINDING_MESSAGES.noLine("卡片下方的按鈕")],
      ]);
    });
  });
});
