// Banner videos in the formats staff have (issue 25; 002 §2.2, §5; decision
// 029): QuickTime, AVI and MPEG files made here with the FFmpeg the product
// ships are accepted by their bytes, turned by the video job into an H.264 /
// AAC MP4 with +faststart and a WebP poster, and answered to visitors as the
// ready video; an H.264 MP4 gets its poster and plays as uploaded; a file
// FFmpeg cannot read ends as an error in words, and the server goes on.
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Banner } from "#contract/banner.ts";
import type { MediaFile } from "#contract/media.ts";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { MB, mp4OfSize, multipart, plainText } from "#tests/factories/media.factory.ts";
import { describeVideo, generatedVideo, VIDEO_KINDS, type VideoKind } from "#tests/factories/video.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const UNREADABLE = "這個影片檔無法讀取，請換一個檔案再上傳";

let t: TestApp;
let token: string;
let jobTemp: string;
const originalTmp = process.env.TMPDIR;

beforeAll(async () => {
  // The job's temporary folders go here, so the test can see that none is left behind.
  jobTemp = await mkdtemp(path.join(tmpdir(), "banner-videos-"));
  process.env.TMPDIR = jobTemp;
  // The test runs the jobs itself (queue.runDue()), so it sees the state before and after.
  t = await createTestApp({}, { runJobs: false });
  token = await adminToken(t);
}, 60_000);
afterAll(async () => {
  // Assigned undefined, TMPDIR would be the folder "undefined" for every later file of this worker.
  if (originalTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = originalTmp;
  await t?.close();
  await rm(jobTemp, { recursive: true, force: true });
});

type Uploaded = MediaFile & { path?: string };

async function upload(url: "/api.php/upload" | "/admin-api.php/media", content: Buffer, filename: string, declared: string) {
  const parts = url === "/api.php/upload" ? [{ name: "folder", value: "banners" }] : [];
  const body = multipart([...parts, { name: url === "/api.php/upload" ? "image" : "file", content, filename, contentType: declared }]);
  return t.app.inject({ method: "POST", url, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
}

async function uploadOk(url: "/api.php/upload" | "/admin-api.php/media", kind: VideoKind): Promise<Uploaded> {
  const res = await upload(url, await generatedVideo(kind), `clip.${VIDEO_KINDS[kind].extension}`, VIDEO_KINDS[kind].declared);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function createVideoBanner(title: string, videoUrl: string): Promise<Banner> {
  const res = await t.app.inject({ method: "POST", url: "/api.php/hero-banners", headers: bearer(token), payload: { title, media_type: "video", video_url: videoUrl } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const adminBanners = async (): Promise<Banner[]> => (await t.app.inject({ method: "GET", url: "/api.php/hero-banners", headers: bearer(token) })).json().data;
const publicBanners = async (): Promise<Banner[]> => (await t.app.inject({ method: "GET", url: "/api.php/hero-banners" })).json().data;
const libraryFile = async (id: number): Promise<MediaFile> =>
  ((await t.app.inject({ method: "GET", url: "/admin-api.php/media", headers: bearer(token) })).json().data as MediaFile[]).find((file) => file.id === id)!;
/** The video job's temporary folders (the test database's data folder is there too). */
const jobFolders = async () => (await readdir(jobTemp)).filter((name) => name.startsWith("video-job-"));
const serve = (url: string) => t.app.inject({ method: "GET", url });
const onDisk = async (url: string) => (await serve(url)).statusCode === 200;

/** The served MP4 plays everywhere: H.264 4:2:0 and AAC, with its index (moov) before the data (+faststart). */
async function expectWebMp4(url: string, size: string) {
  const res = await serve(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^video\/mp4/);
  const bytes = res.rawPayload;
  expect(bytes.indexOf("moov")).toBeGreaterThan(0);
  expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));
  const described = await describeVideo(bytes);
  expect(described).toMatch(new RegExp(`Video: h264 .*yuv420p.*${size}`));
  expect(described).toMatch(/Audio: aac/);
}

async function expectWebpPoster(url: string, width: number) {
  const res = await serve(url);
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^image\/webp/);
  const metadata = await sharp(res.rawPayload).metadata();
  expect([metadata.format, metadata.width]).toEqual(["webp", width]);
}

describe("a QuickTime movie on the banner upload becomes an MP4 every browser plays", () => {
  it("is accepted by its bytes, shown 處理中 until the job has run, then answered as the ready MP4 with its poster", async () => {
    const uploaded = await uploadOk("/api.php/upload", "mov");
    expect(uploaded.mime_type).toBe("video/quicktime");
    expect(uploaded.path).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]+\.mov$/);
    expect(uploaded.video).toEqual({ status: "processing", progress: null, error: "", poster_url: "", play_url: "" });

    // The banner can be saved while its video is processing; visitors get no unplayable address meanwhile.
    const banner = await createVideoBanner("iPhone 影片", uploaded.file_path);
    expect(banner.video.status).toBe("processing");
    expect((await adminBanners()).find((item) => item.id === banner.id)!.video_url).toBe(uploaded.file_path);
    const before = (await publicBanners()).find((item) => item.id === banner.id)!;
    expect(before.video_url).toBe("");
    expect(before.video.status).toBe("processing");

    expect(await t.jobs.runDue()).toBeGreaterThanOrEqual(1);

    const ready = (await adminBanners()).find((item) => item.id === banner.id)!;
    expect(ready.video.status).toBe("ready");
    expect(ready.video.progress).toBeNull();
    expect(ready.video_url).toBe(uploaded.file_path);
    expect(ready.video.play_url).toBe(uploaded.file_path.replace(/\.mov$/, "-web.mp4"));
    expect(ready.video.poster_url).toBe(uploaded.file_path.replace(/\.mov$/, "-poster.webp"));
    await expectWebMp4(ready.video.play_url, "320x240");
    await expectWebpPoster(ready.video.poster_url, 320);

    // Visitors (the API and the home page's slides) get the MP4 and the poster; the cached answer followed the job.
    const after = (await publicBanners()).find((item) => item.id === banner.id)!;
    expect([after.video_url, after.video.poster_url]).toEqual([ready.video.play_url, ready.video.poster_url]);
    const slide = (await t.services.site.banners.heroSlides()).banners.find((item) => item.id === banner.id)!;
    expect(slide.video_url).toBe(ready.video.play_url);

    // The job's temporary copies are gone; the original is kept as uploaded.
    expect(await jobFolders()).toEqual([]);
    expect(await onDisk(uploaded.file_path)).toBe(true);
  });
});

describe("the library takes AVI and MPEG too, and makes them playable", () => {
  it.each([["an AVI (Motion JPEG)", "avi"] as const, ["an MPEG program stream", "mpg"] as const])("%s", async (_label, kind) => {
    const uploaded = await uploadOk("/admin-api.php/media", kind);
    expect(uploaded.mime_type).toBe(VIDEO_KINDS[kind].declared);
    expect(uploaded.video.status).toBe("processing");
    await t.jobs.runDue();
    const file = await libraryFile(uploaded.id);
    expect(file.video.status).toBe("ready");
    await expectWebMp4(file.video.play_url, "320x240");
    await expectWebpPoster(file.video.poster_url, 320);
  });

  it("an H.264 / AAC MP4 plays as uploaded: it gets its poster and no second copy; deleting it for good (from the trash) removes the poster too", async () => {
    const uploaded = await uploadOk("/admin-api.php/media", "mp4");
    await t.jobs.runDue();
    const file = await libraryFile(uploaded.id);
    expect(file.video.status).toBe("ready");
    expect(file.video.play_url).toBe(uploaded.file_path);
    await expectWebpPoster(file.video.poster_url, 320);
    expect(await onDisk(uploaded.file_path.replace(/\.mp4$/, "-web.mp4"))).toBe(false);

    // The first delete moves it to the trash, bytes and poster kept; the second deletes it for good.
    const trashed = await t.app.inject({ method: "DELETE", url: `/admin-api.php/media/${uploaded.id}`, headers: bearer(token) });
    expect(trashed.statusCode, trashed.body).toBe(200);
    expect(await onDisk(file.video.poster_url)).toBe(true);
    const res = await t.app.inject({ method: "DELETE", url: `/admin-api.php/media/${uploaded.id}`, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await onDisk(uploaded.file_path)).toBe(false);
    expect(await onDisk(file.video.poster_url)).toBe(false);
  });
});

describe("a file FFmpeg cannot read", () => {
  it("a QuickTime header over random bytes: accepted by its bytes, then the banner says why it cannot be used, visitors never get it, and the server goes on", async () => {
    const header = (await generatedVideo("mov")).subarray(0, 32);
    const corrupt = Buffer.concat([header, Buffer.from(Array.from({ length: 64 * 1024 }, (_, index) => (index * 7919 + 13) % 251))]);
    const res = await upload("/api.php/upload", corrupt, "broken.mov", "video/quicktime");
    expect(res.statusCode, res.body).toBe(200);
    const uploaded: Uploaded = res.json().data;
    expect(uploaded.mime_type).toBe("video/quicktime");
    const banner = await createVideoBanner("壞掉的影片", uploaded.file_path);

    await t.jobs.runDue();

    const failed = (await adminBanners()).find((item) => item.id === banner.id)!;
    expect(failed.video).toEqual({ status: "error", progress: null, error: UNREADABLE, poster_url: "", play_url: "" });
    expect((await publicBanners()).some((item) => item.id === banner.id)).toBe(false);
    expect((await t.services.site.banners.heroSlides()).banners.some((item) => item.id === banner.id)).toBe(false);
    // Final at once: not retried, not a failed job on the dashboard; nothing left in the temporary folder.
    expect(await t.jobs.failedCount()).toBe(0);
    expect(await t.jobs.runDue()).toBe(0);
    expect(await jobFolders()).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    // Staff can still edit the banner and choose another video.
    const saved = await t.app.inject({ method: "PUT", url: `/api.php/hero-banners/${banner.id}`, headers: bearer(token), payload: { title: "換過標題" } });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe("what the banner upload refuses", () => {
  it("a video over 100 MB: 413 檔案大小不能超過 100MB", async () => {
    const res = await upload("/api.php/upload", mp4OfSize(100 * MB + 1), "long.mov", "video/quicktime");
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe("檔案大小不能超過 100MB");
  });

  it("a text file named .mov and declared video/quicktime: 415 with the formats in words", async () => {
    const res = await upload("/api.php/upload", plainText(), "clip.mov", "video/quicktime");
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe("不支援的檔案格式，僅支援 JPG、PNG、GIF、WebP、AVIF 圖片及 MP4、WebM、MOV、MPEG、AVI 影片");
  });
});
