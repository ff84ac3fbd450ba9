import { describe, expect, it } from "vitest";
import { renderTree } from "./render.ts";
import { builderTreeSchema, type BuilderTree } from "./tree.ts";

/** A page with every element type, every mobile rule and a picture the media library has variants of. */
const everyElement: BuilderTree = builderTreeSchema.parse({
  containers: [
    {
      id: "box001",
      layout: "2-1",
      background: "#f1f5f9",
      mobile: { order: "reverse", hidden: ["col002"], gap: "large" },
      columns: [
        {
          id: "col001",
          elements: [
            { id: "txt001", type: "text", html: "<h2>居家清潔</h2><p>專業團隊</p>" },
            { id: "img001", type: "image", src: "/uploads/2026/01/a.jpg", alt: "清潔後的客廳 \"前後\" <對照>", link: "/contact", caption: "客廳" },
            { id: "img002", type: "image", src: "https://example.com/b.jpg", alt: "", decorative: true },
          ],
        },
        {
          id: "col002",
          elements: [
            { id: "vid001", type: "video", source: "youtube", youtube: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "水塔清洗過程" },
            { id: "vid002", type: "video", source: "upload", src: "/uploads/2026/01/v.webm", poster: "/uploads/2026/01/p.webp", title: "施工" },
          ],
        },
      ],
    },
    {
      id: "box002",
      layout: "1-1-1",
      columns: [
        { id: "col003", elements: [{ id: "cod001", type: "code", html: '<p style="color:red">片段 & "引號"</p>', height: 120 }] },
        { id: "col004", elements: [{ id: "spc001", type: "spacer", height: 40 }] },
        {
          id: "col005",
          elements: [{ id: "crd001", type: "serviceCard", icon: "star", iconColor: "#1d4ed8", backgroundColor: "#ffffff", title: "<定期>打掃", description: "每週一次", items: ["客廳", "廚房"], alignment: "center" }],
        },
      ],
    },
  ],
});

const pictures = {
  "/uploads/2026/01/a.jpg": { width: 1600, height: 1200, placeholder: "", alt: "", avif: "/uploads/2026/01/a-640.avif 640w, /uploads/2026/01/a-1024.avif 1024w", webp: "/uploads/2026/01/a-640.webp 640w" },
};

describe("a builder tree as HTML", () => {
  it("is the same bytes for the same tree (snapshot)", async () => {
    const first = renderTree(everyElement, { pictures });
    expect(renderTree(structuredClone(everyElement), { pictures }).html).toBe(first.html);
    await expect(first.html.replaceAll("><", ">\n<")).toMatchFileSnapshot("__snapshots__/every-element.html");
  });

  it("sizes an uploaded picture at its column's width, loads the first at once and the others lazily", () => {
    const { html } = renderTree(everyElement, { pictures });
    expect(html).toContain('sizes="(min-width: 1200px) 800px, (min-width: 768px) 67vw, 100vw"');
    expect(html).toMatch(/<img src="\/uploads\/2026\/01\/a.jpg" alt="[^"]*" width="1600" height="1200" fetchpriority="high"/);
    expect(html).toMatch(/<img src="https:\/\/example.com\/b.jpg" alt="" loading="lazy"/);
  });

  it("escapes what a person typed and keeps a snippet inside its sandboxed frame (its HTML, once unescaped, as written)", () => {
    const { html } = renderTree(everyElement, { pictures });
    expect(html).toContain('alt="清潔後的客廳 &quot;前後&quot; &lt;對照&gt;"');
    expect(html).toContain("&lt;定期&gt;打掃");
    expect(html).toContain('<iframe class="pb-code" sandbox="" title="嵌入內容" height="120" loading="lazy" srcdoc="&lt;p style=&quot;color:red&quot;&gt;片段 &amp; &quot;引號&quot;&lt;/p&gt;"></iframe>');
  });

  it("writes the mobile rules as classes and says when the YouTube player is needed", () => {
    const rendered = renderTree(everyElement, { pictures });
    expect(rendered.html).toContain('<section class="pb-container pb-gap-large pb-reverse" style="background-color:#f1f5f9" data-pb-id="box001">');
    expect(rendered.html).toContain('<div class="pb-column pb-w-33-33 pb-hide-mobile">');
    expect(rendered.hasYoutube).toBe(true);
    const withoutVideo = { ...everyElement, containers: everyElement.containers.slice(1) };
    expect(renderTree(withoutVideo).hasYoutube).toBe(false);
    expect(renderTree({ version: 1, containers: [] }).html).toBe('<div class="pb-page"></div>');
  });
});
