import { describe, expect, it } from "vitest";
import { renderTree } from "./render.ts";
import { everyElementTree as everyElement, everyElementPictures as pictures } from "#tests/factories/page-builder.factory.ts";

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
