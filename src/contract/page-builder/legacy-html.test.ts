import { describe, expect, it } from "vitest";
import { LEGACY_NOTE, treeFromLegacyHtml } from "./legacy-html.ts";
import { everyElementPictures, everyElementTree } from "#tests/factories/page-builder.factory.ts";
import { renderTree } from "./render.ts";
import { builderTreeSchema, type BuilderTree } from "./tree.ts";

describe("older HTML parsed back into the builder's tree", () => {
  it("reads the spec's container / column / text markup with every element it knows, in a layout near the widths", () => {
    const html = [
      '<div class="container">',
      '<div class="column" style="width: 66.67%"><div class="text"><h2>居家清潔</h2><p>專業<strong>團隊</strong></p></div>',
      '<img src="/uploads/2026/01/a.jpg" alt="客廳"><img src="/uploads/2026/01/line.png" alt=""></div>',
      '<div class="column" style="width: 33.33%">',
      '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="水塔清洗"></iframe>',
      '<video poster="/uploads/2026/01/p.webp" aria-label="施工"><source src="/uploads/2026/01/v.mp4"></video>',
      '<form action="https://example.com"><input name="q"></form>',
      "</div></div>",
    ].join("");
    const tree = treeFromLegacyHtml(html);
    expect(builderTreeSchema.safeParse(tree).success).toBe(true);
    expect(tree.containers).toHaveLength(1);
    const [box] = tree.containers;
    expect(box!.layout).toBe("2-1");
    expect(box!.columns[0]!.elements.map((element) => element.type)).toEqual(["text", "image", "image"]);
    expect(box!.columns[0]!.elements[0]).toMatchObject({ html: "<h2>居家清潔</h2><p>專業<strong>團隊</strong></p>" });
    expect(box!.columns[0]!.elements[1]).toMatchObject({ src: "/uploads/2026/01/a.jpg", alt: "客廳", decorative: false });
    // An empty alt was a choice: the picture is decorative.
    expect(box!.columns[0]!.elements[2]).toMatchObject({ alt: "", decorative: true });
    expect(box!.columns[1]!.elements).toEqual([
      expect.objectContaining({ type: "video", source: "youtube", youtube: "dQw4w9WgXcQ", title: "水塔清洗" }),
      expect.objectContaining({ type: "video", source: "upload", src: "/uploads/2026/01/v.mp4", poster: "/uploads/2026/01/p.webp", title: "施工" }),
      expect.objectContaining({ type: "code", html: '<form action="https://example.com"><input name="q"></form>', note: LEGACY_NOTE }),
    ]);
  });

  it("keeps loose HTML around containers as single-column containers, in order", () => {
    const tree = treeFromLegacyHtml('<p>前言</p><div class="container"><div class="column"><p>中間</p></div></div><p>結語</p>');
    expect(tree.containers.map((box) => [box.layout, box.columns[0]!.elements.map((element) => element.type === "text" && element.html)])).toEqual([
      ["1", ["<p>前言</p>"]],
      ["1", ["<p>中間</p>"]],
      ["1", ["<p>結語</p>"]],
    ]);
  });

  it("keeps every column of a container wider than any layout (the extra ones join the last)", () => {
    const columns = Array.from({ length: 8 }, (_, index) => `<div class="column"><p>第 ${index + 1} 欄</p></div>`).join("");
    const tree = treeFromLegacyHtml(`<div class="container">${columns}</div>`);
    const [box] = tree.containers;
    expect(box!.layout).toBe("6x1");
    expect(box!.columns).toHaveLength(6);
    // The last three columns' paragraphs are one text together.
    expect(box!.columns[5]!.elements).toEqual([expect.objectContaining({ html: "<p>第 6 欄</p><p>第 7 欄</p><p>第 8 欄</p>" })]);
  });

  it("never throws nor drops what it does not know, and never keeps it where it could run", () => {
    const samples = [
      "",
      "   ",
      "<div><span>未關閉",
      "<<<>>>&&&",
      '<script>alert(1)</script><p onclick="x()">字</p>',
      '<div class="container"></div>',
      '<div class="container"><p>沒有欄</p></div>',
      "<table><tr><td>表格</td></tr></table>",
      "<marquee>跑馬燈</marquee>",
      "\u0000\uFFFF<svg><foreignObject><p>x</p></foreignObject></svg>",
    ];
    for (const html of samples) {
      const tree = treeFromLegacyHtml(html);
      expect(builderTreeSchema.safeParse(tree).success, html).toBe(true);
      expect(treeFromLegacyHtml(html), "deterministic").toEqual(tree);
    }
    const script = treeFromLegacyHtml("<script>alert(1)</script>").containers[0]!.columns[0]!.elements[0];
    // Kept as code: a code element is only ever shown inside a sandboxed frame (and sanitised by the server).
    expect(script).toMatchObject({ type: "code", html: "<script>alert(1)</script>", note: LEGACY_NOTE });
    const marquee = treeFromLegacyHtml("<marquee>跑馬燈</marquee>").containers[0]!.columns[0]!.elements[0];
    expect(marquee).toMatchObject({ type: "code", html: "<marquee>跑馬燈</marquee>" });
    expect(treeFromLegacyHtml("").containers).toEqual([]);
  });

  it("reads the builder's own HTML back into the same tree: an edited source keeps its elements, ids and phone rules", () => {
    const { html } = renderTree(everyElementTree, { pictures: everyElementPictures });
    const tree = treeFromLegacyHtml(html);
    // Columns carry no id in the HTML, and an empty alt reads as "not described yet" (the findings ask).
    const comparable = (built: BuilderTree) =>
      built.containers.map((box) => ({
        ...box,
        mobile: { ...box.mobile, hidden: box.mobile.hidden.map((id) => box.columns.findIndex((column) => column.id === id)) },
        columns: box.columns.map((column) => column.elements.map((element) => (element.type === "image" ? { ...element, decorative: false } : element))),
      }));
    expect(comparable(tree)).toEqual(comparable(everyElementTree));
    expect(treeFromLegacyHtml(renderTree(tree).html)).toEqual(tree);
  });

  it("keeps an edited source's id once: a container pasted twice gets a fresh id the second time", () => {
    const { html } = renderTree(everyElementTree);
    const section = html.slice('<div class="pb-page">'.length, html.indexOf("</section>") + "</section>".length);
    const tree = treeFromLegacyHtml(section + section);
    expect(builderTreeSchema.safeParse(tree).success).toBe(true);
    expect(tree.containers[0]!.id).toBe("box001");
    expect(tree.containers[1]!.id).not.toBe("box001");
  });
});
