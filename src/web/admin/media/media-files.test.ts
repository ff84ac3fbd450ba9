import { describe, expect, it } from "vitest";
import type { MediaFile } from "#contract/media.ts";
import {
  absoluteUrl,
  acceptsFile,
  anyVideoProcessing,
  fileKindLabel,
  dimensionsLabel,
  DROP_ZONE_TYPES,
  displayName,
  filterMediaFiles,
  normaliseMediaFile,
  partitionUploads,
  previewSource,
  thumbnailSource,
  UPLOAD_ACCEPT,
  videoStateLabel,
} from "./media-files.ts";

const file = (id: number, patch: Partial<MediaFile> = {}): MediaFile =>
  normaliseMediaFile({
    id,
    filename: `f${id}.jpg`,
    original_name: `原始${id}.jpg`,
    file_path: `/uploads/2026/01/f${id}.jpg`,
    file_url: `/uploads/2026/01/f${id}.jpg`,
    file_size: 1000,
    mime_type: "image/jpeg",
    created_at: "2026-01-02T03:04:05.000Z",
    ...patch,
  });

describe("filterMediaFiles", () => {
  const files = [
    file(1, { original_name: "Kitchen-Before.JPG", filename: "a1b2.jpg" }),
    file(2, { original_name: "客廳清潔.png", filename: "c3d4.png", mime_type: "image/png" }),
    file(3, { original_name: "demo.mp4", filename: "e5f6.mp4", mime_type: "video/mp4" }),
  ];

  it("matches the original or the stored name, ignoring case and surrounding spaces, in the server's order", () => {
    expect(filterMediaFiles(files, "  kitchen ").map((f) => f.id)).toEqual([1]);
    expect(filterMediaFiles(files, "C3D4").map((f) => f.id)).toEqual([2]);
    expect(filterMediaFiles(files, "客廳").map((f) => f.id)).toEqual([2]);
    expect(filterMediaFiles(files, "").map((f) => f.id)).toEqual([1, 2, 3]);
    expect(filterMediaFiles(files, "nothing")).toEqual([]);
  });

  it("keeps only the kinds a screen accepts", () => {
    expect(filterMediaFiles(files, "", "image").map((f) => f.id)).toEqual([1, 2]);
    expect(filterMediaFiles(files, "", "video").map((f) => f.id)).toEqual([3]);
    expect(filterMediaFiles(files, "demo", "image")).toEqual([]);
    expect(acceptsFile({ mime_type: "application/pdf" }, "all")).toBe(false);
  });
});

describe("partitionUploads", () => {
  const picked = [
    { name: "a.jpg", type: "image/jpeg" },
    { name: "b.mp4", type: "video/mp4" },
    { name: "c.txt", type: "text/plain" },
    { name: "d", type: "" },
    { name: "e.PDF", type: "application/pdf" },
  ];

  it("sends images and videos and skips everything else (002 §4, §5)", () => {
    const { accepted, skipped } = partitionUploads(picked);
    expect(accepted.map((f) => f.name)).toEqual(["a.jpg", "b.mp4"]);
    expect(skipped.map((f) => f.name)).toEqual(["c.txt", "d", "e.PDF"]);
  });

  it("narrows to one kind when the screen accepts one", () => {
    expect(partitionUploads(picked, "image").accepted.map((f) => f.name)).toEqual(["a.jpg"]);
    expect(partitionUploads(picked, "video").accepted.map((f) => f.name)).toEqual(["b.mp4"]);
  });

  it("offers the spec's types in the file chooser and names them on the drop zone", () => {
    expect(UPLOAD_ACCEPT.all.split(",")).toEqual([
      "image/jpeg", "image/png", "image/gif", "image/webp", "image/avif",
      "video/mp4", "video/webm", "video/quicktime", "video/mpeg", "video/x-msvideo", "video/avi", ".mov", ".mpg", ".mpeg", ".avi",
    ]);
    expect(UPLOAD_ACCEPT.image.split(",").every((type) => type.startsWith("image/"))).toBe(true);
    expect(DROP_ZONE_TYPES.all).toBe("JPG、PNG、GIF、WebP、AVIF、MP4、WebM、MOV、MPEG、AVI");
    expect(DROP_ZONE_TYPES.image).not.toContain("MP4");
  });
});

describe("image sources", () => {
  const photo = file(1, {
    width: 1200,
    height: 800,
    variants: [
      { width: 1024, format: "webp", url: "/v/1024.webp" },
      { width: 320, format: "avif", url: "/v/320.avif" },
      { width: 640, format: "webp", url: "/v/640.webp" },
      { width: 320, format: "webp", url: "/v/320.webp" },
    ],
  });

  it("thumbnails use the smallest WebP variant with its computed height", () => {
    expect(thumbnailSource(photo)).toEqual({ src: "/v/320.webp", width: 320, height: 213 });
  });

  it("the preview uses the widest WebP variant that fits", () => {
    expect(previewSource(photo)).toEqual({ src: "/v/1024.webp", width: 1024, height: 683 });
    expect(previewSource(photo, 700).src).toBe("/v/640.webp");
  });

  it("a file without variants (small image, old record) shows its original", () => {
    const small = file(2, { width: 200, height: 100 });
    expect(thumbnailSource(small)).toEqual({ src: small.file_url, width: 200, height: 100 });
    expect(previewSource(file(3))).toEqual({ src: "/uploads/2026/01/f3.jpg", width: undefined, height: undefined });
  });
});

describe("labels", () => {
  it("names a file by its original name, else the stored one", () => {
    expect(displayName({ original_name: "相片.jpg", filename: "x.jpg" })).toBe("相片.jpg");
    expect(displayName({ original_name: "", filename: "x.jpg" })).toBe("x.jpg");
  });

  it("gives dimensions only when measured", () => {
    expect(dimensionsLabel({ width: 1200, height: 800 })).toBe("1200 × 800");
    expect(dimensionsLabel({ width: null, height: null })).toBe("");
  });

  it("makes site paths absolute and leaves full URLs alone", () => {
    expect(absoluteUrl("/uploads/2026/01/a.jpg", "http://127.0.0.1:3000")).toBe("http://127.0.0.1:3000/uploads/2026/01/a.jpg");
    expect(absoluteUrl("https://cdn.example.com/a.jpg", "http://127.0.0.1:3000")).toBe("https://cdn.example.com/a.jpg");
  });
});

describe("normaliseMediaFile", () => {
  it("fills the issue-4 fields an older answer lacks and reads a numeric size from text", () => {
    const record = normaliseMediaFile({ id: 9, file_path: "/uploads/2026/01/z.png", file_size: "2048" as unknown as number });
    expect(record).toMatchObject({ id: 9, file_url: "/uploads/2026/01/z.png", file_size: 2048, alt_text: "", variants: [], usages: [], width: null });
  });
});

describe("fileKindLabel", () => {
  it("names a file's type in staff's words, never the MIME type", () => {
    expect(fileKindLabel({ mime_type: "image/jpeg" })).toBe("JPG 圖片");
    expect(fileKindLabel({ mime_type: "video/mp4" })).toBe("MP4 影片");
    expect(fileKindLabel({ mime_type: "image/x-unknown" })).toBe("圖片");
    expect(fileKindLabel({ mime_type: "application/octet-stream" })).toBe("檔案");
  });
});

describe("videoStateLabel (decision 029)", () => {
  it("says 處理中 with FFmpeg's percentage when it has one, 無法讀取 for a file that cannot be played, nothing otherwise", () => {
    expect(videoStateLabel({ status: "processing", progress: null })).toEqual({ tone: "busy", text: "處理中" });
    expect(videoStateLabel({ status: "processing", progress: 42.6 })).toEqual({ tone: "busy", text: "處理中（43%）" });
    expect(videoStateLabel({ status: "error", progress: null })).toEqual({ tone: "error", text: "無法讀取" });
    expect(videoStateLabel({ status: "ready", progress: null })).toBeNull();
    expect(videoStateLabel({ status: "none", progress: null })).toBeNull();
  });

  it("keeps the list asking while any video is processing, and names the formats phones and cameras record", () => {
    const processing = file(1, { mime_type: "video/quicktime", video: { status: "processing", progress: 10, error: "", poster_url: "", play_url: "" } });
    expect(anyVideoProcessing([file(2), processing])).toBe(true);
    expect(anyVideoProcessing([file(2)])).toBe(false);
    expect(anyVideoProcessing(undefined)).toBe(false);
    expect(fileKindLabel({ mime_type: "video/quicktime" })).toBe("MOV 影片");
    expect(fileKindLabel({ mime_type: "video/x-msvideo" })).toBe("AVI 影片");
  });
});
