import { describe, expect, it } from "vitest";
import { parseBuilderContent } from "#contract/page-builder/content.ts";
import { LEGACY_NOTE } from "#contract/page-builder/legacy-html.ts";
import { renderTree } from "#contract/page-builder/render.ts";
import { builderContent, container, imageElement, textElement, tree } from "#tests/factories/page-builder.factory.ts";
import { builderContentOf, canUseBuilder, opensInBuilder, parsedNotice, richTextOfTree, treeFromRichText } from "./page-mode.ts";

describe("which pages the builder edits", () => {
  it("the about page and free pages; the two JSON pages keep their own editors", () => {
    expect(["about_company", "spring-sale", "promo_2026"].map(canUseBuilder)).toEqual([true, true, true]);
    expect(["home_services", "services_page", "services"].map(canUseBuilder)).toEqual([false, false, false]);
  });
});

describe("the mode a page opens in", () => {
  it("the builder for a builder save or an older page's container markup; rich text for other HTML", () => {
    expect(opensInBuilder(builderContent(tree(container("1", [[textElement()]]))))).toBe(true);
    expect(opensInBuilder('<div class="container"><div class="column" style="width: 50%"><div class="text"><p>舊</p></div></div></div>')).toBe(true);
    expect(opensInBuilder("<h2>關於我們</h2><p>在地二十年</p>")).toBe(false);
    expect(opensInBuilder("")).toBe(false);
    // A rich-text page that mentions a container in its words is still rich text.
    expect(opensInBuilder("<p>container 的清洗</p>")).toBe(false);
  });
});

describe("switching modes", () => {
  it("rich text → builder parses the HTML into a tree and counts what it kept as code", () => {
    const plain = treeFromRichText("<h2>服務</h2><p>專業清潔</p>");
    expect(plain.keptAsCode).toBe(0);
    expect(plain.tree.containers).toHaveLength(1);
    expect(renderTree(plain.tree).html).toContain("<h2>服務</h2>");
    expect(parsedNotice(plain.keptAsCode)).toBe("已轉換為視覺編輯");

    const odd = treeFromRichText("<p>前言</p><form action='/x'><input name='q'></form>");
    const code = odd.tree.containers.flatMap((c) => c.columns.flatMap((column) => column.elements)).filter((element) => element.type === "code");
    expect(code.map((element) => element.type === "code" && element.note)).toEqual([LEGACY_NOTE]);
    expect(odd.keptAsCode).toBe(1);
    expect(parsedNotice(odd.keptAsCode)).toContain("有 1 段無法辨識的內容");
  });

  it("builder → rich text keeps the generated HTML", () => {
    const built = tree(container("1-1", [[textElement("<p>左</p>")], [textElement("<p>右</p>")]]));
    const html = richTextOfTree(built);
    expect(html).toBe(renderTree(built).html);
    expect(html).toContain("<p>左</p>");
    expect(html).toContain("<p>右</p>");
  });

  it("saves a tree as the builder's JSON with the HTML generated from it", () => {
    const built = tree(container("1", [[textElement("<p>內容</p>"), imageElement()]]));
    const saved = parseBuilderContent(builderContentOf(built));
    expect(saved).toEqual({ builder: built, html: renderTree(built).html });
  });
});
