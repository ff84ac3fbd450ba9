import { describe, expect, it } from "vitest";
import type { VideoProcessing } from "../../media.ts";
import { renderTree } from "../render.ts";
import { builderTreeSchema } from "../tree.ts";
import { uploadedVideoPaths } from "./video.ts";

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

describe("an uploaded video file, as the video job has made it (decision 029)", () => {
  const MOV = "/uploads/2026/01/clip.mov";
  const fileVideo = (poster = "") =>
    builderTreeSchema.parse({
      containers: [{ id: "box001", layout: "1", columns: [{ id: "col001", elements: [{ id: "vid001", type: "video", source: "upload", src: MOV, poster, title: "水塔清洗" }] }] }],
    });
  const state = (status: "processing" | "ready" | "error", extra: Partial<VideoProcessing> = {}): Record<string, VideoProcessing> => ({
    [MOV]: { status, progress: null, error: "", poster_url: "", play_url: "", ...extra },
  });

  it("is shown as chosen when nothing is known of it (the editor's preview)", () => {
    expect(renderTree(fileVideo()).html).toContain(`<source src="${MOV}" type="video/mp4">`);
  });

  it("plays its MP4 with the file's poster once ready, or the element's own poster", () => {
    const ready = state("ready", { play_url: "/uploads/2026/01/clip-web.mp4", poster_url: "/uploads/2026/01/clip-poster.webp" });
    const html = renderTree(fileVideo(), { videos: ready }).html;
    expect(html).toContain('<video controls preload="none" poster="/uploads/2026/01/clip-poster.webp" aria-label="水塔清洗"><source src="/uploads/2026/01/clip-web.mp4" type="video/mp4"></video>');
    expect(html).not.toContain(MOV);
    expect(renderTree(fileVideo("/uploads/2026/01/own.jpg"), { videos: ready }).html).toContain('poster="/uploads/2026/01/own.jpg"');
  });

  it("shows its poster and no <video> while processing, and nothing at all without a poster yet or after an error", () => {
    const pending = renderTree(fileVideo(), { videos: state("processing", { progress: 40, poster_url: "/uploads/2026/01/clip-poster.webp" }) }).html;
    expect(pending).toContain('<div class="pb-video pb-video-pending"><img src="/uploads/2026/01/clip-poster.webp" alt="水塔清洗"');
    expect(pending).not.toContain("<video");
    expect(renderTree(fileVideo(), { videos: state("processing") }).html).not.toMatch(/<video|<img|pb-video"/);
    const failed = renderTree(fileVideo("/uploads/2026/01/own.jpg"), { videos: state("error", { error: "這個影片檔無法讀取，請換一個檔案再上傳" }) }).html;
    expect(failed).not.toMatch(/<video|<img|無法讀取/);
  });

  it("names the uploaded files a page plays, once each, and not YouTube or other addresses", () => {
    const elements = [
      { type: "video", source: "upload", src: MOV },
      { type: "video", source: "url", src: "https://example.com/a.mp4" },
      { type: "video", source: "youtube", src: "" },
      { type: "video", source: "upload", src: MOV },
      { type: "image", src: "/uploads/2026/01/a.jpg" },
    ];
    expect(uploadedVideoPaths(elements)).toEqual([MOV]);
  });
});
