// A video file chosen in the page builder plays as the MP4 the video job made
// of it (decision 029): the page is published while the QuickTime movie is
// still processing, and both the public API's HTML and the site's page (its
// loader's reads, laid out as the page lays them out) show no broken <video>
// meanwhile, then the MP4 with the file's poster once the job has run (the
// page's render is kept under the library's tag, which the job's end drops).
// A file FFmpeg cannot read leaves nothing on the page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaFile } from "#contract/media.ts";
import { renderTree } from "#contract/page-builder/render.ts";
import type { ElementOf } from "#contract/page-builder/tree.ts";
import type { CacheTag } from "#server/lib/cache-tags.ts";
import { collectingTags } from "#server/lib/public-cache.ts";
import { contentMedia } from "#web/site/pages/built-page-content.tsx";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { multipart } from "#tests/factories/media.factory.ts";
import { builderContent, container, testNodeId, tree } from "#tests/factories/page-builder.factory.ts";
import { generatedVideo } from "#tests/factories/video.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

let t: TestApp;
let token: string;
beforeAll(async () => {
  // The test runs the video job itself (jobs.runDue()), so it sees the page before and after.
  t = await createTestApp({}, { runJobs: false });
  token = await adminToken(t);
}, 60_000);
afterAll(async () => t?.close());

async function uploadToLibrary(content: Buffer, filename: string): Promise<MediaFile> {
  const body = multipart([{ name: "file", content, filename, contentType: "video/quicktime" }]);
  const res = await t.app.inject({ method: "POST", url: "/admin-api.php/media", headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const fileVideo = (src: string, poster = ""): ElementOf<"video"> => ({ id: testNodeId("v"), type: "video", source: "upload", src, youtube: "", poster, title: "水塔清洗過程" });

async function publish(pageKey: string, elements: ElementOf<"video">[]) {
  const res = await t.app.inject({
    method: "POST",
    url: "/admin-api.php/pages",
    headers: bearer(token),
    payload: { page_key: pageKey, title: "清洗影片", content: builderContent(tree(container("1", [elements]))), is_active: 1 },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** GET /api.php/pages/{key}: the built page's HTML as the public API serves it. */
async function apiHtml(pageKey: string): Promise<string> {
  const res = await t.app.inject({ method: "GET", url: `/api.php/pages/${pageKey}` });
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.json().data.content).html;
}

/** The site's page body (free-page.route.tsx's loader, then ContentPageBody's layout), with the cache tags its render collects. */
async function siteHtml(pageKey: string): Promise<{ html: string; tags: Set<CacheTag> }> {
  const tags = new Set<CacheTag>();
  const { page, media } = await collectingTags(tags, async () => {
    const page = (await t.services.site.pages.freePage(pageKey))!;
    return { page, media: await contentMedia(t.services.site.media, page) };
  });
  return { html: renderTree(page.tree!, media).html, tags };
}

describe("a QuickTime movie on a built page", () => {
  it("shows no broken <video> while processing, then its MP4 with the file's poster, or the element's own, after the job", async () => {
    const movie = await uploadToLibrary(await generatedVideo("mov"), "清洗.mov");
    const ownPoster = "/uploads/2026/01/own-poster.jpg";
    await publish("wash-video", [fileVideo(movie.file_path), fileVideo(movie.file_path, ownPoster)]);

    // Published while processing (no poster made yet): nothing a browser would fail to play.
    for (const html of [await apiHtml("wash-video"), (await siteHtml("wash-video")).html]) {
      expect(html).not.toContain("<video");
      expect(html).not.toContain(movie.file_path);
    }
    // The element with its own poster shows that picture meanwhile.
    expect(await apiHtml("wash-video")).toContain(`<div class="pb-video pb-video-pending"><img src="${ownPoster}" alt="水塔清洗過程"`);
    // The page's render reads the library, so the job's end (media tag) drops it from the page cache.
    expect((await siteHtml("wash-video")).tags).toContain("media");

    expect(await t.jobs.runDue()).toBeGreaterThanOrEqual(1);

    const mp4 = movie.file_path.replace(/\.mov$/, "-web.mp4");
    const poster = movie.file_path.replace(/\.mov$/, "-poster.webp");
    for (const html of [await apiHtml("wash-video"), (await siteHtml("wash-video")).html]) {
      expect(html).toContain(`<video controls preload="none" poster="${poster}" aria-label="水塔清洗過程"><source src="${mp4}" type="video/mp4"></video>`);
      expect(html).toContain(`<video controls preload="none" poster="${ownPoster}" aria-label="水塔清洗過程"><source src="${mp4}" type="video/mp4"></video>`);
      expect(html).not.toContain(movie.file_path);
      expect(html).not.toContain("pb-video-pending");
    }
    expect((await t.app.inject({ method: "GET", url: mp4 })).headers["content-type"]).toMatch(/^video\/mp4/);

    // The stored content still names the library file staff chose (it stays referenced, and in use).
    const stored = await t.app.inject({ method: "GET", url: "/admin-api.php/media", headers: bearer(token) });
    const file = (stored.json().data as MediaFile[]).find((entry) => entry.id === movie.id)!;
    expect(file.usages.length).toBeGreaterThan(0);
  });

  it("a movie FFmpeg cannot read leaves nothing on the page, not even the element's poster", async () => {
    const header = (await generatedVideo("mov")).subarray(0, 32);
    const corrupt = Buffer.concat([header, Buffer.from(Array.from({ length: 64 * 1024 }, (_, index) => (index * 7919 + 13) % 251))]);
    const movie = await uploadToLibrary(corrupt, "壞掉.mov");
    await publish("broken-video", [fileVideo(movie.file_path, "/uploads/2026/01/own-poster.jpg")]);
    await t.jobs.runDue();

    for (const html of [await apiHtml("broken-video"), (await siteHtml("broken-video")).html]) {
      expect(html).toContain('class="pb-element pb-video-element"');
      expect(html).not.toMatch(/<video|<img|\.mov/);
    }
  });
});
