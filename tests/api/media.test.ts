// Uploads and the media library through the HTTP API: the type decided by the
// bytes, size and pixel limits that leave nothing behind, generated names,
// EXIF stripping and orientation, responsive variants served with long-lived
// caching and range requests, alt text, deletion guarded by the reference
// index, and cleanup of unused files (issue 4; 002 §2.8, §3, §7; 001 §5).
import { readdirSync, existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_CLEANUP_FILES, type MediaFile, type TrashedMediaFile } from "#contract/media.ts";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import {
  avifImage,
  bombPng,
  exifHasGps,
  gifImage,
  htmlPage,
  jpegOfAtLeast,
  MARKER,
  MB,
  mp4OfSize,
  mp4Video,
  multipart,
  pdfDocument,
  phoneJpeg,
  phpScript,
  plainText,
  pngImage,
  svgWithScript,
  webmVideo,
  webpImage,
  type MultipartPart,
} from "#tests/factories/media.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const LOGIN_REQUIRED = "請先登入後台管理系統";
const VALIDATION_MESSAGE = "輸入資料有誤，請檢查標示的欄位";
const LIBRARY_TYPES = "不支援的檔案格式，僅支援 JPG、PNG、GIF、WebP、AVIF 圖片及 MP4、WebM、MOV、MPEG、AVI 影片";
const IMAGES_ONLY = "請選擇圖片檔案（JPG、PNG、GIF、WebP 或 AVIF）";
const UNREADABLE = "無法讀取圖片，檔案可能已損毀或不完整";
const HAN = /\p{Script=Han}/u;
const YEAR_LONG = /\bmax-age=31536000\b/;

const LIBRARY = "/admin-api.php/media";
const SETTINGS_UPLOAD = "/admin-api.php/upload";
const BANNER_UPLOAD = "/api.php/upload";
/** The file field each upload endpoint reads. */
const FIELD: Record<string, string> = { [LIBRARY]: "file", [SETTINGS_UPLOAD]: "image", [BANNER_UPLOAD]: "image" };

type Injected = Awaited<ReturnType<TestApp["app"]["inject"]>>;

let t: TestApp;
let token: string;
let uploadsDir: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
  uploadsDir = path.resolve(t.env.DATA_DIR, "uploads");
});
afterAll(async () => t?.close());

// ---------------------------------------------------------------- helpers

function postMultipart(url: string, parts: MultipartPart[], headers: Record<string, string> = bearer(token)) {
  const body = multipart(parts);
  return t.app.inject({ method: "POST", url, headers: { ...headers, ...body.headers }, payload: body.payload });
}

interface FileToSend {
  content: Buffer;
  filename?: string;
  contentType?: string;
}

/** One file to an upload endpoint in its own field (banners also get folder=banners). */
function upload(url: string, file: FileToSend, options: { headers?: Record<string, string>; field?: string } = {}) {
  const parts: MultipartPart[] = [];
  if (url === BANNER_UPLOAD) parts.push({ name: "folder", value: "banners" });
  parts.push({ name: options.field ?? FIELD[url]!, content: file.content, filename: file.filename ?? "upload.bin", contentType: file.contentType ?? "application/octet-stream" });
  return postMultipart(url, parts, options.headers);
}

async function uploadOk(url: string, file: FileToSend) {
  const res = await upload(url, file);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.success).toBe(true);
  return body.data as MediaAnswer;
}

/** The file record; the two settings/banner upload endpoints add `path` and `url`. */
type MediaAnswer = MediaFile & { path?: string; url?: string };

/** Every file under a directory (dot-folders such as .scratch included), relative, sorted. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}
const uploadedFiles = () => filesUnder(uploadsDir);

const listMedia = async (): Promise<MediaAnswer[]> => {
  const res = await t.app.inject({ method: "GET", url: LIBRARY, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

const serve = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });
const keyOf = (url: string) => url.replace(/^\/uploads\//, "");
const onDisk = (url: string) => existsSync(path.join(uploadsDir, keyOf(url)));

/** The upload folders a file made now may be in (the month may turn during the test). */
function monthFolders(): string[] {
  const folder = (date: Date) => `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
  return [...new Set([folder(new Date(Date.now() - 60_000)), folder(new Date())])];
}

/** The answer is the refusal, and the uploads directory (scratch included) and the library are exactly as before. */
async function expectRefusedLeavingNothing(send: () => Promise<Injected>, status: number, message: string | RegExp) {
  const filesBefore = uploadedFiles();
  const rowsBefore = (await listMedia()).length;
  const res = await send();
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  const body = res.json();
  expect(body.success).toBe(false);
  if (typeof message === "string") expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
  expect(uploadedFiles()).toEqual(filesBefore);
  expect((await listMedia()).length).toBe(rowsBefore);
  return body;
}

// ---------------------------------------------------------------- access

describe("every media endpoint needs an administrator", () => {
  let existing: MediaAnswer;
  beforeAll(async () => {
    existing = await uploadOk(LIBRARY, { content: await pngImage(), filename: "kept.png", contentType: "image/png" });
  });

  const uploads: Array<[string, string]> = [
    ["POST /admin-api.php/media", LIBRARY],
    ["POST /admin-api.php/upload", SETTINGS_UPLOAD],
    ["POST /api.php/upload", BANNER_UPLOAD],
  ];
  const badHeaders: Array<[string, Record<string, string>]> = [
    ["no Authorization header", {}],
    ["Bearer public", { authorization: "Bearer public" }],
    ["an unknown token", { authorization: "Bearer not-a-real-token-0123456789abcdef" }],
  ];

  for (const [label, url] of uploads) {
    it.each(badHeaders)(`${label} with %s: 401 and nothing stored`, async (headerLabel, headers) => {
      const content = await phoneJpeg({ width: 60, height: 40 });
      const body = await expectRefusedLeavingNothing(() => upload(url, { content, filename: "a.jpg", contentType: "image/jpeg" }, { headers }), 401, HAN);
      if (headerLabel === "no Authorization header") expect(body.message).toBe(LOGIN_REQUIRED);
    });
  }

  it("GET /admin-api.php/media without a token: 401, no list", async () => {
    const res = await t.app.inject({ method: "GET", url: LIBRARY });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: LOGIN_REQUIRED });
  });

  it("PUT /admin-api.php/media/{id} without a token: 401 and the alt text is unchanged", async () => {
    const res = await t.app.inject({ method: "PUT", url: `${LIBRARY}/${existing.id}`, payload: { alt_text: "竄改" } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(LOGIN_REQUIRED);
    expect((await listMedia()).find((file) => file.id === existing.id)?.alt_text).toBe("");
  });

  it("DELETE /admin-api.php/media/{id} without a token: 401 and the file stays", async () => {
    const res = await t.app.inject({ method: "DELETE", url: `${LIBRARY}/${existing.id}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(LOGIN_REQUIRED);
    expect(onDisk(existing.file_path)).toBe(true);
    expect((await listMedia()).some((file) => file.id === existing.id)).toBe(true);
  });

  it("POST /admin-api.php/media/cleanup-unused without a token: 401 and nothing is deleted", async () => {
    const before = uploadedFiles();
    const res = await t.app.inject({ method: "POST", url: `${LIBRARY}/cleanup-unused`, payload: { delete: true } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(LOGIN_REQUIRED);
    expect(uploadedFiles()).toEqual(before);
    expect(onDisk(existing.file_path)).toBe(true);
  });
});

// ---------------------------------------------------------------- accepted types

interface Accepted {
  label: string;
  make: () => Promise<Buffer> | Buffer;
  filename: string;
  declared: string;
  mime: string;
  extension: string;
  /** Pixel size of images; undefined for videos. */
  size?: [number, number];
  /** sharp's name for the decoded format. */
  format?: string;
}

const IMAGES: Accepted[] = [
  { label: "JPEG", make: () => phoneJpeg({ orientation: 1 }), filename: "辦公室.jpg", declared: "image/jpeg", mime: "image/jpeg", extension: "jpg", size: [600, 400], format: "jpeg" },
  { label: "PNG", make: () => pngImage(), filename: "logo.png", declared: "image/png", mime: "image/png", extension: "png", size: [300, 200], format: "png" },
  { label: "GIF", make: () => gifImage(), filename: "anim.gif", declared: "image/gif", mime: "image/gif", extension: "gif", size: [120, 80], format: "gif" },
  { label: "WebP", make: () => webpImage(), filename: "photo.webp", declared: "image/webp", mime: "image/webp", extension: "webp", size: [300, 200], format: "webp" },
  { label: "AVIF", make: () => avifImage(), filename: "photo.avif", declared: "image/avif", mime: "image/avif", extension: "avif", size: [300, 200], format: "heif" },
];
const VIDEOS: Accepted[] = [
  { label: "MP4", make: () => mp4Video(), filename: "清潔過程.mp4", declared: "video/mp4", mime: "video/mp4", extension: "mp4" },
  { label: "WebM", make: () => webmVideo(), filename: "clip.webm", declared: "video/webm", mime: "video/webm", extension: "webm" },
];

async function expectStored(data: MediaAnswer, kind: Accepted, content: Buffer) {
  expect(data.id).toBeGreaterThan(0);
  expect(data.mime_type).toBe(kind.mime);
  expect(data.original_name).toBe(kind.filename);
  expect(data.filename).toMatch(new RegExp(`^[0-9a-f]{16,}\\.${kind.extension}$`));
  expect(monthFolders().map((folder) => `/uploads/${folder}/${data.filename}`)).toContain(data.file_path);
  expect(data.file_url).toBe(data.file_path);
  expect(data.alt_text).toBe("");
  expect(data.usages).toEqual([]);
  expect(Number.isNaN(Date.parse(data.created_at))).toBe(false);
  expect(onDisk(data.file_path)).toBe(true);

  const served = await serve(data.file_path);
  expect(served.statusCode).toBe(200);
  expect(served.headers["content-type"]).toMatch(new RegExp(`^${kind.mime}`));
  expect(served.headers["cache-control"]).toMatch(YEAR_LONG);
  expect(served.headers["cache-control"]).toMatch(/\bimmutable\b/);
  expect(data.file_size).toBe(served.rawPayload.length);

  if (kind.size) {
    expect([data.width, data.height]).toEqual(kind.size);
    expect(data.placeholder).toMatch(/^data:image\/(webp|jpeg|png|avif);base64,[A-Za-z0-9+/]+=*$/);
    expect(data.variants.length).toBeGreaterThan(0);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe(kind.format);
    expect([metadata.width, metadata.height]).toEqual(kind.size);
  } else {
    expect(data.width).toBeNull();
    expect(data.height).toBeNull();
    expect(data.variants).toEqual([]);
    // Videos are kept byte for byte.
    expect(data.file_size).toBe(content.length);
    expect(served.rawPayload.equals(content)).toBe(true);
  }
}

describe("POST /admin-api.php/media (library): images and videos", () => {
  it.each([...IMAGES, ...VIDEOS].map((kind) => [kind.label, kind] as const))("accepts %s", async (_label, kind) => {
    const content = await kind.make();
    const res = await upload(LIBRARY, { content, filename: kind.filename, contentType: kind.declared });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    await expectStored(res.json().data, kind, content);
  });

  it("decides the type by the bytes: a PNG named photo.jpg and declared image/jpeg is stored as a PNG", async () => {
    const data = await uploadOk(LIBRARY, { content: await pngImage(), filename: "photo.jpg", contentType: "image/jpeg" });
    expect(data.mime_type).toBe("image/png");
    expect(data.filename).toMatch(/\.png$/);
    expect(data.original_name).toBe("photo.jpg");
    expect((await serve(data.file_path)).headers["content-type"]).toMatch(/^image\/png/);
  });
});

describe("POST /admin-api.php/upload (settings images): images only, answer with data.path", () => {
  it.each(IMAGES.map((kind) => [kind.label, kind] as const))("accepts %s", async (_label, kind) => {
    const content = await kind.make();
    const res = await upload(SETTINGS_UPLOAD, { content, filename: kind.filename, contentType: kind.declared });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as MediaAnswer;
    expect(data.path).toBe(data.file_path);
    expect(data.path).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]+\.\w+$/);
    await expectStored(data, kind, content);
    expect((await listMedia()).some((file) => file.id === data.id)).toBe(true);
  });
});

describe("POST /api.php/upload (banners): fields image and folder=banners, images and videos", () => {
  it.each([...IMAGES, ...VIDEOS].map((kind) => [kind.label, kind] as const))("accepts %s", async (_label, kind) => {
    const content = await kind.make();
    const res = await upload(BANNER_UPLOAD, { content, filename: kind.filename, contentType: kind.declared });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as MediaAnswer;
    expect(data.path).toBe(data.file_path);
    await expectStored(data, kind, content);
  });

  it("takes the folder field as a purpose, never as a path", async () => {
    const before = filesUnder(t.env.DATA_DIR);
    const content = await phoneJpeg({ orientation: 1, width: 80, height: 60 });
    const res = await postMultipart(BANNER_UPLOAD, [
      { name: "folder", value: "../../../tmp/evil" },
      { name: "image", content, filename: "banner.jpg", contentType: "image/jpeg" },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as MediaAnswer;
    expect(monthFolders().map((folder) => `/uploads/${folder}/${data.filename}`)).toContain(data.file_path);
    const added = filesUnder(t.env.DATA_DIR).filter((file) => !before.includes(file) && !/\.(db|sqlite)(-wal|-shm|-journal)?$/.test(file));
    expect(added.length).toBeGreaterThan(0);
    for (const file of added) expect(file.startsWith(`uploads${path.sep}`) && file.includes(data.filename.replace(/\.\w+$/, ""))).toBe(true);
    expect(existsSync("/tmp/evil")).toBe(false);
  });
});

// ---------------------------------------------------------------- refused types

describe("refused types: 415 with the message, nothing kept", () => {
  const firstHalf = async () => {
    const jpeg = await phoneJpeg({ orientation: 1 });
    return jpeg.subarray(0, Math.floor(jpeg.length / 2));
  };
  const cases: Array<[string, string, () => Promise<Buffer> | Buffer, string, string, string]> = [
    ["a PHP script renamed .png", LIBRARY, phpScript, "shell.png", "image/png", LIBRARY_TYPES],
    ["an HTML page renamed .png", LIBRARY, htmlPage, "page.png", "image/png", LIBRARY_TYPES],
    ["an HTML page", LIBRARY, htmlPage, "index.html", "text/html", LIBRARY_TYPES],
    ["an SVG with a script", LIBRARY, svgWithScript, "logo.svg", "image/svg+xml", LIBRARY_TYPES],
    ["a PDF (the library takes images and videos)", LIBRARY, pdfDocument, "price-list.pdf", "application/pdf", LIBRARY_TYPES],
    ["a text file declared image/jpeg", LIBRARY, plainText, "photo.jpg", "image/jpeg", LIBRARY_TYPES],
    ["a truncated JPEG (its first half)", LIBRARY, firstHalf, "cut.jpg", "image/jpeg", UNREADABLE],
    ["JPEG magic bytes in front of a PHP script", LIBRARY, () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), phpScript()]), "x.jpg", "image/jpeg", UNREADABLE],
    ["a PHP script renamed .png on the settings upload", SETTINGS_UPLOAD, phpScript, "shell.png", "image/png", IMAGES_ONLY],
    ["an SVG on the settings upload", SETTINGS_UPLOAD, svgWithScript, "logo.svg", "image/svg+xml", IMAGES_ONLY],
    ["an MP4 video on the settings upload", SETTINGS_UPLOAD, () => mp4Video(), "clip.mp4", "video/mp4", IMAGES_ONLY],
    ["a WebM video on the settings upload", SETTINGS_UPLOAD, () => webmVideo(), "clip.webm", "video/webm", IMAGES_ONLY],
    ["a PDF on the settings upload", SETTINGS_UPLOAD, pdfDocument, "doc.pdf", "application/pdf", IMAGES_ONLY],
    ["a truncated JPEG on the settings upload", SETTINGS_UPLOAD, firstHalf, "cut.jpg", "image/jpeg", UNREADABLE],
    ["an HTML page renamed .png on the banner upload", BANNER_UPLOAD, htmlPage, "banner.png", "image/png", LIBRARY_TYPES],
    ["a PDF on the banner upload", BANNER_UPLOAD, pdfDocument, "banner.pdf", "application/pdf", LIBRARY_TYPES],
  ];

  it.each(cases)("%s", async (_label, url, make, filename, contentType, message) => {
    const content = await make();
    await expectRefusedLeavingNothing(() => upload(url, { content, filename, contentType }), 415, message);
  });
});

// ---------------------------------------------------------------- sizes and pixels

describe("size and pixel limits: 413, nothing kept", () => {
  it("settings upload: a valid JPEG over 5 MB is refused with 檔案大小不能超過 5MB", async () => {
    const content = await jpegOfAtLeast(5 * MB + 1);
    expect((await sharp(content).metadata()).format).toBe("jpeg");
    await expectRefusedLeavingNothing(() => upload(SETTINGS_UPLOAD, { content, filename: "big.jpg", contentType: "image/jpeg" }), 413, "檔案大小不能超過 5MB");
  });

  it("settings upload: a JPEG of exactly 5 MB is accepted", async () => {
    const content = await jpegOfAtLeast(5 * MB);
    expect(content.length).toBe(5 * MB);
    const data = await uploadOk(SETTINGS_UPLOAD, { content, filename: "just-fits.jpg", contentType: "image/jpeg" });
    expect(data.mime_type).toBe("image/jpeg");
  });

  it("library: an image over 20 MB is refused with 檔案大小不能超過 20MB", async () => {
    const content = await jpegOfAtLeast(20 * MB + 1);
    await expectRefusedLeavingNothing(() => upload(LIBRARY, { content, filename: "huge.jpg", contentType: "image/jpeg" }), 413, "檔案大小不能超過 20MB");
  });

  it("banner upload: a video over 100 MB is refused with 檔案大小不能超過 100MB", async () => {
    const content = mp4OfSize(100 * MB + 1);
    await expectRefusedLeavingNothing(() => upload(BANNER_UPLOAD, { content, filename: "long.mp4", contentType: "video/mp4" }), 413, "檔案大小不能超過 100MB");
  });

  it.each([
    ["library", LIBRARY],
    ["settings upload", SETTINGS_UPLOAD],
    ["banner upload", BANNER_UPLOAD],
  ])("%s: a decompression-bomb PNG (10000×10000, tiny on disk) is refused before decoding", async (_label, url) => {
    const bomb = bombPng(10_000, 10_000);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const metadata = await sharp(bomb).metadata();
    expect([metadata.width, metadata.height]).toEqual([10_000, 10_000]);
    await expectRefusedLeavingNothing(() => upload(url, { content: bomb, filename: "bomb.png", contentType: "image/png" }), 413, HAN);
  });

  it("an image just over 20 megapixels (5000×4001) is refused", async () => {
    await expectRefusedLeavingNothing(() => upload(LIBRARY, { content: bombPng(5000, 4001), filename: "wide.png", contentType: "image/png" }), 413, /像素/);
  });
});

// ---------------------------------------------------------------- malformed requests

describe("malformed upload requests: 400, nothing kept", () => {
  it("a file in the wrong field", async () => {
    const content = await pngImage();
    await expectRefusedLeavingNothing(() => upload(LIBRARY, { content, filename: "a.png", contentType: "image/png" }, { field: "image" }), 400, HAN);
    await expectRefusedLeavingNothing(() => upload(SETTINGS_UPLOAD, { content, filename: "a.png", contentType: "image/png" }, { field: "file" }), 400, HAN);
    await expectRefusedLeavingNothing(() => upload(BANNER_UPLOAD, { content, filename: "a.png", contentType: "image/png" }, { field: "banner" }), 400, HAN);
  });

  it("a JSON body instead of multipart", async () => {
    await expectRefusedLeavingNothing(
      () => t.app.inject({ method: "POST", url: LIBRARY, headers: bearer(token), payload: { file: "/etc/passwd" } }),
      400,
      HAN,
    );
  });

  it("an empty file", async () => {
    await expectRefusedLeavingNothing(() => upload(LIBRARY, { content: Buffer.alloc(0), filename: "empty.jpg", contentType: "image/jpeg" }), 400, HAN);
    await expectRefusedLeavingNothing(() => upload(SETTINGS_UPLOAD, { content: Buffer.alloc(0), filename: "empty.png", contentType: "image/png" }), 400, HAN);
  });

  it("a multipart body with a text field and no file", async () => {
    await expectRefusedLeavingNothing(() => postMultipart(LIBRARY, [{ name: "title", value: "沒有檔案" }]), 400, HAN);
  });

  it("a multipart body cut off in the middle of the file: a client error, no partial file", async () => {
    const content = await phoneJpeg({ orientation: 1 });
    const whole = multipart([{ name: "file", content, filename: "cut.jpg", contentType: "image/jpeg" }]);
    const cut = whole.payload.subarray(0, Math.floor(whole.payload.length / 2));
    const filesBefore = uploadedFiles();
    const res = await t.app.inject({ method: "POST", url: LIBRARY, headers: { ...bearer(token), ...whole.headers }, payload: cut });
    expect(uploadedFiles()).toEqual(filesBefore);
    // CONTRACT.md: 400 for invalid input; 500 means a fault of the server.
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().success).toBe(false);
  });
});

// ---------------------------------------------------------------- names

describe("client file names never reach the file system", () => {
  const names: Array<[string, string, string | undefined]> = [
    ["../../evil.jpg", "../../evil.jpg", "evil.jpg"],
    ["..\\..\\x.jpg", "..\\..\\x.jpg", undefined],
    ["/etc/passwd.jpg", "/etc/passwd.jpg", "passwd.jpg"],
    ["a name with NUL", "a\u0000b.jpg", undefined],
    ["a name with <script>", "<script>alert(1)</script>.jpg", undefined],
    ["a name with <img onerror>", "<img src=x onerror=alert(1)>.jpg", undefined],
  ];

  it.each(names)("%s: stored under a generated name in uploads/YYYY/MM, original_name cleaned", async (_label, filename, expected) => {
    const before = filesUnder(t.env.DATA_DIR);
    const data = await uploadOk(LIBRARY, { content: await phoneJpeg({ orientation: 1, width: 64, height: 48 }), filename, contentType: "image/jpeg" });
    expect(data.filename).toMatch(/^[0-9a-f]{16,}\.jpg$/);
    expect(monthFolders().map((folder) => `/uploads/${folder}/${data.filename}`)).toContain(data.file_path);
    expect(onDisk(data.file_path)).toBe(true);
    // Every new file is inside uploads/YYYY/MM and carries the generated name.
    const base = data.filename.replace(/\.jpg$/, "");
    const added = filesUnder(t.env.DATA_DIR).filter((file) => !before.includes(file) && !/\.(db|sqlite)(-wal|-shm|-journal)?$/.test(file));
    expect(added.length).toBeGreaterThan(0);
    for (const file of added) expect(file).toMatch(new RegExp(`^uploads/\\d{4}/\\d{2}/${base}[-\\w.]*$`));

    expect(data.original_name).not.toMatch(/[/\\<>\u0000-\u001f]/);
    expect(data.original_name).not.toMatch(/^\.\./);
    if (expected !== undefined) expect(data.original_name).toBe(expected);
    // The list answers the same cleaned name.
    expect((await listMedia()).find((file) => file.id === data.id)?.original_name).toBe(data.original_name);
  });

  it("a Traditional Chinese file name is kept as data", async () => {
    const data = await uploadOk(LIBRARY, { content: await pngImage(40, 30), filename: "基隆辦公室 外觀（2026）.png", contentType: "image/png" });
    expect(data.original_name).toBe("基隆辦公室 外觀（2026）.png");
    expect(data.filename).toMatch(/^[0-9a-f]{16,}\.png$/);
  });
});

// ---------------------------------------------------------------- image pipeline

describe("the image pipeline: EXIF, orientation, variants, placeholder", () => {
  it("strips EXIF (GPS included) and applies the orientation: a 600×400 photo with orientation 6 is stored 400×600, upright", async () => {
    const content = await phoneJpeg({ width: 600, height: 400, orientation: 6, marker: true });
    const input = await sharp(content).metadata();
    expect([input.width, input.height, input.orientation]).toEqual([600, 400, 6]);
    expect(exifHasGps(input.exif)).toBe(true);

    const data = await uploadOk(LIBRARY, { content, filename: "IMG_0001.jpg", contentType: "image/jpeg" });
    expect([data.width, data.height]).toEqual([400, 600]);

    const served = await serve(data.file_path);
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect([stored.width, stored.height]).toEqual([400, 600]);
    expect(served.rawPayload.includes("TestPhone")).toBe(false);

    // Orientation 6 turns the picture 90° clockwise: the stored top-left corner is now top-right.
    const corner = async (left: number) => {
      const { data: pixel } = await sharp(served.rawPayload).extract({ left, top: 10, width: 20, height: 20 }).resize(1, 1).raw().toBuffer({ resolveWithObject: true });
      return [...pixel];
    };
    const [r, g, b] = await corner(400 - MARKER + 20);
    expect(r).toBeGreaterThan(200);
    expect(g + b).toBeLessThan(80);
    const [r2, g2, b2] = await corner(10);
    expect(r2 > 200 && g2 + b2 < 80).toBe(false);

    for (const variant of data.variants) {
      const variantMeta = await sharp((await serve(variant.url)).rawPayload).metadata();
      expect(variantMeta.exif).toBeUndefined();
      expect(variantMeta.height! > variantMeta.width!).toBe(true);
    }
  });

  it("makes 320/640/768/1024/1600 wide WebP and AVIF variants and serves them for a year, immutable", async () => {
    const content = await phoneJpeg({ width: 2000, height: 1500, orientation: 1, seed: 7 });
    const data = await uploadOk(LIBRARY, { content, filename: "wide.jpg", contentType: "image/jpeg" });
    expect([data.width, data.height]).toEqual([2000, 1500]);
    const widths = [320, 640, 768, 1024, 1600];
    expect(data.variants.map((variant) => `${variant.width}:${variant.format}`).sort()).toEqual(widths.flatMap((width) => [`${width}:avif`, `${width}:webp`]).sort());

    const base = data.file_path.replace(/\.jpg$/, "");
    for (const variant of data.variants) {
      expect(variant.url.startsWith(`${base}-`)).toBe(true);
      expect(variant.url).toMatch(new RegExp(`\\.${variant.format}$`));
      const res = await serve(variant.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe(`image/${variant.format}`);
      expect(res.headers["cache-control"]).toMatch(YEAR_LONG);
      expect(res.headers["cache-control"]).toMatch(/\bimmutable\b/);
      const metadata = await sharp(res.rawPayload).metadata();
      expect(metadata.format).toBe(variant.format === "webp" ? "webp" : "heif");
      if (variant.format === "avif") expect(metadata.compression).toBe("av1");
      expect(metadata.width).toBe(variant.width);
      expect(Math.abs(metadata.height! - (variant.width * 1500) / 2000)).toBeLessThanOrEqual(1);
      expect(onDisk(variant.url)).toBe(true);
    }

    // The placeholder is a real, tiny image.
    const [, placeholderBase64] = data.placeholder.split(",");
    const placeholder = await sharp(Buffer.from(placeholderBase64!, "base64")).metadata();
    expect(placeholder.width).toBeLessThanOrEqual(32);
    expect(data.placeholder.length).toBeLessThan(2000);
  });

  it("caps variants at the image width: a 300 px PNG gets no wider variant", async () => {
    const data = await uploadOk(LIBRARY, { content: await pngImage(300, 200), filename: "small.png", contentType: "image/png" });
    const widths = data.variants.map((variant) => variant.width);
    expect(Math.max(...widths)).toBe(300);
    for (const width of widths) expect(width).toBeLessThanOrEqual(300);
    for (const width of new Set(widths)) {
      expect(data.variants.filter((variant) => variant.width === width).map((variant) => variant.format).sort()).toEqual(["avif", "webp"]);
    }
  });

  it("sizes variants by the width as shown: stored 1000×1800 with orientation 6 (shown 1800×1000) gets the 1600 variant", async () => {
    const content = await phoneJpeg({ width: 1000, height: 1800, orientation: 6, seed: 9 });
    const data = await uploadOk(LIBRARY, { content, filename: "turned.jpg", contentType: "image/jpeg" });
    expect([data.width, data.height]).toEqual([1800, 1000]);
    expect([...new Set(data.variants.map((variant) => variant.width))].sort((a, b) => a - b)).toEqual([320, 640, 768, 1024, 1600]);
  });
});

// ---------------------------------------------------------------- serving

describe("GET /uploads/…: content types, caching, ranges", () => {
  let video: MediaAnswer;
  let bytes: Buffer;
  beforeAll(async () => {
    bytes = mp4Video(10_000);
    video = await uploadOk(LIBRARY, { content: bytes, filename: "seek.mp4", contentType: "video/mp4" });
  });

  it("answers a whole video with Accept-Ranges", async () => {
    const res = await serve(video.file_path);
    expect(res.statusCode).toBe(200);
    expect(res.headers["accept-ranges"]).toBe("bytes");
    expect(res.headers["content-type"]).toBe("video/mp4");
    expect(Number(res.headers["content-length"])).toBe(bytes.length);
  });

  it.each([
    ["bytes=0-99", 0, 99],
    ["bytes=0-", 0, null],
    ["bytes=100-199", 100, 199],
    ["bytes=-500", null, null],
  ] as const)("Range %s → 206 with Content-Range and exactly those bytes", async (range, from, to) => {
    const res = await serve(video.file_path, { range });
    const total = bytes.length;
    const start = from ?? (range === "bytes=-500" ? total - 500 : 0);
    const end = to ?? total - 1;
    expect(res.statusCode).toBe(206);
    expect(res.headers["content-range"]).toBe(`bytes ${start}-${end}/${total}`);
    expect(Number(res.headers["content-length"])).toBe(end - start + 1);
    expect(res.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
    expect(res.headers["content-type"]).toBe("video/mp4");
  });

  it("a range past the end → 416", async () => {
    const res = await serve(video.file_path, { range: `bytes=${bytes.length}-` });
    expect(res.statusCode).toBe(416);
    // RFC 9110 says SHOULD send Content-Range: bytes */size; @fastify/static drops it on errors.
    if (res.headers["content-range"] !== undefined) expect(res.headers["content-range"]).toBe(`bytes */${bytes.length}`);
  });

  it("serves a WebM as video/webm with ranges", async () => {
    const webm = webmVideo(5000);
    const data = await uploadOk(LIBRARY, { content: webm, filename: "a.webm", contentType: "video/webm" });
    const res = await serve(data.file_path, { range: "bytes=0-3" });
    expect(res.statusCode).toBe(206);
    expect(res.headers["content-type"]).toBe("video/webm");
    expect(res.headers["content-range"]).toBe(`bytes 0-3/${webm.length}`);
    expect([...res.rawPayload]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  });

  it("never serves the scratch folder, paths outside uploads, or files that do not exist", async () => {
    for (const url of ["/uploads/.scratch/anything", "/uploads/2020/01/0123456789abcdef0123.jpg", "/uploads/../../../etc/passwd", "/uploads/%2e%2e/%2e%2e/etc/passwd"]) {
      const res = await serve(url);
      expect([403, 404], url).toContain(res.statusCode);
      expect(res.body).not.toContain("root:");
    }
  });
});

// ---------------------------------------------------------------- library

describe("GET /admin-api.php/media", () => {
  it("lists the newest first, each with its variants and usages", async () => {
    const first = await uploadOk(LIBRARY, { content: await pngImage(50, 40), filename: "first.png", contentType: "image/png" });
    const second = await uploadOk(LIBRARY, { content: await gifImage(50, 40), filename: "second.gif", contentType: "image/gif" });
    const res = await t.app.inject({ method: "GET", url: LIBRARY, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const list = res.json().data as MediaAnswer[];
    expect(list.slice(0, 2).map((file) => file.id)).toEqual([second.id, first.id]);
    for (let i = 1; i < list.length; i++) expect(Date.parse(list[i - 1]!.created_at)).toBeGreaterThanOrEqual(Date.parse(list[i]!.created_at));
    for (const file of list) {
      expect(Array.isArray(file.usages)).toBe(true);
      expect(Array.isArray(file.variants)).toBe(true);
      expect(file.file_url).toBe(file.file_path);
    }
    expect(list.find((file) => file.id === first.id)).toMatchObject({ original_name: "first.png", mime_type: "image/png", width: 50, height: 40, usages: [] });
  });
});

describe("PUT /admin-api.php/media/{id}: alt text", () => {
  let file: MediaAnswer;
  beforeAll(async () => {
    file = await uploadOk(LIBRARY, { content: await pngImage(40, 40), filename: "alt.png", contentType: "image/png" });
  });
  const put = (id: string | number, payload: unknown) =>
    t.app.inject({ method: "PUT", url: `${LIBRARY}/${id}`, headers: bearer(token), payload: payload as object });
  const storedAlt = async () => (await listMedia()).find((entry) => entry.id === file.id)?.alt_text;

  it("saves the alt text, trimmed, and lists it", async () => {
    const res = await put(file.id, { alt_text: "  基隆辦公室外觀  " });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().success).toBe(true);
    expect(res.json().data).toMatchObject({ id: file.id, alt_text: "基隆辦公室外觀", file_path: file.file_path });
    expect(await storedAlt()).toBe("基隆辦公室外觀");
  });

  it("is a write with its activity row, and a cached public page using the picture shows the new text at once", async () => {
    const banner = await t.app.inject({
      method: "POST",
      url: "/api.php/hero-banners",
      headers: bearer(token),
      payload: { title: "替代文字橫幅", media_type: "image", image_url: file.file_path, button_text: "預約", button_link: "/contact", is_active: true },
    });
    expect(banner.statusCode, banner.body).toBe(200);
    expect((await put(file.id, { alt_text: "舊的說明" })).statusCode).toBe(200);
    // The home page's slides are cached: read once so the cache holds the old text.
    expect((await t.services.banners.site.heroSlides()).pictures[file.file_path]?.alt).toBe("舊的說明");

    expect((await put(file.id, { alt_text: "清潔後的客廳" })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await t.services.banners.site.heroSlides()).pictures[file.file_path]?.alt).toBe("清潔後的客廳");
    const activity = await t.database.db.selectFrom("activity_log").select("summary").where("action", "=", "media.update").where("entity_id", "=", String(file.id)).orderBy("id", "desc").execute();
    expect(activity[0]?.summary).toBe("更新檔案「alt.png」的替代文字");
    await t.app.inject({ method: "DELETE", url: `/api.php/hero-banners/${banner.json().data.id}`, headers: bearer(token) });
  });

  it("takes 300 characters, refuses 301 with 400 and keeps the old text", async () => {
    expect((await put(file.id, { alt_text: "字".repeat(300) })).statusCode).toBe(200);
    expect(await storedAlt()).toBe("字".repeat(300));
    const res = await put(file.id, { alt_text: "字".repeat(301) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: VALIDATION_MESSAGE });
    expect(res.json().errors.alt_text).toMatch(/300/);
    expect(await storedAlt()).toBe("字".repeat(300));
  });

  it("refuses an alt text that is not text", async () => {
    const res = await put(file.id, { alt_text: 12345 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.alt_text).toMatch(HAN);
  });

  it("an unknown id → 404", async () => {
    const res = await put(999_999, { alt_text: "x" });
    expect(res.statusCode).toBe(404);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toMatch(HAN);
  });

  // One rule for every path id (decision 026): what is not a positive integer names no file.
  it.each(["abc", "0", "-1", "1.5", "99999999999"])("a malformed id %s → 404", async (id) => {
    const res = await put(id, { alt_text: "x" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: "找不到這個檔案" });
  });
});

describe("DELETE /admin-api.php/media/{id}: to the trash, then for good", () => {
  const remove = (id: number) => t.app.inject({ method: "DELETE", url: `${LIBRARY}/${id}`, headers: bearer(token) });
  const trash = async () => (await t.app.inject({ method: "GET", url: `${LIBRARY}/trash`, headers: bearer(token) })).json().data as TrashedMediaFile[];

  it("moves an unused file to the trash: 200 in words, out of the list, its bytes still served, the purge scheduled; 還原 puts it back", async () => {
    const data = await uploadOk(LIBRARY, { content: await phoneJpeg({ orientation: 1, width: 700, height: 500 }), filename: "換掉的照片.jpg", contentType: "image/jpeg" });
    const urls = [data.file_path, ...data.variants.map((variant) => variant.url)];

    const res = await remove(data.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null, message: "檔案已移到回收桶，30 天內可以還原" });
    expect((await listMedia()).some((file) => file.id === data.id)).toBe(false);
    const trashed = (await trash()).find((file) => file.id === data.id);
    expect(trashed).toMatchObject({ original_name: "換掉的照片.jpg" });
    expect(Date.parse(trashed!.purge_at) - Date.parse(trashed!.trashed_at)).toBe(30 * 24 * 60 * 60 * 1000);
    // Nothing that still shows it breaks: the bytes stay until the purge.
    for (const url of urls) {
      expect(onDisk(url)).toBe(true);
      expect((await serve(url)).statusCode).toBe(200);
    }
    const activity = await t.database.db.selectFrom("activity_log").select("summary").where("action", "=", "media.delete").where("entity_id", "=", String(data.id)).execute();
    expect(activity.map((row) => row.summary)).toEqual(["將檔案「換掉的照片.jpg」移到回收桶（30 天內可還原）"]);
    expect(await t.database.db.selectFrom("jobs").select("id").where("kind", "=", "media.purge-trash").execute()).not.toEqual([]);

    const restored = await t.app.inject({ method: "POST", url: `${LIBRARY}/${data.id}/restore`, headers: bearer(token) });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await listMedia()).find((file) => file.id === data.id)).toMatchObject({ id: data.id, file_path: data.file_path, variants: data.variants });
    expect((await trash()).some((file) => file.id === data.id)).toBe(false);
  });

  it("a second delete (永久刪除 from the trash) removes the row, the original and every variant; a third → 404", async () => {
    const data = await uploadOk(LIBRARY, { content: await phoneJpeg({ orientation: 1, width: 700, height: 500 }), filename: "gone.jpg", contentType: "image/jpeg" });
    const urls = [data.file_path, ...data.variants.map((variant) => variant.url)];
    expect(urls.length).toBeGreaterThan(2);
    expect((await remove(data.id)).statusCode).toBe(200);

    const res = await remove(data.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null, message: "檔案已永久刪除" });
    for (const url of urls) {
      expect(onDisk(url)).toBe(false);
      expect((await serve(url)).statusCode).toBe(404);
    }
    expect((await trash()).some((file) => file.id === data.id)).toBe(false);
    const again = await remove(data.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ success: false, message: "找不到這個檔案" });
  });

  it("a video goes to the trash with its bytes, and leaves the disk when deleted from there", async () => {
    const data = await uploadOk(LIBRARY, { content: webmVideo(), filename: "v.webm", contentType: "video/webm" });
    expect((await remove(data.id)).statusCode).toBe(200);
    expect(onDisk(data.file_path)).toBe(true);
    expect((await remove(data.id)).statusCode).toBe(200);
    expect(onDisk(data.file_path)).toBe(false);
  });

  it.each(["abc", "0", "-3"])("a malformed id %s → 404", async (id) => {
    expect((await t.app.inject({ method: "DELETE", url: `${LIBRARY}/${id}`, headers: bearer(token) })).statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------- reference index and cleanup

describe("the reference index: deletion refused while in use, cleanup counts", () => {
  // Its own database and data directory, so that the counts are exact.
  let c: TestApp;
  let cToken: string;
  let cUploads: string;
  const files: Record<"logo" | "spare1" | "spare2" | "video" | "newLogo", MediaAnswer> = {} as never;

  const cUpload = async (content: Buffer, filename: string) => {
    const body = multipart([{ name: "file", content, filename, contentType: "application/octet-stream" }]);
    const res = await c.app.inject({ method: "POST", url: LIBRARY, headers: { ...bearer(cToken), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as MediaAnswer;
  };
  const cleanup = (payload?: unknown) =>
    c.app.inject({ method: "POST", url: `${LIBRARY}/cleanup-unused`, headers: bearer(cToken), ...(payload === undefined ? {} : { payload: payload as object }) });
  const cDelete = (id: number) => c.app.inject({ method: "DELETE", url: `${LIBRARY}/${id}`, headers: bearer(cToken) });
  const cList = async () => (await c.app.inject({ method: "GET", url: LIBRARY, headers: bearer(cToken) })).json().data as MediaAnswer[];
  const cTrash = async () => (await c.app.inject({ method: "GET", url: `${LIBRARY}/trash`, headers: bearer(cToken) })).json().data as TrashedMediaFile[];
  const cOnDisk = (url: string) => existsSync(path.join(cUploads, keyOf(url)));
  const setSettings = async (payload: Record<string, string>) => {
    const res = await c.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: bearer(cToken), payload });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    c = await createTestApp({}, { runJobs: false });
    cToken = await adminToken(c);
    cUploads = path.resolve(c.env.DATA_DIR, "uploads");
    files.logo = await cUpload(await pngImage(200, 60), "logo.png");
    files.spare1 = await cUpload(await phoneJpeg({ orientation: 1, width: 400, height: 300 }), "spare1.jpg");
    files.spare2 = await cUpload(await webpImage(100, 100), "spare2.webp");
    files.video = await cUpload(mp4Video(), "spare.mp4");
    await setSettings({ header_logo: files.logo.file_path });
  });
  afterAll(async () => c?.close());

  it("the list shows where a file is used", async () => {
    const logo = (await cList()).find((file) => file.id === files.logo.id)!;
    expect(logo.usages).toEqual([{ owner_type: "settings", owner_id: "site", field: "header_logo", label: "網站設定：頁首 Logo" }]);
    expect((await cList()).find((file) => file.id === files.spare1.id)!.usages).toEqual([]);
  });

  it("names a post and a case by their titles, never by an id, in the list and in a refusal", async () => {
    const send = async (method: "POST" | "DELETE", url: string, payload?: object) => {
      const res = await c.app.inject({ method, url, headers: bearer(cToken), ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const { post } = await send("POST", "/admin-api.php/blog/posts", { title: "冷氣保養小撇步", featured_image: files.spare1.file_path, status: "draft" });
    const work = await send("POST", "/admin-api.php/portfolios", { title: "基隆大樓水塔", category: "water_tank_service", images: [files.spare2.file_path] });
    const labelsOf = async (id: number) => (await cList()).find((file) => file.id === id)!.usages.map((usage) => usage.label);
    expect(await labelsOf(files.spare1.id)).toEqual(["最新消息「冷氣保養小撇步」（封面圖片）"]);
    expect(await labelsOf(files.spare2.id)).toEqual(["清潔案例「基隆大樓水塔」（案例照片）"]);
    const refused = await cDelete(files.spare1.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("此檔案正在使用中，無法刪除：最新消息「冷氣保養小撇步」（封面圖片）");
    // The rest of this group counts these two files as unused again.
    await send("DELETE", `/admin-api.php/blog/posts/${post.id}`);
    await send("DELETE", `/admin-api.php/portfolios/${work.id}`);
    expect(await labelsOf(files.spare1.id)).toEqual([]);
  });

  it("a picture shared by many places names the first five and counts them all, in the list and in a refusal", async () => {
    const cases: number[] = [];
    for (let n = 1; n <= 7; n++) {
      const res = await c.app.inject({
        method: "POST",
        url: "/admin-api.php/portfolios",
        headers: bearer(cToken),
        payload: { title: `共用照片案例 ${n}`, category: "water_tank_service", images: [files.spare2.file_path] },
      });
      expect(res.statusCode, res.body).toBe(200);
      cases.push(res.json().data.id);
    }
    const shared = (await cList()).find((file) => file.id === files.spare2.id)!;
    expect(shared.usages).toHaveLength(5);
    expect(shared.usage_count).toBe(7);
    const refused = await cDelete(files.spare2.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^此檔案正在使用中，無法刪除：(清潔案例「共用照片案例 \d」（案例照片）、){4}清潔案例「共用照片案例 \d」（案例照片） 等 7 處$/);
    for (const id of cases) {
      const res = await c.app.inject({ method: "DELETE", url: `/admin-api.php/portfolios/${id}`, headers: bearer(cToken) });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await cList()).find((file) => file.id === files.spare2.id)!.usage_count).toBe(0);
  });

  it("deleting the header logo → 409 naming 網站設定：頁首 Logo; the file stays", async () => {
    const res = await cDelete(files.logo.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toContain("網站設定：頁首 Logo");
    expect(cOnDisk(files.logo.file_path)).toBe(true);
    for (const variant of files.logo.variants) expect(cOnDisk(variant.url)).toBe(true);
  });

  it("cleanup dry run ({delete:false}, and no body) counts the unused files and deletes nothing", async () => {
    const before = filesUnder(cUploads);
    for (const payload of [{ delete: false }, undefined, {}]) {
      const res = await cleanup(payload);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({ deleted_count: 0, unused_count: 3, total_files_before: 4, total_files_after: 4, error_count: 0, deleted_files: [], errors: [] });
      expect([...data.unused_files].sort()).toEqual([files.spare1.file_path, files.spare2.file_path, files.video.file_path].sort());
    }
    expect(filesUnder(cUploads)).toEqual(before);
    expect((await cList()).length).toBe(4);
  });

  it("refuses a delete flag that is not a boolean", async () => {
    const before = filesUnder(cUploads);
    const res = await cleanup({ delete: "yes" });
    expect(res.statusCode).toBe(400);
    expect(filesUnder(cUploads)).toEqual(before);
  });

  it("cleanup {delete:true} moves the unused files to the trash: out of the list, still on disk and served, restorable; the referenced one stays", async () => {
    const onDiskBefore = filesUnder(cUploads);
    const res = await cleanup({ delete: true });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ deleted_count: 3, unused_count: 3, total_files_before: 4, total_files_after: 1, error_count: 0, errors: [] });
    expect([...data.deleted_files].sort()).toEqual([files.spare1.file_path, files.spare2.file_path, files.video.file_path].sort());
    // Nothing leaves the disk yet: the trash keeps the bytes where they were for 30 days.
    expect(filesUnder(cUploads)).toEqual(onDiskBefore);
    for (const trashed of [files.spare1, files.spare2, files.video]) expect((await c.app.inject({ method: "GET", url: trashed.file_path })).statusCode).toBe(200);
    expect((await cList()).map((file) => file.id)).toEqual([files.logo.id]);

    const trash = await cTrash();
    expect(trash.map((file) => file.id).sort()).toEqual([files.spare1.id, files.spare2.id, files.video.id].sort());
    for (const file of trash) {
      expect(Date.parse(file.purge_at) - Date.parse(file.trashed_at)).toBe(30 * 24 * 60 * 60 * 1000);
    }
    const activity = await c.database.db.selectFrom("activity_log").select("summary").where("action", "=", "media.cleanup").execute();
    expect(activity.map((row) => row.summary)).toEqual(["清理未使用的檔案：3 個移到回收桶（30 天內可還原）"]);
    // The daily purge is on the job runner, once however many cleanups run that day.
    expect((await cleanup({ delete: true })).json().data).toMatchObject({ deleted_count: 0, unused_count: 0, total_files_before: 1, total_files_after: 1, error_count: 0 });
    const purgeJobs = await c.database.db.selectFrom("jobs").select(["run_at", "dedupe_key"]).where("kind", "=", "media.purge-trash").execute();
    expect(purgeJobs).toHaveLength(1);
    expect(Date.parse(purgeJobs[0]!.run_at) - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
  });

  it("restore puts a trashed file back in the library; restoring it again → 404", async () => {
    const res = await c.app.inject({ method: "POST", url: `${LIBRARY}/${files.spare1.id}/restore`, headers: bearer(cToken) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "檔案已還原到媒體庫", data: { id: files.spare1.id } });
    expect((await cList()).map((file) => file.id).sort()).toEqual([files.logo.id, files.spare1.id].sort());
    expect((await cTrash()).some((file) => file.id === files.spare1.id)).toBe(false);
    const again = await c.app.inject({ method: "POST", url: `${LIBRARY}/${files.spare1.id}/restore`, headers: bearer(cToken) });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("回收桶中找不到這個檔案");
  });

  it("永久刪除 from the trash removes the row, the original and every variant", async () => {
    const res = await cDelete(files.spare2.id);
    expect(res.statusCode, res.body).toBe(200);
    for (const url of [files.spare2.file_path, ...files.spare2.variants.map((variant) => variant.url)]) expect(cOnDisk(url)).toBe(false);
    expect((await cTrash()).some((file) => file.id === files.spare2.id)).toBe(false);
  });

  it("the daily purge deletes what was trashed more than 30 days ago (row first, then bytes), keeps newer trash, and schedules the next day", async () => {
    // The video has been in the trash 31 days; spare1 goes back in today.
    expect((await cleanup({ delete: true })).json().data.deleted_files).toEqual([files.spare1.file_path]);
    await c.database.db.updateTable("media_files").set({ trashed_at: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000).toISOString() }).where("id", "=", files.video.id).execute();
    await c.database.db.updateTable("jobs").set({ run_at: new Date(Date.now() - 1000).toISOString() }).where("kind", "=", "media.purge-trash").execute();
    await c.jobs.runDue();

    expect(cOnDisk(files.video.file_path)).toBe(false);
    expect(await c.database.db.selectFrom("media_files").select("id").where("id", "=", files.video.id).executeTakeFirst()).toBeUndefined();
    expect((await cTrash()).map((file) => file.id)).toEqual([files.spare1.id]);
    expect(cOnDisk(files.spare1.file_path)).toBe(true);
    const next = await c.database.db.selectFrom("jobs").select(["run_at", "failed_at"]).where("kind", "=", "media.purge-trash").execute();
    expect(next).toHaveLength(1);
    expect(next[0]!.failed_at).toBeNull();
    expect(Date.parse(next[0]!.run_at)).toBeGreaterThan(Date.now());
    const purged = await c.database.db.selectFrom("activity_log").select("summary").where("action", "=", "media.purge").execute();
    expect(purged.map((row) => row.summary)).toEqual(["永久刪除回收桶中超過 30 天的檔案（1 個）"]);
    // Back in the library for the tests below.
    expect((await c.app.inject({ method: "POST", url: `${LIBRARY}/${files.spare1.id}/restore`, headers: bearer(cToken) })).statusCode).toBe(200);
  });

  it("a trashed file that content names again comes back to the library (its address pasted into a setting)", async () => {
    expect((await cleanup({ delete: true })).json().data.deleted_files).toEqual([files.spare1.file_path]);
    await setSettings({ og_image: files.spare1.file_path });
    const listed = (await cList()).find((file) => file.id === files.spare1.id);
    expect(listed?.usages.map((usage) => usage.label)).toEqual(["網站設定：分享時的預覽圖片"]);
    expect(await cTrash()).toEqual([]);
    const restored = await c.database.db.selectFrom("activity_log").select("summary").where("action", "=", "media.restore").where("entity_id", "=", String(files.spare1.id)).execute();
    expect(restored.map((row) => row.summary)).toContain("檔案「spare1.jpg」再次被內容使用，已從回收桶還原");
    await setSettings({ og_image: "" });
    expect((await cDelete(files.spare1.id)).statusCode).toBe(200);
  });

  it("after the header logo changes to another file, the first becomes unused and can be deleted", async () => {
    files.newLogo = await cUpload(await pngImage(220, 60), "new-logo.png");
    await setSettings({ header_logo: files.newLogo.file_path });

    const list = await cList();
    expect(list.find((file) => file.id === files.logo.id)!.usages).toEqual([]);
    expect(list.find((file) => file.id === files.newLogo.id)!.usages.map((usage) => usage.label)).toEqual(["網站設定：頁首 Logo"]);

    const dry = (await cleanup({ delete: false })).json().data;
    expect(dry).toMatchObject({ unused_count: 1, deleted_count: 0, total_files_before: 2, total_files_after: 2, unused_files: [files.logo.file_path] });

    expect((await cDelete(files.newLogo.id)).statusCode).toBe(409);
    expect((await cTrash()).some((file) => file.id === files.newLogo.id)).toBe(false);
    const res = await cDelete(files.logo.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await cTrash()).map((file) => file.id)).toContain(files.logo.id);
    expect((await cDelete(files.logo.id)).statusCode).toBe(200);
    expect(cOnDisk(files.logo.file_path)).toBe(false);
  });

  it("a file used twice names both places", async () => {
    await setSettings({ footer_logo: files.newLogo.file_path });
    const res = await cDelete(files.newLogo.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("網站設定：頁首 Logo");
    expect(res.json().message).toContain("網站設定：頁尾 Logo");
  });

  it("clearing the settings releases the file", async () => {
    await setSettings({ header_logo: "", footer_logo: "" });
    const dry = (await cleanup({ delete: false })).json().data;
    expect(dry).toMatchObject({ unused_count: 1, unused_files: [files.newLogo.file_path] });
    expect((await cDelete(files.newLogo.id)).statusCode).toBe(200);
  });
});

describe("cleanup after a preview: what is moved is exactly what the preview listed (decision 042)", () => {
  // Its own database, so that the preview lists exactly this group's files.
  let p: TestApp;
  let pToken: string;
  const pUpload = async (content: Buffer, filename: string) => {
    const body = multipart([{ name: "file", content, filename, contentType: "application/octet-stream" }]);
    const res = await p.app.inject({ method: "POST", url: LIBRARY, headers: { ...bearer(pToken), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as MediaAnswer;
  };
  const cleanup = (payload: unknown) => p.app.inject({ method: "POST", url: `${LIBRARY}/cleanup-unused`, headers: bearer(pToken), payload: payload as object });

  beforeAll(async () => {
    p = await createTestApp({}, { runJobs: false });
    pToken = await adminToken(p);
  });
  afterAll(async () => p?.close());

  it("moves the listed files nothing uses; a listed file that became used meanwhile and a file uploaded after the preview stay", async () => {
    const [a, b, c] = [await pUpload(await pngImage(30, 20), "a.png"), await pUpload(await pngImage(31, 20), "b.png"), await pUpload(await pngImage(32, 20), "c.png")];
    const preview = (await cleanup({ delete: false })).json().data;
    expect([...preview.unused_files].sort()).toEqual([a.file_path, b.file_path, c.file_path].sort());

    // While the dialog is open: b becomes the header logo, and another file arrives.
    const settings = await p.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: bearer(pToken), payload: { header_logo: b.file_path } });
    expect(settings.statusCode, settings.body).toBe(200);
    const later = await pUpload(await pngImage(33, 20), "later.png");

    const res = await cleanup({ delete: true, files: [...preview.unused_files, "/uploads/2020/01/not-in-the-library.png"] });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json().data;
    expect([...moved.deleted_files].sort()).toEqual([a.file_path, c.file_path].sort());
    expect(moved).toMatchObject({ deleted_count: 2, total_files_before: 4, total_files_after: 2, error_count: 0 });
    const library = (await p.app.inject({ method: "GET", url: LIBRARY, headers: bearer(pToken) })).json().data as MediaAnswer[];
    expect(library.map((file) => file.id).sort()).toEqual([b.id, later.id].sort());
    const trash = (await p.app.inject({ method: "GET", url: `${LIBRARY}/trash`, headers: bearer(pToken) })).json().data as TrashedMediaFile[];
    expect(trash.map((file) => file.id).sort()).toEqual([a.id, c.id].sort());
  });

  it("a dry run with a list counts only the listed files", async () => {
    const data = (await cleanup({ files: [] })).json().data;
    expect(data).toMatchObject({ unused_count: 0, unused_files: [], deleted_count: 0 });
  });

  it.each([
    [{ delete: true, files: "/uploads/2026/01/a.png" }, "files", "要清理的檔案必須是檔案網址的清單"],
    [{ delete: true, files: [42] }, "files.0", "要清理的檔案必須是檔案網址"],
    [{ delete: true, files: [`/uploads/${"x".repeat(600)}.png`] }, "files.0", "要清理的檔案網址太長了"],
    [{ delete: true, files: Array.from({ length: 10_001 }, (_, index) => `/uploads/2026/01/${index}.png`) }, "files", "一次最多清理 10000 個檔案"],
  ])("refuses a bad list with 400 naming the field in words, and moves nothing (%#)", async (payload, field, message) => {
    const before = (await p.app.inject({ method: "GET", url: LIBRARY, headers: bearer(pToken) })).json().data.length;
    const res = await cleanup(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect((await p.app.inject({ method: "GET", url: LIBRARY, headers: bearer(pToken) })).json().data.length).toBe(before);
  });
});

describe("a cleanup of more unused files than one takes (MAX_CLEANUP_FILES)", () => {
  // Its own database, filled with records directly: ten thousand uploads through the API would take minutes.
  let m: TestApp;
  let mToken: string;
  const cleanup = (payload: unknown) => m.app.inject({ method: "POST", url: `${LIBRARY}/cleanup-unused`, headers: bearer(mToken), payload: payload as object });
  const extra = 3;

  beforeAll(async () => {
    m = await createTestApp({}, { runJobs: false });
    mToken = await adminToken(m);
    const now = new Date().toISOString();
    const rows = Array.from({ length: MAX_CLEANUP_FILES + extra }, (_, index) => ({
      filename: `${index}.png`,
      file_path: `/uploads/2026/01/${String(index).padStart(16, "0")}.png`,
      mime_type: "image/png",
      width: 1,
      height: 1,
      trashed_at: null,
      video_progress: null,
      created_at: now,
      updated_at: now,
    }));
    for (let at = 0; at < rows.length; at += 500) await m.database.db.insertInto("media_files").values(rows.slice(at, at + 500)).execute();
  });
  afterAll(async () => m?.close());

  it("previews only as many as one cleanup moves, says how many more there are, and lists them once those are moved", async () => {
    const res = await cleanup({ delete: false });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json();
    expect(preview.data.unused_files).toHaveLength(MAX_CLEANUP_FILES);
    expect(preview.data).toMatchObject({ unused_count: MAX_CLEANUP_FILES + extra, unused_more_count: extra, deleted_count: 0 });
    expect(preview.message).toBe(`一次最多清理 ${MAX_CLEANUP_FILES} 個檔案，已列出其中 ${MAX_CLEANUP_FILES} 個。另外還有 ${extra} 個未使用的檔案沒有列出，這次清理後可以再清理一次`);

    // What the preview listed is a list the move takes.
    const moved = await cleanup({ delete: true, files: preview.data.unused_files });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ deleted_count: MAX_CLEANUP_FILES, unused_more_count: 0 });

    const rest = (await cleanup({ delete: false })).json();
    expect(rest.data).toMatchObject({ unused_count: extra, unused_more_count: 0 });
    expect(rest.data.unused_files).toHaveLength(extra);
    expect(rest.message).toBe("清理完成");
  });
});

describe("the site's question: which uploaded files are missing", () => {
  it("names the uploads URLs with no stored file, and leaves stored files and other sites' or the app's own files alone", async () => {
    const stored = await uploadOk(SETTINGS_UPLOAD, { filename: "logo.png", contentType: "image/png", content: await pngImage() });
    const logo = stored.path!;
    const gone = "/uploads/2026/01/0123456789abcdef.png";
    const missing = await t.services.media.site.missingUploads([logo, `https://cdn.example.com${logo}`, gone, "/uploads/missing-logo.png", "/favicon.ico", "https://example.com/logo.png", ""]);
    expect([...missing].sort()).toEqual([gone, "/uploads/missing-logo.png"].sort());
  });
});
