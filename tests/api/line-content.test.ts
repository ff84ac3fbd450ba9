// What a LINE customer sends, as an outsider's file (issue 22 §2, decision 022):
// hostile files (HTML, SVG, script, XHTML, XML, a GIF that is also a page) are
// stored by what their bytes are and never served as active content; every
// /uploads/ answer is sandboxed; pictures and PDFs still show; a file over 50 MB
// is refused from LINE's announced size before a byte is fetched, or cut at the
// limit while streaming (memory stays flat), and the chat says why; a download
// that takes too long is cut.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLineApi, LineApiError } from "#server/integrations/line.ts";
import { localStorage } from "#server/integrations/storage.ts";
import { CONTENT_TOO_LARGE, MAX_CONTENT_BYTES } from "#server/modules/customers/line-events.ts";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { MB, htmlPage, pdfDocument, phoneJpeg, svgWithScript } from "#tests/factories/media.factory.ts";
import { signLineBody, startFakeLine, type FakeLine } from "#tests/mocks/fake-line.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const SECRET = "fedcba9876543210fedcba9876543210";
const ACCESS_TOKEN = "channel-access-token-for-content";
const USER = "U00000000000000000000000000content";

let t: TestApp;
let line: FakeLine;
let token: string;
let counter = 0;

beforeAll(async () => {
  line = await startFakeLine({ channelAccessToken: ACCESS_TOKEN });
  t = await createTestApp({ LINE_API_BASE_URL: line.baseUrl, LINE_DATA_API_BASE_URL: line.dataBaseUrl }, { runJobs: false });
  token = await adminToken(t);
  const res = await t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: bearer(token), payload: { line_channel_secret: SECRET, line_channel_access_token: ACCESS_TOKEN } });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await line.close();
});
beforeEach(async () => {
  line.reset();
  await t.database.db.deleteFrom("jobs").execute();
  await t.database.db.deleteFrom("line_messages").execute();
  await t.database.db.deleteFrom("line_customers").execute();
});

const next = () => `${Date.now()}${++counter}`;
const fileEvent = (message: Record<string, unknown>) => ({
  type: "message",
  mode: "active",
  timestamp: Date.now(),
  webhookEventId: `01CONTENT${next()}`,
  replyToken: `reply-${next()}`,
  source: { type: "user", userId: USER },
  message: { id: next(), ...message },
});
type FileEvent = ReturnType<typeof fileEvent>;

async function delivered(events: FileEvent[]) {
  const body = JSON.stringify({ destination: "Ubot", events });
  const res = await t.app.inject({ method: "POST", url: "/line-webhook.php", headers: { "content-type": "application/json", "x-line-signature": signLineBody(body, SECRET) }, payload: body });
  expect(res.statusCode, res.body).toBe(200);
}
const storedMessage = (lineMessageId: string) =>
  t.database.db.selectFrom("line_messages").selectAll().where("line_message_id", "=", lineMessageId).executeTakeFirstOrThrow();
const uploadsDir = () => path.resolve(t.env.DATA_DIR, "uploads");
const scratchFiles = async () => (await readdir(path.join(uploadsDir(), ".scratch")).catch(() => [] as string[])).length;

/** What a browser would run as a page or a script from our origin: a document or script type, shown in place, not sandboxed. */
function servedAsActiveContent(headers: Record<string, unknown>): boolean {
  const type = String(headers["content-type"] ?? "");
  const documentOrScript = /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/javascript|application\/(x-)?javascript|text\/ecmascript|application\/ecmascript)/i.test(type);
  const attachment = /^attachment/i.test(String(headers["content-disposition"] ?? ""));
  const sandboxed = /(^|;)\s*sandbox\b/.test(String(headers["content-security-policy"] ?? ""));
  return documentOrScript && !attachment && !sandboxed;
}

const HOSTILE = [
  { fileName: "報價.html", contentType: "text/html", body: htmlPage() },
  { fileName: "平面圖.svg", contentType: "image/svg+xml", body: svgWithScript() },
  { fileName: "工具.js", contentType: "application/javascript", body: Buffer.from("fetch('/admin-api.php/settings',{headers:{authorization:'Bearer '+localStorage.token}})\n") },
  {
    fileName: "說明.xhtml",
    contentType: "application/xhtml+xml",
    body: Buffer.from('<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body><script>alert(localStorage.token)</script></body></html>\n'),
  },
  {
    fileName: "資料.xml",
    contentType: "application/xml",
    body: Buffer.from('<?xml version="1.0"?><root><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(localStorage.token)</x:script></root>\n'),
  },
  // A real GIF header followed by a page: a browser that sniffed would run it.
  { fileName: "邀請.gif", contentType: "image/gif", body: Buffer.concat([Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"), Buffer.from("<html><body><script>alert(localStorage.token)</script></body></html>")]) },
];

describe("hostile files a customer sends", () => {
  it("none of the six is served as active content: stored by their bytes (.bin, the GIF as .gif), sandboxed, the others only as downloads under the customer's name", async () => {
    const events = HOSTILE.map((file) => fileEvent({ type: "file", fileName: file.fileName, fileSize: file.body.length }));
    HOSTILE.forEach((file, index) => line.setContent(events[index]!.message.id, { contentType: file.contentType, body: file.body }));
    await delivered(events);
    await t.jobs.runDue();

    let active = 0;
    for (const [index, file] of HOSTILE.entries()) {
      const stored = await storedMessage(events[index]!.message.id);
      expect(stored.file_name).toBe(file.fileName);
      const served = await t.app.inject({ method: "GET", url: stored.media_url });
      expect(served.statusCode, file.fileName).toBe(200);
      expect(served.rawPayload.equals(file.body)).toBe(true);
      if (servedAsActiveContent(served.headers)) active += 1;
      expect(served.headers["x-content-type-options"]).toBe("nosniff");
      expect(served.headers["content-security-policy"]).toBe("default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox");
      if (file.fileName.endsWith(".gif")) {
        expect(stored.media_url).toMatch(/\/line-[a-f0-9]+\.gif$/);
        expect(served.headers["content-type"]).toBe("image/gif");
      } else {
        // The customer's name never makes the extension; the type comes from the server's allow-list.
        expect(stored.media_url, file.fileName).toMatch(/\/line-[a-f0-9]+\.bin$/);
        expect(served.headers["content-type"]).toBe("application/octet-stream");
        expect(served.headers["content-disposition"]).toBe(`attachment; filename="${file.fileName.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`);
      }
    }
    // Before issue 22: 5 of these 6 were served as their own type from our origin.
    expect(active).toBe(0);
  });

  it("a file named like a picture is what its bytes say: a page named photo.jpg is a download", async () => {
    const event = fileEvent({ type: "file", fileName: "photo.jpg", fileSize: htmlPage().length });
    line.setContent(event.message.id, { contentType: "image/jpeg", body: htmlPage() });
    await delivered([event]);
    await t.jobs.runDue();
    const served = await t.app.inject({ method: "GET", url: (await storedMessage(event.message.id)).media_url });
    expect(served.headers["content-type"]).toBe("application/octet-stream");
    expect(served.headers["content-disposition"]).toMatch(/^attachment; filename="photo.jpg"/);
  });

  it("every answer under /uploads/ carries the policy, a missing file's too", async () => {
    const missing = await t.app.inject({ method: "GET", url: "/uploads/2026/01/nothing-here.html" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-security-policy"]).toMatch(/sandbox$/);
    const climbing = await t.app.inject({ method: "GET", url: "/uploads/..%2f..%2fetc/passwd" });
    expect(climbing.statusCode).toBe(404);
    expect(climbing.headers["content-security-policy"]).toMatch(/sandbox$/);
  });
});

describe("pictures and PDFs still show", () => {
  it("a picture is served as itself, inline; a PDF as application/pdf, inline, under the customer's name", async () => {
    const picture = await phoneJpeg();
    const image = fileEvent({ type: "image", contentProvider: { type: "line" } });
    const pdf = fileEvent({ type: "file", fileName: "估價單.pdf", fileSize: pdfDocument().length });
    line.setContent(image.message.id, { contentType: "image/jpeg", body: picture });
    line.setContent(pdf.message.id, { contentType: "application/pdf", body: pdfDocument() });
    await delivered([image, pdf]);
    await t.jobs.runDue();

    const shownImage = await t.app.inject({ method: "GET", url: (await storedMessage(image.message.id)).media_url });
    expect(shownImage.headers["content-type"]).toBe("image/jpeg");
    expect(shownImage.headers["content-disposition"]).toBeUndefined();
    const shownPdf = await t.app.inject({ method: "GET", url: (await storedMessage(pdf.message.id)).media_url });
    expect(shownPdf.headers["content-type"]).toBe("application/pdf");
    expect(shownPdf.headers["content-disposition"]).toBe(`inline; filename="___.pdf"; filename*=UTF-8''${encodeURIComponent("估價單.pdf")}`);
  });
});

/**
 * The largest growth of this worker's memory (JavaScript heap and buffers) seen while `work` runs,
 * sampled every 10 ms. Not the process's resident size: test files run side by side in one process.
 */
async function peakGrowth(work: () => Promise<unknown>): Promise<number> {
  const used = () => {
    const memory = process.memoryUsage();
    return memory.heapUsed + memory.external;
  };
  const start = used();
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, used());
  }, 10);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, used()) - start;
}

describe("large files", () => {
  it("LINE says it is over 50 MB: refused before a byte is fetched, and the chat says why", async () => {
    const event = fileEvent({ type: "file", fileName: "施工影片.mov", fileSize: 60 * MB });
    line.setStreamedContent(event.message.id, { contentType: "video/quicktime", bytes: 60 * MB });
    await delivered([event]);
    await t.jobs.runDue();
    expect(line.requests.filter((request) => request.path.endsWith("/content"))).toEqual([]);
    const stored = await storedMessage(event.message.id);
    expect(stored).toMatchObject({ media_url: "", media_error: CONTENT_TOO_LARGE });
    const res = await t.app.inject({ method: "GET", url: `/admin-api.php/customers/${stored.customer_id}`, headers: bearer(token) });
    expect(res.json().data.messages[0]).toMatchObject({ media_url: "", media_error: "檔案過大（超過 50MB），沒有保存在後台，請客戶改用其他方式傳送" });
    // Given up for good: no job left to retry it.
    expect(await t.database.db.selectFrom("jobs").select("kind").where("kind", "=", "line.download-content").execute()).toEqual([]);
  });

  it("a 60 MB body announced by its length is refused at LINE's first answer", async () => {
    const event = fileEvent({ type: "video", contentProvider: { type: "line" } });
    line.setStreamedContent(event.message.id, { contentType: "video/mp4", bytes: 60 * MB });
    await delivered([event]);
    await t.jobs.runDue();
    expect((await storedMessage(event.message.id)).media_error).toBe(CONTENT_TOO_LARGE);
    expect(line.streamedBytes).toBeLessThan(8 * MB);
  });

  it("a 60 MB body of unknown length is streamed and cut at 50 MB: memory stays flat and nothing is left behind", async () => {
    // A first download grows the process's pools once (sockets, streams, the allocator): measured after it.
    const warmUp = fileEvent({ type: "video", contentProvider: { type: "line" } });
    line.setStreamedContent(warmUp.message.id, { contentType: "video/mp4", bytes: 16 * MB, announceLength: false });
    await delivered([warmUp]);
    await t.jobs.runDue();
    line.reset();

    const event = fileEvent({ type: "video", contentProvider: { type: "line" } });
    line.setStreamedContent(event.message.id, { contentType: "video/mp4", bytes: 60 * MB, announceLength: false });
    await delivered([event]);
    const growth = await peakGrowth(() => t.jobs.runDue());
    console.info(`LINE content 60 MB (cut at 50 MB): peak memory growth ${(growth / MB).toFixed(1)} MB`);
    expect((await storedMessage(event.message.id)).media_error).toBe(CONTENT_TOO_LARGE);
    expect(line.streamedBytes).toBeGreaterThan(MAX_CONTENT_BYTES - 8 * MB);
    expect(line.streamedBytes).toBeLessThan(MAX_CONTENT_BYTES + 8 * MB);
    // Figures only (test files share the process, so no bound is asserted on them): decision 022 has the measurements.
    expect(growth).toBeGreaterThanOrEqual(0);
    expect(await scratchFiles()).toBe(0);
  });

  it("a 40 MB video under the cap is streamed into storage whole: written to disk while LINE is still sending, never held whole", async () => {
    const head = Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex");
    const total = 40 * MB;
    const event = fileEvent({ type: "video", contentProvider: { type: "line" } });
    line.setStreamedContent(event.message.id, { contentType: "video/mp4", bytes: total, head, announceLength: false });
    await delivered([event]);
    // Buffered whole, nothing reaches the disk before LINE has sent the last byte.
    let onDiskWhileSending = 0;
    const watcher = setInterval(async () => {
      if (line.streamedBytes >= total) return;
      const dir = path.join(uploadsDir(), ".scratch");
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        const size = (await stat(path.join(dir, name)).catch(() => null))?.size ?? 0;
        if (line.streamedBytes < total) onDiskWhileSending = Math.max(onDiskWhileSending, size);
      }
    }, 5);
    const growth = await peakGrowth(() => t.jobs.runDue()).finally(() => clearInterval(watcher));
    console.info(`LINE content 40 MB (kept): peak memory growth ${(growth / MB).toFixed(1)} MB, ${(onDiskWhileSending / MB).toFixed(1)} MB on disk before LINE finished sending`);
    expect(onDiskWhileSending).toBeGreaterThan(0);
    const stored = await storedMessage(event.message.id);
    expect(stored.media_url).toMatch(/\/line-[a-f0-9]+\.mp4$/);
    expect(stored.media_error).toBe("");
    const served = await t.app.inject({ method: "GET", url: stored.media_url, headers: { range: "bytes=0-99" } });
    expect(served.statusCode).toBe(206);
    expect(served.headers["content-range"]).toBe(`bytes 0-99/${total}`);
    expect(served.headers["content-type"]).toBe("video/mp4");
  });
});

describe("the download's time limit", () => {
  it("a download slower than the limit is cut with the reason in words, and the scratch file removed", async () => {
    const event = fileEvent({ type: "file", fileName: "慢.pdf" });
    line.setStreamedContent(event.message.id, { contentType: "application/pdf", bytes: 4 * MB, head: pdfDocument(), chunkDelayMs: 50 });
    const api = createLineApi({ apiBaseUrl: line.baseUrl, dataApiBaseUrl: line.dataBaseUrl });
    const storage = localStorage(uploadsDir());
    const started = Date.now();
    const content = await api.content({ token: ACCESS_TOKEN, messageId: event.message.id, maxBytes: MAX_CONTENT_BYTES, timeoutMs: 400 });
    const error = await storage.receive(content.body).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(LineApiError);
    expect((error as Error).message).toBe("從 LINE 下載檔案超過時限");
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await scratchFiles()).toBe(0);
  });

  it("LINE no longer having the file: 下載中 first, 重試中 after a failed try, and after the last try the chat says why", async () => {
    const event = fileEvent({ type: "image", contentProvider: { type: "line" } });
    await delivered([event]);
    const stored = await storedMessage(event.message.id);
    const shown = async () => {
      const res = await t.app.inject({ method: "GET", url: `/admin-api.php/customers/${stored.customer_id}`, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      const message = (res.json().data.messages as Array<{ id: number; media_download: string; media_error: string }>).find((candidate) => candidate.id === stored.id)!;
      return { media_download: message.media_download, media_error: message.media_error };
    };
    expect(await shown()).toEqual({ media_download: "", media_error: "" });
    for (let attempt = 1; attempt <= 5; attempt++) {
      await t.database.db.updateTable("jobs").set({ run_at: new Date().toISOString() }).where("kind", "=", "line.download-content").execute();
      await t.jobs.runDue();
      if (attempt < 5) expect(await shown(), `after try ${attempt}`).toEqual({ media_download: "retrying", media_error: "" });
    }
    expect(await shown()).toEqual({ media_download: "", media_error: "無法從 LINE 取得這個檔案：LINE 已沒有這個檔案（超過保存期限或客戶已收回）" });
  });

  it("a download that fails for another reason (no access token any more) also ends with the reason on the message, not 重試中 for ever", async () => {
    const event = fileEvent({ type: "file", fileName: "報價單.pdf" });
    line.setContent(event.message.id, { contentType: "application/pdf", body: pdfDocument() });
    await delivered([event]);
    const cleared = await t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: bearer(token), payload: { line_channel_access_token: "" } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    try {
      for (let attempt = 1; attempt <= 5; attempt++) {
        await t.database.db.updateTable("jobs").set({ run_at: new Date().toISOString() }).where("kind", "=", "line.download-content").execute();
        await t.jobs.runDue();
      }
      expect((await storedMessage(event.message.id)).media_error).toBe("無法從 LINE 取得這個檔案：尚未設定 LINE Channel Access Token");
      expect(await t.database.db.selectFrom("jobs").select("kind").where("kind", "=", "line.download-content").execute()).toEqual([]);
    } finally {
      const restored = await t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: bearer(token), payload: { line_channel_access_token: ACCESS_TOKEN } });
      expect(restored.statusCode, restored.body).toBe(200);
    }
  });

  it("a download given up without a reason on the message (a failed job) shows as failed", async () => {
    const event = fileEvent({ type: "image", contentProvider: { type: "line" } });
    await delivered([event]);
    const stored = await storedMessage(event.message.id);
    // As a job the runner gave up on looks: every attempt spent, marked failed.
    await t.database.db.updateTable("jobs").set({ last_error: "storage away", failed_at: new Date().toISOString() }).where("kind", "=", "line.download-content").execute();
    const res = await t.app.inject({ method: "GET", url: `/admin-api.php/customers/${stored.customer_id}`, headers: bearer(token) });
    expect(res.json().data.messages.find((message: { id: number }) => message.id === stored.id).media_download).toBe("failed");
  });
});
