// Every place content can hold an uploaded file registers it in the reference
// index in its write's transaction (issue 22 §6; decision 024). For each place
// the test uploads a file, saves content using it through the API as the back
// office does, runs cleanup with delete, and proves every file is still in the
// library and served, and that deleting it is refused with 409 naming where it
// is used. The issue's own case first: a service card picture on the services
// page (頁面管理 → 服務項目頁面 → 新增服務 → 上傳圖片 → 發布).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaFile } from "#contract/media.ts";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { editorPost } from "#tests/factories/blog.factory.ts";
import { mp4Video, multipart, pngImage } from "#tests/factories/media.factory.ts";
import { rebuildReferences } from "#server/db/migrations/010-media-trash-and-reference-rebuild.ts";
import { createFileReferenceKeeper } from "#server/modules/media/file-references.ts";
import { insertCustomer } from "#tests/factories/line.factory.ts";
import { builderContent, container, imageElement, tree } from "#tests/factories/page-builder.factory.ts";
import { startFakeLine, type FakeLine } from "#tests/mocks/fake-line.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

let t: TestApp;
let token: string;
let line: FakeLine;

type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, payload?: unknown) => t.app.inject({ method, url, headers: bearer(token), payload: payload as object | undefined });
async function data<T = any>(method: Method, url: string, payload?: unknown): Promise<T> {
  const res = await call(method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json().data as T;
}

let seed = 0;
/** A distinct small picture (or a video) through the library upload, as the pickers do. */
async function upload(kind: "image" | "video" = "image"): Promise<MediaFile> {
  seed += 1;
  const content = kind === "video" ? mp4Video(1000 + seed) : await pngImage(40 + seed, 30 + seed);
  const body = multipart([{ name: "file", content, filename: kind === "video" ? `v${seed}.mp4` : `p${seed}.png`, contentType: "application/octet-stream" }]);
  const res = await t.app.inject({ method: "POST", url: "/admin-api.php/media", headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as MediaFile;
}

/** Saves a page as the pages screen does: PUT, or POST for a built-in page that has no record yet. */
async function savePage(pageKey: string, title: string, content: string) {
  const res = await call("PUT", `/admin-api.php/pages/${pageKey}`, { title, content, is_active: 1 });
  if (res.statusCode === 404) return data("POST", "/admin-api.php/pages", { page_key: pageKey, title, content, is_active: 1 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A service of 服務管理 by its place in the list: what the JSON pages choose from. */
const serviceId = async (index: number) => (await data<Array<{ id: number }>>("GET", "/admin-api.php/service-cards"))[index]!.id;

async function pageContent(pageKey: string): Promise<Record<string, any>> {
  const pages = await data<Array<{ page_key: string; content: string }>>("GET", "/admin-api.php/pages");
  return JSON.parse(pages.find((page) => page.page_key === pageKey)!.content);
}

/** A place content can hold a file, the files saved there, and the words a refusal names it by. */
interface Place {
  name: string;
  files: MediaFile[];
  label: string;
}
const places: Place[] = [];

beforeAll(async () => {
  line = await startFakeLine();
  t = await createTestApp({ PUBLIC_URL: "https://clean.example", LINE_API_BASE_URL: line.baseUrl, LINE_DATA_API_BASE_URL: line.dataBaseUrl });
  token = await adminToken(t);

  // --- Pages: the services page's service card (the case).
  {
    const picture = await upload();
    const content = await pageContent("services_page");
    // A card's own picture on this page (decision 031: the page chooses services of 服務管理, a picture may be its override).
    content.services.push({ service_id: await serviceId(0), image: picture.file_path });
    await savePage("services_page", "服務項目頁面", JSON.stringify(content));
    places.push({ name: "services page: a new service card's picture", files: [picture], label: "頁面「服務項目頁面」（圖片）" });
  }
  // --- Pages: the home services' cards.
  {
    const picture = await upload();
    const content = await pageContent("home_services");
    content.services = [{ service_id: await serviceId(0), image: picture.file_path }];
    await savePage("home_services", "首頁核心服務", JSON.stringify(content));
    places.push({ name: "home services: a service card's picture", files: [picture], label: "頁面「首頁核心服務」（圖片）" });
  }
  // --- Pages: about page HTML with a picture, a video and a link (absolute address too).
  {
    const [picture, video, linked] = [await upload(), await upload("video"), await upload()];
    const html = `<h2>關於我們</h2><p><img src="${picture.file_path}" alt="團隊"></p><video controls src="${video.file_path}"></video><p><a href="http://localhost${linked.file_path}">原尺寸照片</a></p>`;
    await savePage("about_company", "關於我們", html);
    places.push({ name: "about page HTML: <img>, <video>, <a href>", files: [picture, video, linked], label: "頁面「關於我們」（頁面內容）" });
  }
  // --- Pages: a free page saved by the page builder (JSON holding HTML) and a legacy HTML page.
  {
    const builderPicture = await upload();
    await data("POST", "/admin-api.php/pages", { page_key: "promo", title: "優惠活動", content: JSON.stringify({ html: `<img src="${builderPicture.file_path}">`, blocks: [{ type: "hero", background: builderPicture.file_path }] }), is_active: 1 });
    places.push({ name: "page builder JSON: html and an element's background", files: [builderPicture], label: "頁面「優惠活動」" });
    const legacyPicture = await upload();
    await data("POST", "/admin-api.php/pages", { page_key: "legacy_notes", title: "舊版頁面", content: `<p><img src='${legacyPicture.file_path}'></p>`, is_active: 1 });
    places.push({ name: "legacy HTML page", files: [legacyPicture], label: "頁面「舊版頁面」（頁面內容）" });
  }
  // --- Pages: a page built with the page builder (an image element, an uploaded video and its poster), and a picture only its autosaved draft shows.
  {
    const [picture, video, poster, drafted] = [await upload(), await upload("video"), await upload(), await upload()];
    const built = tree(container("1-1", [[imageElement(picture.file_path)], [{ id: "vupload01", type: "video", source: "upload", src: video.file_path, youtube: "", poster: poster.file_path, title: "施工影片" }]]));
    await data("POST", "/admin-api.php/pages", { page_key: "spring-sale", title: "春季優惠", content: builderContent(built), is_active: 1 });
    places.push({ name: "page builder: image, video and poster elements", files: [picture, video, poster], label: "頁面「春季優惠」" });
    await data("PUT", "/admin-api.php/pages/spring-sale", { content: builderContent(tree(container("1", [[imageElement(drafted.file_path)]]))), autosave: true });
    places.push({ name: "page builder: a picture in the autosaved draft only", files: [drafted], label: "頁面「春季優惠」（草稿中的圖片或影片）" });
  }
  // --- Settings: every image field.
  {
    const keys = ["company_logo", "favicon", "header_logo", "footer_logo", "og_image", "floating_line_icon", "floating_phone_icon"] as const;
    const labels = ["公司 Logo", "網站圖示", "頁首 Logo", "頁尾 Logo", "分享時的預覽圖片", "LINE 按鈕圖示", "電話按鈕圖示"];
    const files = await Promise.all(keys.map(() => upload()));
    await data("POST", "/admin-api.php/settings", Object.fromEntries(keys.map((key, index) => [key, files[index]!.file_path])));
    keys.forEach((key, index) => places.push({ name: `settings: ${key}`, files: [files[index]!], label: `網站設定：${labels[index]}` }));
  }
  // --- Banners: image and video.
  {
    const [picture, video] = [await upload(), await upload("video")];
    await data("POST", "/api.php/hero-banners", { title: "春季大掃除", media_type: "image", image_url: picture.file_path, video_url: video.file_path, button_text: "預約", button_link: "/contact" });
    places.push({ name: "banner: image_url", files: [picture], label: "首頁橫幅「春季大掃除」（圖片）" });
    places.push({ name: "banner: video_url", files: [video], label: "首頁橫幅「春季大掃除」（影片）" });
  }
  // --- Services: main image and a service image.
  {
    const [main, extra] = [await upload(), await upload()];
    const item = await data<{ id: number }>("POST", "/admin-api.php/service-items", { name: "地毯清洗", main_image: main.file_path });
    await data("POST", "/admin-api.php/service-images", { service_id: item.id, image_path: extra.file_path, title: "客廳地毯" });
    places.push({ name: "service item: main image", files: [main], label: "服務項目「地毯清洗」（主要圖片）" });
    places.push({ name: "service item: a service image", files: [extra], label: "服務案例圖片「客廳地毯」（圖片）" });
  }
  // --- Cases: every photo-group picture and the legacy flat list.
  {
    const [before, after, single, legacy] = [await upload(), await upload(), await upload(), await upload()];
    await data("POST", "/admin-api.php/portfolios", {
      title: "水塔清洗實例",
      category: "water_tank_service",
      images: [legacy.file_path],
      photo_groups: [{ title: "水塔", before_image: before.file_path, after_image: after.file_path, single_images: [single.file_path] }],
    });
    places.push({ name: "case: before", files: [before], label: "清潔案例「水塔清洗實例」（施工前照片）" });
    places.push({ name: "case: after", files: [after], label: "清潔案例「水塔清洗實例」（施工後照片）" });
    places.push({ name: "case: other photos", files: [single], label: "清潔案例「水塔清洗實例」（其他照片）" });
    places.push({ name: "case: legacy images", files: [legacy], label: "清潔案例「水塔清洗實例」（案例照片）" });
  }
  // --- News: cover, and the text's picture and link (news HTML keeps no <video>: the sanitiser drops it on save).
  {
    const [cover, inline, linked] = [await upload(), await upload(), await upload()];
    const content = `<p>文字</p><p><img src="${inline.file_path}" alt="現場"></p><p><a href="https://example.tw${linked.file_path}">大圖</a></p>`;
    await data("POST", "/admin-api.php/blog/posts", editorPost({ title: "檔案都登記", content, featured_image: cover.file_path, status: "published" }));
    places.push({ name: "news: cover", files: [cover], label: "最新消息「檔案都登記」（封面圖片）" });
    places.push({ name: "news: text's picture and link", files: [inline, linked], label: "最新消息「檔案都登記」（文章內文圖片）" });
  }
  // --- LINE messages: a library picture staff send in the chat (the chat's own uploads and what customers
  // send are not library files: tests/api/customers.test.ts shows cleanup cannot reach them).
  {
    const picture = await upload();
    await data("POST", "/admin-api.php/settings", { line_channel_access_token: "line-token-for-references" });
    const customer = await insertCustomer(t.database.db, { display_name: "林先生" });
    await data("POST", `/send-line-message.php/${customer.id}`, { type: "image", imageUrl: picture.file_path });
    places.push({ name: "LINE message: a library picture sent in the chat", files: [picture], label: "LINE 客服訊息「林先生」" });
  }
});
afterAll(async () => {
  await t?.close();
  await line?.close();
});

describe("every place that holds a file keeps it through cleanup and refuses its deletion", () => {
  it("cleanup {delete:true} leaves every file of every place in the library", async () => {
    const unused = await upload();
    const res = await data<{ deleted_files: string[] }>("POST", "/admin-api.php/media/cleanup-unused", { delete: true });
    // Only the file no content uses goes to the trash (the seed's own content uses none of the uploads).
    expect(res.deleted_files).toEqual([unused.file_path]);
    const library = new Set((await data<MediaFile[]>("GET", "/admin-api.php/media")).map((file) => file.id));
    for (const place of places) for (const file of place.files) expect(library.has(file.id), place.name).toBe(true);
  });

  it("every file is still served", async () => {
    for (const place of places) {
      for (const file of place.files) expect((await t.app.inject({ method: "GET", url: file.file_path })).statusCode, place.name).toBe(200);
    }
  });

  it("deleting any of them → 409 naming where it is used; it stays in the library, not in the trash", async () => {
    expect(places.length).toBeGreaterThanOrEqual(23);
    // Owners are named by their titles, never by an id.
    for (const place of places) {
      for (const file of place.files) {
        const res = await call("DELETE", `/admin-api.php/media/${file.id}`);
        expect(res.statusCode, place.name).toBe(409);
        expect(res.json().message, place.name).toContain(place.label);
        expect((await t.app.inject({ method: "GET", url: file.file_path })).statusCode, place.name).toBe(200);
      }
    }
    const library = new Set((await data<MediaFile[]>("GET", "/admin-api.php/media")).map((file) => file.id));
    const trash = new Set((await data<MediaFile[]>("GET", "/admin-api.php/media/trash")).map((file) => file.id));
    for (const place of places) {
      for (const file of place.files) {
        expect(library.has(file.id), place.name).toBe(true);
        expect(trash.has(file.id), place.name).toBe(false);
      }
    }
  });

  it("a page that stops using a file releases it (the next cleanup may trash it)", async () => {
    const place = places.find((entry) => entry.name.startsWith("services page"))!;
    const content = await pageContent("services_page");
    content.services = content.services.filter((service: { image?: string }) => service.image !== place.files[0]!.file_path);
    await savePage("services_page", "服務項目頁面", JSON.stringify(content));
    const res = await data<{ unused_files: string[] }>("POST", "/admin-api.php/media/cleanup-unused", { delete: false });
    expect(res.unused_files).toEqual([place.files[0]!.file_path]);
  });
});

describe("an existing database: migration 010 rebuilds the index from the content already stored", () => {
  it("a page's picture with no reference (saved before pages registered files) is registered again, and cleanup keeps it", async () => {
    const picture = await upload();
    const content = await pageContent("services_page");
    content.services.push({ service_id: await serviceId(1), image: picture.file_path });
    await savePage("services_page", "服務項目頁面", JSON.stringify(content));
    // As an installation before this issue left it: the page holds the address, the index does not.
    await t.database.db.deleteFrom("media_references").where("owner_type", "=", "page").execute();
    await t.database.db.deleteFrom("media_references").where("owner_type", "=", "blog_post").execute();
    expect((await data<{ unused_files: string[] }>("POST", "/admin-api.php/media/cleanup-unused", { delete: false })).unused_files).toContain(picture.file_path);

    await rebuildReferences(t.database.db);
    await rebuildReferences(t.database.db); // idempotent: nothing doubles

    const res = await data<{ deleted_files: string[] }>("POST", "/admin-api.php/media/cleanup-unused", { delete: true });
    expect(res.deleted_files).not.toContain(picture.file_path);
    const listed = (await data<MediaFile[]>("GET", "/admin-api.php/media")).find((file) => file.id === picture.id)!;
    expect(listed.usages.map((usage) => usage.label)).toEqual(["頁面「服務項目頁面」（圖片）"]);
    for (const place of places.filter((entry) => entry.name.startsWith("about") || entry.name.startsWith("news"))) {
      for (const file of place.files) expect((await call("DELETE", `/admin-api.php/media/${file.id}`)).statusCode, place.name).toBe(409);
    }
  });
});

describe("cleanup decides and moves in one transaction", () => {
  it("a save that starts using a file while cleanup runs keeps it (PostgreSQL: two connections)", async () => {
    if (t.database.flavour !== "postgres") return; // SQLite has one writer: a save and a cleanup never overlap.
    const picture = await upload();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let saving!: () => void;
    const started = new Promise<void>((resolve) => (saving = resolve));
    // A page save in its own transaction: it registers the picture, then waits before committing.
    const save = t.database.db.transaction().execute(async (trx) => {
      await createFileReferenceKeeper({ storage: t.storage, activity: t.services.activity }).keep(trx, { owner: { type: "page", id: "race" }, fields: { image: [picture.file_path] } });
      saving();
      await held;
    });
    await started;
    const cleanup = call("POST", "/admin-api.php/media/cleanup-unused", { delete: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await save;
    const res = await cleanup;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.deleted_files).not.toContain(picture.file_path);
    expect((await data<MediaFile[]>("GET", "/admin-api.php/media")).some((file) => file.id === picture.id)).toBe(true);
    await t.database.db.deleteFrom("media_references").where("owner_type", "=", "page").where("owner_id", "=", "race").execute();
  });
});
