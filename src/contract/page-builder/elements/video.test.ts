import { describe, expect, it } from "vitest";
import { renderTree } from "../render.ts";
import { builderTreeSchema } from "../tree.ts";

const pageWith = (poster: string) =>
  builderTreeSchema.parse({
    containers: [
      {
        id: "box001",
        layout: "2-1",
        columns: [{ id: "col001", elements: [{ id: "vid001", type: "video", source: "youtube", youtube: "https://youtu.be/dQw4w9WgXcQ", poster, title: "水塔清洗" }] }, { id: "col002", elements: [] }],
      },
    ],
  });

describe("a YouTube video's thumbnail", () => {
  it("is YouTube's own picture when no poster was chosen", () => {
    const { html } = renderTree(pageWith(""));
    expect(html).toContain('<a class="pb-youtube-link" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"><img src="https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg" alt=""');
  });

  it("is an uploaded poster's smaller variants, sized at its column's width", () => {
    const pictures = { "/uploads/2026/01/p.jpg": { width: 1920, height: 1080, placeholder: "", alt: "", avif: "/uploads/2026/01/p-640w.avif 640w", webp: "/uploads/2026/01/p-640w.webp 640w" } };
    const { html } = renderTree(pageWith("/uploads/2026/01/p.jpg"), { pictures });
    expect(html).toContain(
      '<a class="pb-youtube-link" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"><picture><source type="image/avif" srcset="/uploads/2026/01/p-640w.avif 640w" sizes="(min-width: 1200px) 800px, (min-width: 768px) 67vw, 100vw">',
    );
    expect(html).toMatch(/<source type="image\/webp"[^>]*><img src="\/uploads\/2026\/01\/p.jpg" alt="" loading="lazy"[^>]*><\/picture><span class="pb-play">/);
  });
});
