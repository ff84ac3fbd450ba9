// With S3_PUBLIC_URL (a CDN in front of the bucket), the public pages link
// stored files there, and the page's policy lets them load; stored content
// keeps its /uploads/ addresses, which the product still answers (the back
// office). Server-rendered pages need the production build, hence this suite;
// the bucket is a real moto_server, whose own address stands in for the CDN
// (a bucket read as public files: the CDN's origin).
import path from "node:path";
import { PutBucketPolicyCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { BlogPost } from "#contract/blog.ts";
import type { MediaFile } from "#contract/media.ts";
import { buildApp } from "#server/app.ts";
import { parseEnv } from "#server/env.ts";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { multipart, pngImage } from "#tests/factories/media.factory.ts";
import { describeWithMoto, makeBucket, s3EnvFor, startMoto, type Moto } from "#tests/setup/moto.ts";
import { TEST_ADMIN, type TestApp } from "#tests/setup/test-app.ts";
import { createTestDatabase, type TestDatabase } from "#tests/setup/test-database.ts";

const BUCKET = "public-files";
const PREFIX = "site-a/";

describeWithMoto("pages link stored files at the CDN (S3_PUBLIC_URL)", () => {
  let moto: Moto;
  let store: TestDatabase;
  let t: TestApp;
  let cdn: string;
  let picture: MediaFile;
  let post: BlogPost;

  beforeAll(async () => {
    [moto, store] = await Promise.all([startMoto(), createTestDatabase()]);
    await makeBucket(moto.endpoint, BUCKET);
    // What a CDN in front of the bucket has: read access to its objects.
    const owner = new S3Client({ endpoint: moto.endpoint, region: "us-east-1", forcePathStyle: true, credentials: { accessKeyId: "test", secretAccessKey: "test" } });
    const publicRead = { Version: "2012-10-17", Statement: [{ Effect: "Allow", Principal: "*", Action: "s3:GetObject", Resource: `arn:aws:s3:::${BUCKET}/*` }] };
    await owner.send(new PutBucketPolicyCommand({ Bucket: BUCKET, Policy: JSON.stringify(publicRead) }));
    owner.destroy();
    cdn = `${moto.endpoint}/${BUCKET}`;
    const env = parseEnv({
      NODE_ENV: "test",
      DATA_DIR: store.dataDir,
      DATABASE_URL: store.databaseUrl,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: "silent",
      ...s3EnvFor(moto.endpoint, BUCKET),
      S3_PREFIX: PREFIX,
      S3_PUBLIC_URL: cdn,
    });
    const built = await buildApp({ env, web: { buildDirectory: path.resolve("build") }, runJobs: false });
    t = { ...built, env, close: () => built.app.close() };
    await built.app.ready();
    const token = await adminToken(t);

    const upload = multipart([{ name: "file", content: await pngImage(700, 400), filename: "封面.png", contentType: "image/png" }]);
    const uploaded = await t.app.inject({ method: "POST", url: "/admin-api.php/media", headers: { ...bearer(token), ...upload.headers }, payload: upload.payload });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    picture = (uploaded.json() as { data: MediaFile }).data;

    const created = await t.app.inject({
      method: "POST",
      url: "/admin-api.php/blog/posts",
      headers: bearer(token),
      payload: { title: "水塔清洗實錄", slug: "tank-cleaning", status: "published", featured_image: picture.file_path, content: `<p>清洗前</p><p><img src="${picture.file_path}" alt="清洗前的水塔"></p>` },
    });
    expect(created.statusCode, created.body).toBe(200);
    post = (created.json() as { data: { post: BlogPost } }).data.post;
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([store?.drop(), moto?.stop()]);
  });

  it("an article's picture, its srcset, Open Graph and JSON-LD point at the CDN, whose bytes are the product's", async () => {
    const page = await t.app.inject({ method: "GET", url: "/blog/tank-cleaning" });
    expect(page.statusCode, page.body).toBe(200);
    const html = page.body;
    const key = t.storage.keyOf(picture.file_path)!;
    const cdnAddress = `${cdn}/${PREFIX}${key}`;

    expect(html).toContain(`src="${cdnAddress}"`);
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="${cdnAddress}"`));
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join("");
    expect(jsonLd).toContain(cdnAddress);
    for (const variant of picture.variants) expect(html).toContain(`${cdn}/${PREFIX}${t.storage.keyOf(variant.url)}`);
    // Nothing of this site's files is left under /uploads/ on the page.
    expect(html).not.toMatch(/(["'\s,(]|&quot;|localhost)\/uploads\/[0-9]{4}\//);

    const policy = String(page.headers["content-security-policy"]);
    const directive = (name: string) => policy.split("; ").find((entry) => entry.startsWith(`${name} `)) ?? "";
    expect(directive("img-src").split(" ")).toContain(new URL(cdn).origin);
    expect(directive("media-src").split(" ")).toContain(new URL(cdn).origin);

    const fromCdn = await fetch(cdnAddress);
    expect(fromCdn.status).toBe(200);
    const throughProduct = await t.app.inject({ method: "GET", url: picture.file_path });
    expect(throughProduct.statusCode).toBe(200);
    expect(Buffer.from(await fromCdn.arrayBuffer()).equals(throughProduct.rawPayload)).toBe(true);
  });

  it("a client-side navigation's data (turbo-stream, cached like the page) points at the CDN too", async () => {
    const cdnAddress = `${cdn}/${PREFIX}${t.storage.keyOf(picture.file_path)}`;
    // What the browser asks for when a visitor follows a link to the article from another page.
    for (const cache of ["MISS", "HIT"]) {
      const data = await t.app.inject({ method: "GET", url: "/blog/tank-cleaning.data" });
      expect(data.statusCode, data.body).toBe(200);
      expect(data.headers["content-type"]).toMatch(/^text\/x-script/);
      expect(data.headers["x-cache"]).toBe(cache);
      expect(data.body).toContain(`"${cdnAddress}"`);
      expect(data.body).toContain(`src=\\"${cdnAddress}\\"`);
      expect(data.body, cache).not.toMatch(/(["'\s,(]|localhost)\/uploads\/[0-9]{4}\//);
    }
  });

  it("stored content keeps its /uploads/ addresses", async () => {
    const stored = await t.database.db.selectFrom("blog_posts").select(["featured_image", "content"]).where("id", "=", post.id).executeTakeFirstOrThrow();
    expect(stored.featured_image).toBe(picture.file_path);
    expect(stored.content).toContain(`src="${picture.file_path}"`);
  });
});
