import { describe, expect, it } from "vitest";
import { pageAddressOf, publicPathOf, type Page } from "#contract/pages.ts";
// The defaults the screen gets from GET /admin-api.php/pages/defaults, taken where the server takes them.
import { builtInPageDefaults } from "#server/modules/seed/built-in-pages.ts";
import { parseBuilderContent } from "#contract/page-builder/content.ts";
import { builderContent, container, textElement, tree } from "#tests/factories/page-builder.factory.ts";
import {
  addBadge,
  bootstrapPages,
  cleanBadges,
  draftContent,
  draftErrors,
  draftOf,
  isButtonLink,
  isLive,
  pageName,
  pagePayload,
  parseHomeContent,
  updatePayload,
  parseLines,
  parseServicesPageContent,
  unpublishQuestion,
} from "./page-content.ts";

const page = (fields: Partial<Page> & { page_key: string }): Page => ({
  id: 1,
  title: "標題",
  content: "",
  meta_title: "",
  meta_description: "",
  meta_keywords: "",
  is_active: 1,
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
  revision: 1,
  draft: null,
  draft_saved_at: null,
  ...fields,
});

const defaults = builtInPageDefaults();

describe("badges and feature lines (002 §5)", () => {
  it("keeps at most 3 badges", () => {
    expect(addBadge(["a", "b"])).toEqual(["a", "b", ""]);
    expect(addBadge(["a", "b", "c"])).toEqual(["a", "b", "c"]);
    expect(cleanBadges([" a ", "", "b", "c", "d"])).toEqual(["a", "b", "c"]);
  });

  it("reads features one per line, trimmed, empty lines dropped", () => {
    expect(parseLines(" 第一項 \n\n第二項\r\n   \n第三項")).toEqual(["第一項", "第二項", "第三項"]);
    expect(parseLines("")).toEqual([]);
  });
});

describe("links and SEO counts", () => {
  it("accepts a site path or a full http(s) URL", () => {
    for (const ok of ["/contact", "/services?x=1", "https://example.com/a", "http://example.com"]) expect(isButtonLink(ok), ok).toBe(true);
    for (const bad of ["contact", "//evil.example", "javascript:alert(1)", "ftp://x", "/a b"]) expect(isButtonLink(bad), bad).toBe(false);
  });
});

describe("the page list's bootstrap (002 §4)", () => {
  it("hides the legacy services record and returns it for deletion; built-in pages first", () => {
    const { pages, legacy } = bootstrapPages(
      [
        page({ id: 9, page_key: "zz_free" }),
        page({ id: 4, page_key: "services" }),
        page({ id: 3, page_key: "about_company" }),
        page({ id: 1, page_key: "home_services", content: "{}" }),
        page({ id: 2, page_key: "services_page", content: "{}" }),
      ],
      defaults,
    );
    expect(pages.map((entry) => entry.page_key)).toEqual(["home_services", "services_page", "about_company", "zz_free"]);
    expect(legacy.map((entry) => entry.id)).toEqual([4]);
  });

  it("adds absent JSON pages in memory, active, the services page from the home services' list", () => {
    const home = { ...defaults.home_services, services: [{ service_id: 7 }, { service_id: 3, hidden: true }] };
    const { pages } = bootstrapPages([page({ id: 1, page_key: "home_services", content: JSON.stringify(home) })], defaults);
    const services = pages.find((entry) => entry.page_key === "services_page")!;
    expect(services).toMatchObject({ id: 0, is_active: 1, title: "服務項目頁面" });
    expect(JSON.parse(services.content).services).toEqual(home.services);
    const empty = bootstrapPages([], defaults).pages;
    expect(empty.map((entry) => [entry.page_key, entry.id])).toEqual([
      ["home_services", 0],
      ["services_page", 0],
    ]);
  });

  it("names pages in people's words", () => {
    expect(pageName(page({ page_key: "home_services" }))).toBe("首頁核心服務");
    expect(pageName(page({ page_key: "promo", title: "夏季優惠" }))).toBe("夏季優惠");
  });

  it("previews each page at its public path, a Chinese address percent-encoded as a link and readable as words", () => {
    expect(["about_company", "services_page", "home_services", "promo"].map(publicPathOf)).toEqual(["/about", "/services", "/", "/promo"]);
    expect(publicPathOf("年終大掃除")).toBe("/%E5%B9%B4%E7%B5%82%E5%A4%A7%E6%8E%83%E9%99%A4");
    expect(pageAddressOf("年終大掃除")).toBe("/年終大掃除");
    expect(pageAddressOf("about_company")).toBe("/about");
  });
});

describe("published or not, and 下架", () => {
  it("a page is live by its saved record only: a built-in page listed from its defaults is not yet", () => {
    expect(isLive(page({ page_key: "promo", is_active: 1 }))).toBe(true);
    expect(isLive(page({ page_key: "promo", is_active: 0 }))).toBe(false);
    expect(isLive(page({ page_key: "services_page", id: 0, is_active: 1 }))).toBe(false);
  });

  it("says what visitors will see instead: a free page's address becomes 找不到頁面, a built-in page the default content", () => {
    expect(unpublishQuestion("年終大掃除")).toContain("訪客開啟 /年終大掃除 會看到「找不到頁面」");
    expect(unpublishQuestion("about_company")).toContain("/about 會改為顯示網站的預設內容");
    expect(unpublishQuestion("home_services")).toContain("首頁的核心服務區塊會改為顯示網站的預設內容");
    expect(unpublishQuestion("promo")).toContain("頁面的內容會保留");
  });
});

describe("content read and saved", () => {
  it("falls back to the defaults for malformed JSON and keeps stored fields over them", () => {
    expect(parseHomeContent("{not json", defaults.home_services)).toEqual(defaults.home_services);
    expect(parseServicesPageContent("[]", defaults.services_page)).toEqual(defaults.services_page);
    const home = parseHomeContent(JSON.stringify({ cta: { title: "新的標題" }, badges: ["a", "b", "c", "d"] }), defaults.home_services);
    expect(home.cta).toMatchObject({ title: "新的標題", buttonLink: "/contact" });
    expect(home.badges).toEqual(["a", "b", "c"]);
    // The services a choice of 服務管理's (decision 031): entries that name no service are not kept.
    const services = parseServicesPageContent(JSON.stringify({ services: [{ service_id: 4, description: "短文" }, { title: "x" }] }), defaults.services_page);
    expect(services.services).toEqual([{ service_id: 4, description: "短文" }]);
  });

  it("reads into a copy: editing a draft leaves the shared defaults as they were", () => {
    const read = parseServicesPageContent("{not json", defaults.services_page);
    read.services.push({ service_id: 1 });
    read.hero.stats.pop();
    expect(defaults.services_page.services).toEqual([]);
    expect(defaults.services_page.hero.stats).toHaveLength(3);
  });

  it("saves JSON pages as JSON (badges cleaned, the choice of services as chosen) and HTML pages as HTML", () => {
    const draft = draftOf(page({ page_key: "services_page", content: JSON.stringify(defaults.services_page) }), defaults);
    draft.servicesPage!.section.badges = ["一", " ", "二"];
    draft.servicesPage!.services = [{ service_id: 2 }, { service_id: 1, hidden: true, badge: "熱門" }];
    const saved = JSON.parse(draftContent(draft));
    expect(saved.section.badges).toEqual(["一", "二"]);
    expect(saved.services).toEqual([{ service_id: 2 }, { service_id: 1, hidden: true, badge: "熱門" }]);

    const about = draftOf(page({ page_key: "about_company", content: "<p>hi</p>", is_active: 0 }), defaults);
    expect(pagePayload({ ...about, title: " 關於 " })).toEqual({ page_key: "about_company", title: "關於", content: "<p>hi</p>", meta_title: "", meta_description: "", meta_keywords: "", is_active: 0 });
  });

  it("refuses an empty title and a link that is neither a path nor a URL", () => {
    const draft = draftOf(page({ page_key: "home_services", content: "{}" }), defaults);
    draft.title = "";
    draft.home!.cta.buttonLink = "contact";
    draft.home!.services = [{ service_id: 5, button: { text: "預約", link: "javascript:alert(1)" } }];
    expect(draftErrors(draft)).toEqual({ title: "請輸入頁面標題", "cta-buttonLink": expect.stringContaining("/contact"), "service-5-link": expect.stringContaining("/contact") });
  });
});

describe("the about page and free pages: builder, rich text, the autosaved draft", () => {
  const built = tree(container("1", [[textElement("<p>已發布</p>")]]));

  it("opens a builder save as a tree and rich text as HTML", () => {
    const builderDraft = draftOf(page({ page_key: "spring", content: builderContent(built) }), defaults);
    expect(builderDraft).toMatchObject({ builder: built, html: "" });
    const richDraft = draftOf(page({ page_key: "about_company", content: "<p>hi</p>" }), defaults);
    expect(richDraft).toMatchObject({ builder: null, html: "<p>hi</p>" });
    expect(draftOf(page({ page_key: "home_services", content: "{}" }), defaults).builder).toBeNull();
  });

  it("opens the autosaved draft's fields when there is one", () => {
    const draftTree = tree(container("1", [[textElement("<p>草稿</p>")]]));
    const opened = draftOf(
      page({
        page_key: "spring",
        title: "已發布標題",
        content: builderContent(built),
        draft: { title: "草稿標題", content: builderContent(draftTree), meta_title: "草稿 SEO", meta_description: "", meta_keywords: "", is_active: 0 },
        draft_saved_at: "2026-03-04T05:06:07Z",
      }),
      defaults,
    );
    expect(opened).toMatchObject({ title: "草稿標題", meta_title: "草稿 SEO", is_active: false, builder: draftTree });
  });

  it("saves a built page as its tree with the generated HTML, and a PUT carries the base revision and the autosave flag", () => {
    const draft = draftOf(page({ page_key: "spring", content: builderContent(built) }), defaults);
    const saved = parseBuilderContent(draftContent(draft));
    expect(saved?.builder).toEqual(built);
    expect(saved?.html).toContain("<p>已發布</p>");
    expect(updatePayload(draft, 7, true)).toMatchObject({ page_key: "spring", base_revision: 7, autosave: true, content: draftContent(draft) });
    expect(updatePayload(draft, 8, false)).toMatchObject({ base_revision: 8, autosave: false });
  });
});
