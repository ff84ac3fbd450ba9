// Uploaded files in an S3 bucket (issue 26, object storage), against a real
// S3-protocol server (moto_server) on 127.0.0.1: the SDK's checksums do not
// corrupt what is stored (the canary), uploads through the product's own API
// land in the bucket and nowhere on the instance's disk, the product serves
// them as it serves local files (ranges, validators, the passive-content
// headers), a LINE customer's file keeps its name, and a bucket that cannot be
// reached is a 503 that names nothing of it while the API stays up.
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaFile } from "#contract/media.ts";
import { s3Storage, StorageUnavailableError, type S3FileStorage } from "#server/integrations/s3-storage.ts";
import { UPLOADS_CONTENT_SECURITY_POLICY } from "#server/integrations/storage.ts";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { MB, multipart, pdfDocument, pngImage } from "#tests/factories/media.factory.ts";
import { signLineBody, startFakeLine, type FakeLine } from "#tests/mocks/fake-line.ts";
import { describeWithMoto, makeBucket, s3EnvFor, startMoto, type Moto } from "#tests/setup/moto.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const BUCKET = "site-files";
const PREFIX = "site-a/";
const LINE_SECRET = "0123456789abcdef0123456789abcdef";
const LINE_TOKEN = "channel-access-token-for-s3";
const NOT_FOUND = { success: false, message: "找不到這個網址" };

describeWithMoto("uploaded files in an S3 bucket", () => {
  let moto: Moto;
  let line: FakeLine;
  let t: TestApp;
  let token: string;
  /** The test's own view of the bucket, beside the product's. */
  let bucket: S3Client;

  beforeAll(async () => {
    [moto, line] = await Promise.all([startMoto(), startFakeLine({ channelAccessToken: LINE_TOKEN })]);
    await makeBucket(moto.endpoint, BUCKET);
    t = await createTestApp(
      { ...s3EnvFor(moto.endpoint, BUCKET), S3_PREFIX: PREFIX, LINE_API_BASE_URL: line.baseUrl, LINE_DATA_API_BASE_URL: line.dataBaseUrl },
      { runJobs: false },
    );
    token = await adminToken(t);
    bucket = new S3Client({ endpoint: moto.endpoint, region: "us-east-1", forcePathStyle: true, credentials: { accessKeyId: "test", secretAccessKey: "test" } });
  });
  afterAll(async () => {
    bucket?.destroy();
    await t?.close();
    await Promise.all([line?.close(), moto?.stop()]);
  });

  const objectBytes = async (name: string) =>
    Buffer.from(await (await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: name }))).Body!.transformToByteArray());
  const objectNames = async (prefix: string) => ((await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map((object) => object.Key!);
  const allKeys = async (storage: S3FileStorage) => {
    const keys: string[] = [];
    for await (const key of storage.keys()) keys.push(key);
    return keys.sort();
  };

  describe("the canary: what the SDK sends is what the server keeps", () => {
    it("a file of several MB streamed in parts reads back byte for byte, is listed, and a batch delete removes it all", async () => {
      const scratchDir = await mkdtemp(path.join(tmpdir(), "s3-canary-"));
      const storage = await s3Storage({
        bucket: BUCKET,
        endpoint: moto.endpoint,
        region: "us-east-1",
        credentials: { accessKeyId: "test", secretAccessKey: "test" },
        forcePathStyle: true,
        prefix: "canary",
        checksums: "when_required",
        scratchDir,
      });
      try {
        // Larger than one part (8 MB): a multipart upload, the case where chunked checksum framing went into files.
        const content = randomBytes(9 * MB);
        const chunks = Array.from({ length: Math.ceil(content.length / (64 * 1024)) }, (_, i) => content.subarray(i * 64 * 1024, (i + 1) * 64 * 1024));
        const scratch = await storage.receive(Readable.from(chunks));
        expect(scratch.size).toBe(content.length);
        await storage.putFile("2026/11/canary-big.bin", scratch, { downloadName: "報價單 2026.pdf" });
        expect(await readdir(scratchDir)).toEqual([]);

        const read: Buffer[] = [];
        for await (const chunk of storage.read("2026/11/canary-big.bin")) read.push(chunk as Buffer);
        expect(Buffer.concat(read).equals(content)).toBe(true);
        expect((await objectBytes("canary/2026/11/canary-big.bin")).equals(content)).toBe(true);
        expect(await storage.downloadNameOf("2026/11/canary-big.bin")).toBe("報價單 2026.pdf");

        await storage.putBuffer("2026/11/canary-a.png", Buffer.from("a"));
        await storage.putBuffer("2026/12/canary-b.webp", Buffer.from("bb"));
        expect((await objectBytes("canary/2026/12/canary-b.webp")).toString()).toBe("bb");
        // Not ours: a name of another shape under the prefix, and the product's own files beside it.
        await bucket.send(new PutObjectCommand({ Bucket: BUCKET, Key: "canary/notes.txt", Body: "x" }));
        expect(await allKeys(storage)).toEqual(["2026/11/canary-a.png", "2026/11/canary-big.bin", "2026/12/canary-b.webp"]);

        await storage.removeMany(await allKeys(storage));
        expect(await allKeys(storage)).toEqual([]);
        expect(await storage.exists("2026/11/canary-big.bin")).toBe(false);
        expect(await objectNames("canary/")).toEqual(["canary/notes.txt"]);
      } finally {
        await rm(scratchDir, { recursive: true, force: true });
      }
    });
  });

  describe("a picture uploaded through the media library", () => {
    let picture: MediaFile;
    let size: number;

    beforeAll(async () => {
      const body = multipart([{ name: "file", content: await pngImage(700, 400), filename: "招牌.png", contentType: "image/png" }]);
      const res = await t.app.inject({ method: "POST", url: "/admin-api.php/media", headers: { ...bearer(token), ...body.headers }, payload: body.payload });
      expect(res.statusCode, res.body).toBe(200);
      picture = (res.json() as { data: MediaFile }).data;
      size = (await objectBytes(`${PREFIX}${t.storage.keyOf(picture.file_path)}`)).length;
    });

    it("is in the bucket with its variants, under the prefix, and nothing is written to DATA_DIR/uploads", async () => {
      const urls = [picture.file_path, ...picture.variants.map((variant) => variant.url)];
      expect(picture.variants.length).toBeGreaterThan(1);
      const stored = await objectNames(PREFIX);
      for (const url of urls) expect(stored).toContain(`${PREFIX}${t.storage.keyOf(url)}`);
      expect(await t.storage.storedAt(picture.file_path)).toBe(true);
      const onDisk = await readdir(path.resolve(t.env.DATA_DIR, "uploads"), { recursive: true }).catch(() => []);
      expect(onDisk).toEqual([]);
      // The upload's scratch file, on this instance's disk while it was processed, is gone too.
      expect(await readdir(path.resolve(t.env.DATA_DIR, ".scratch")).catch(() => [])).toEqual([]);
    });

    it("is served from the bucket through the product: the same bytes, cached for a year, passive", async () => {
      const res = await t.app.inject({ method: "GET", url: picture.file_path });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(await objectBytes(`${PREFIX}${t.storage.keyOf(picture.file_path)}`))).toBe(true);
      expect(res.headers).toMatchObject({
        "content-type": "image/png",
        "content-length": String(size),
        "cache-control": "public, max-age=31536000, immutable",
        "accept-ranges": "bytes",
        "content-security-policy": UPLOADS_CONTENT_SECURITY_POLICY,
        "x-content-type-options": "nosniff",
      });
      expect(res.headers.etag).toMatch(/^"[0-9a-f]+"$/);
      expect(new Date(String(res.headers["last-modified"])).getTime()).not.toBeNaN();
      expect(res.headers["content-disposition"]).toBeUndefined();
    });

    it("answers a range with 206 (videos seek), and a range past the end with 416", async () => {
      const whole = await objectBytes(`${PREFIX}${t.storage.keyOf(picture.file_path)}`);
      const part = await t.app.inject({ method: "GET", url: picture.file_path, headers: { range: "bytes=10-29" } });
      expect(part.statusCode).toBe(206);
      expect(part.headers["content-range"]).toBe(`bytes 10-29/${size}`);
      expect(part.headers["content-length"]).toBe("20");
      expect(part.rawPayload.equals(whole.subarray(10, 30))).toBe(true);
      const tail = await t.app.inject({ method: "GET", url: picture.file_path, headers: { range: "bytes=-5" } });
      expect(tail.rawPayload.equals(whole.subarray(size - 5))).toBe(true);

      // A resumed download whose validator still holds gets its part; one that names another version, or several ranges, the whole file.
      const etag = String(part.headers.etag);
      expect((await t.app.inject({ method: "GET", url: picture.file_path, headers: { range: "bytes=10-29", "if-range": etag } })).statusCode).toBe(206);
      const stale = await t.app.inject({ method: "GET", url: picture.file_path, headers: { range: "bytes=10-29", "if-range": '"another"' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.rawPayload.equals(whole)).toBe(true);
      expect((await t.app.inject({ method: "GET", url: picture.file_path, headers: { range: "bytes=0-1,5-6" } })).statusCode).toBe(200);

      const beyond = await t.app.inject({ method: "GET", url: picture.file_path, headers: { range: `bytes=${size + 10}-` } });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers["content-range"]).toBe(`bytes */${size}`);
    });

    it("answers a revalidation with 304 (ETag or date), and HEAD with the headers alone", async () => {
      const first = await t.app.inject({ method: "GET", url: picture.file_path });
      const byTag = await t.app.inject({ method: "GET", url: picture.file_path, headers: { "if-none-match": String(first.headers.etag) } });
      expect(byTag.statusCode).toBe(304);
      expect(byTag.headers.etag).toBe(first.headers.etag);
      expect(byTag.rawPayload.length).toBe(0);
      const byDate = await t.app.inject({ method: "GET", url: picture.file_path, headers: { "if-modified-since": String(first.headers["last-modified"]) } });
      expect(byDate.statusCode).toBe(304);
      const changed = await t.app.inject({ method: "GET", url: picture.file_path, headers: { "if-none-match": '"another"' } });
      expect(changed.statusCode).toBe(200);

      const head = await t.app.inject({ method: "HEAD", url: picture.file_path });
      expect(head.statusCode).toBe(200);
      expect(head.headers["content-length"]).toBe(String(size));
      expect(head.headers["content-type"]).toBe("image/png");
      expect(head.headers.etag).toBe(first.headers.etag);
      expect(head.rawPayload.length).toBe(0);
    });

    it("answers a missing file or a path that is not a key with the same 404 as the local store, still sandboxed", async () => {
      for (const url of ["/uploads/2026/01/nothing-here.png", "/uploads/2026/01/../../secret.txt", "/uploads/.scratch/abc"]) {
        const res = await t.app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual(NOT_FOUND);
        expect(res.headers["content-security-policy"], url).toBe(UPLOADS_CONTENT_SECURITY_POLICY);
      }
      expect((await t.app.inject({ method: "HEAD", url: "/uploads/2026/01/nothing-here.png" })).statusCode).toBe(404);
    });
  });

  describe("a LINE customer's file", () => {
    it("keeps its Chinese name: stored beside the object, given back in the answer's content-disposition", async () => {
      const settings = await t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: bearer(token), payload: { line_channel_secret: LINE_SECRET, line_channel_access_token: LINE_TOKEN } });
      expect(settings.statusCode, settings.body).toBe(200);
      const messageId = `${Date.now()}1`;
      const name = "估價單（第二版）.pdf";
      line.setContent(messageId, { contentType: "application/pdf", body: pdfDocument() });
      const event = {
        type: "message",
        mode: "active",
        timestamp: Date.now(),
        webhookEventId: `01S3FILE${messageId}`,
        replyToken: `reply-${messageId}`,
        source: { type: "user", userId: "U000000000000000000000000000000s3" },
        message: { id: messageId, type: "file", fileName: name, fileSize: pdfDocument().length },
      };
      const body = JSON.stringify({ destination: "Ubot", events: [event] });
      const hook = await t.app.inject({ method: "POST", url: "/line-webhook.php", headers: { "content-type": "application/json", "x-line-signature": signLineBody(body, LINE_SECRET) }, payload: body });
      expect(hook.statusCode, hook.body).toBe(200);
      await t.jobs.runDue();

      const stored = await t.database.db.selectFrom("line_messages").selectAll().where("line_message_id", "=", messageId).executeTakeFirstOrThrow();
      const key = t.storage.keyOf(stored.media_url)!;
      expect(await objectNames(`${PREFIX}${key}`)).toEqual([`${PREFIX}${key}`]);
      expect(await t.storage.downloadNameOf(key)).toBe(name);
      const served = await t.app.inject({ method: "GET", url: stored.media_url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(pdfDocument())).toBe(true);
      expect(served.headers["content-type"]).toBe("application/pdf");
      expect(served.headers["content-disposition"]).toBe(`inline; filename="${name.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`);
    });
  });

  // Last: it stops the bucket's server.
  describe("a bucket that cannot be reached", () => {
    it("answers /uploads with 503 and Retry-After, names nothing of the bucket, and the API stays up", async () => {
      const body = multipart([{ name: "file", content: await pngImage(320, 200), filename: "a.png", contentType: "image/png" }]);
      const before = await t.app.inject({ method: "POST", url: "/admin-api.php/media", headers: { ...bearer(token), ...body.headers }, payload: body.payload });
      expect(before.statusCode, before.body).toBe(200);
      const url = (before.json() as { data: MediaFile }).data.file_path;
      await moto.stop();

      const port = new URL(moto.endpoint).port;
      for (const method of ["GET", "HEAD"] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, method).toBe(503);
        expect(res.headers["retry-after"], method).toMatch(/^\d+$/);
        expect(JSON.stringify(res.headers) + res.body, method).not.toContain(port);
      }
      expect((await t.app.inject({ method: "GET", url })).json()).toEqual({ success: false, message: "檔案空間暫時無法使用，請稍後再試" });

      // An upload while the bucket is away is refused the same way, and leaves no record behind.
      const records = async () => (await t.database.db.selectFrom("media_files").select("id").execute()).length;
      const recordsBefore = await records();
      const refused = await t.app.inject({ method: "POST", url: "/admin-api.php/media", headers: { ...bearer(token), ...body.headers }, payload: body.payload });
      expect(refused.statusCode).toBe(503);
      expect(refused.body).not.toContain(port);
      expect(await records()).toBe(recordsBefore);

      const check = await t.storage.check().then(
        () => null,
        (error: unknown) => error,
      );
      expect(check).toBeInstanceOf(StorageUnavailableError);
      expect((check as StorageUnavailableError).reason).toBe("ECONNREFUSED");

      const settings = await t.app.inject({ method: "GET", url: "/api.php/settings" });
      expect(settings.statusCode).toBe(200);
      expect((await t.app.inject({ method: "GET", url: "/admin-api.php/media", headers: bearer(token) })).statusCode).toBe(200);
    });
  });
});
