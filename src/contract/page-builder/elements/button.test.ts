import { describe, expect, it } from "vitest";
import type { ViewContext } from "../element-kind.ts";
import { isOutsideAddress, isSitePath, type SiteLinks } from "../link-target.ts";
import { elementSchema, type ElementOf } from "../tree.ts";
import { buttonElement, buttonElementSchema } from "./button.ts";

const links: SiteLinks = { tel: "tel:0224200000", line: "https://line.me/R/ti/p/@clean" };
const visitor = (siteLinks: SiteLinks = links): ViewContext => ({ columnWidth: 100, pictures: {}, links: siteLinks, isFirstPicture: () => false });
const preview: ViewContext = { columnWidth: 100, pictures: {}, isFirstPicture: () => false };
const button = (fields: Record<string, unknown>) => buttonElementSchema.parse({ id: "btn001", type: "button", text: "立即預約", ...fields });
const refusal = (fields: Record<string, unknown>) => {
  const parsed = elementSchema.safeParse({ id: "btn001", type: "button", text: "立即預約", ...fields });
  return parsed.success ? null : { path: parsed.error.issues[0]!.path.join("."), message: parsed.error.issues[0]!.message };
};

describe("the button's fields", () => {
  it("start as a primary button to 聯絡我們, left-aligned, not full width", () => {
    expect(buttonElementSchema.parse({ id: "btn001", type: "button" })).toEqual({
      id: "btn001",
      type: "button",
      text: "",
      target: { kind: "contact", service: "" },
      look: "primary",
      fullWidthOnPhone: false,
      alignment: "left",
    });
  });

  it("refuse a bad target, look or word count in words, per field", () => {
    expect(refusal({ target: { kind: "address", url: "javascript:alert(1)" } })).toEqual({ path: "target.url", message: "網址必須以 https://、mailto: 或 tel: 開頭" });
    expect(refusal({ target: { kind: "address", url: "http://example.com" } })).toEqual({ path: "target.url", message: "網址必須以 https://、mailto: 或 tel: 開頭" });
    expect(refusal({ target: { kind: "page", path: "//evil.example" } })).toEqual({ path: "target.path", message: "請從清單中選擇網站的頁面" });
    expect(refusal({ target: { kind: "page", path: "https://evil.example" } })).toEqual({ path: "target.path", message: "請從清單中選擇網站的頁面" });
    expect(refusal({ target: { kind: "teleport" } })).toEqual({ path: "target.kind", message: "請選擇要前往的地方" });
    expect(refusal({ target: "/contact" })).toEqual({ path: "target", message: "請選擇要前往的地方" });
    expect(refusal({ target: { kind: "contact", service: "長".repeat(61) } })).toEqual({ path: "target.service", message: "預填的服務不能超過 60 個字元" });
    expect(refusal({ text: "長".repeat(41) })).toEqual({ path: "text", message: "按鈕文字不能超過 40 個字元" });
    expect(refusal({ look: "huge" })).toEqual({ path: "look", message: "請選擇按鈕樣式" });
    expect(refusal({ fullWidthOnPhone: "yes" })).toEqual({ path: "fullWidthOnPhone", message: "手機上的寬度選擇不正確" });
    expect(refusal({ alignment: "justify" })).toEqual({ path: "alignment", message: "請選擇對齊方式" });
  });

  it("know a site path from anything else, and the three outside addresses", () => {
    for (const path of ["/", "/about", "/services/12", "/年終大掃除", "/spring-deal"]) expect(isSitePath(path), path).toBe(true);
    for (const path of ["", "about", "//host", "/a/../admin", "/a?b=1", "/a#top", "/a b", '/"x"', "/a\\b"]) expect(isSitePath(path), path).toBe(false);
    for (const url of ["https://line.me/R/ti/p/@clean", "mailto:service@example.com", "mailto:a@b.tw?subject=預約", "tel:+886-2-2420-0000", "tel:0224200000"]) expect(isOutsideAddress(url), url).toBe(true);
    for (const url of ["http://example.com", "javascript:alert(1)", "data:text/html,x", "mailto:nobody", "tel:call-me", "https://", "https://a.tw/<x>", "ftp://a.tw"]) expect(isOutsideAddress(url), url).toBe(false);
  });
});

describe("a button on a visitor's page", () => {
  const view = (element: ElementOf<"button">, context = visitor()) => buttonElement.view(element, context);

  it("is a link to 聯絡我們 with the service filled in (the form reads ?service=)", () => {
    expect(view(button({ target: { kind: "contact", service: "水塔清洗" } }))).toBe(
      '<div class="pb-button-row pb-align-left"><a class="pb-button pb-button-primary" href="/contact?service=%E6%B0%B4%E5%A1%94%E6%B8%85%E6%B4%97" data-pb-target="contact" data-pb-service="水塔清洗">立即預約</a></div>',
    );
    expect(view(button({ target: { kind: "contact", service: "" } }))).toContain('href="/contact" data-pb-target="contact">');
  });

  it("calls the settings' phone and opens the settings' LINE link as they are now; left out while the setting is empty", () => {
    expect(view(button({ target: { kind: "phone" } }))).toContain('<a class="pb-button pb-button-primary" href="tel:0224200000" data-pb-target="phone">立即預約</a>');
    expect(view(button({ target: { kind: "phone" } }), visitor({ ...links, tel: "tel:0912000000" }))).toContain('href="tel:0912000000"');
    expect(view(button({ target: { kind: "line" } }))).toContain('href="https://line.me/R/ti/p/@clean" target="_blank" rel="noopener noreferrer" data-pb-target="line">立即預約<span class="pb-sr-only">（另開新視窗）</span></a>');
    expect(view(button({ target: { kind: "phone" } }), visitor({ tel: "", line: "" }))).toBe("");
    expect(view(button({ target: { kind: "line" } }), visitor({ tel: "", line: "" }))).toBe("");
  });

  it("opens an https address in a new tab (and says so), mailto: and tel: in place; a site page in place", () => {
    expect(view(button({ target: { kind: "address", url: "https://www.facebook.com/clean" } }))).toContain('target="_blank" rel="noopener noreferrer"');
    expect(view(button({ target: { kind: "address", url: "mailto:service@example.com" } }))).toContain('href="mailto:service@example.com" data-pb-target="address">立即預約</a>');
    expect(view(button({ target: { kind: "page", path: "/about" } }))).toContain('href="/about" data-pb-target="page">立即預約</a>');
  });

  it("is left out without words or without a target, so a visitor never meets a button that does nothing", () => {
    expect(view(button({ text: "" }))).toBe("");
    expect(view(button({ target: { kind: "page", path: "" } }))).toBe("");
    expect(view(button({ target: { kind: "address", url: "" } }))).toBe("");
  });

  it("takes the secondary look, full width on phones and its alignment as classes; escapes its words", () => {
    expect(view(button({ text: '<b>"預約"</b>', look: "secondary", fullWidthOnPhone: true, alignment: "center" }))).toBe(
      '<div class="pb-button-row pb-align-center"><a class="pb-button pb-button-secondary pb-button-wide" href="/contact" data-pb-target="contact">&lt;b&gt;&quot;預約&quot;&lt;/b&gt;</a></div>',
    );
  });
});

describe("a button in a render without the settings (the editor's previews, the stored copy)", () => {
  it("is drawn, a phone or LINE one as a placeholder without an address, an unfinished one too", () => {
    expect(buttonElement.view(button({ target: { kind: "phone" } }), preview)).toBe('<div class="pb-button-row pb-align-left"><a class="pb-button pb-button-primary" data-pb-target="phone">立即預約</a></div>');
    expect(buttonElement.view(button({ target: { kind: "page", path: "" } }), preview)).toContain('<a class="pb-button pb-button-primary" data-pb-target="page">立即預約</a>');
    expect(buttonElement.view(button({ text: "" }), preview)).toBe('<div class="pb-button-row pb-align-left"><a class="pb-button pb-button-primary" href="/contact" data-pb-target="contact"></a></div>');
  });
});
