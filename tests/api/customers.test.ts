// LINE customer service, the server's calls (002 §2.5, §3, §4, §5, §7, §8, §9;
// 001 §2 customers badge; .tmp/line-api.md): the paged inbox with search and
// tag filter, one conversation, read marking that lowers the sidebar counts,
// the staff's edits and deletes, the chat's attachments, sending text, images
// and PDFs against the fake LINE server (reply while the token is fresh, push
// otherwise, retry keys, failures stored and answered 502), canned replies
// and quick-reply buttons.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { insertCustomer, insertMessage, withReplyToken } from "#tests/factories/line.factory.ts";
import { jpegOfAtLeast, MB, multipart, pdfDocument, phoneJpeg, plainText, pngImage } from "#tests/factories/media.factory.ts";
import { LINE_AUTH_FAILED, startFakeLine, type FakeLine } from "#tests/mocks/fake-line.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";
import { CHECK_STALE_SENDS, STALE_SEND_MS } from "#server/modules/customers/customers.operations.ts";
import { systemActor } from "#server/lib/operations.ts";

const ACCESS_TOKEN = "line-access-token-for-customers";

let t: TestApp;
let fake: FakeLine;
let token: string;

beforeAll(async () => {
  fake = await startFakeLine({ quotaLimit: 1000 });
  t = await createTestApp({ PUBLIC_URL: "https://clean.example", LINE_API_BASE_URL: fake.baseUrl, LINE_DATA_API_BASE_URL: fake.dataBaseUrl }, { runJobs: false });
  token = await adminToken(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  await t.database.db.deleteFrom("line_messages").execute();
  await t.database.db.deleteFrom("line_customers").execute();
  await t.database.db.deleteFrom("line_canned_replies").execute();
  await t.database.db.deleteFrom("jobs").execute();
  await t.database.db.deleteFrom("activity_log").execute();
  await saveSettings({ line_channel_access_token: ACCESS_TOKEN, canonical_url: "" });
});

const db = () => t.database.db;
const admin = () => bearer(token);
type Method = "GET" | "POST" | "PUT" | "DELETE";
const call = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = admin()) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function saveSettings(values: Record<string, string>) {
  const res = await call("POST", "/admin-api.php/settings", values);
  expect(res.statusCode, res.body).toBe(200);
}
async function ok(method: Method, url: string, payload?: unknown) {
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().success).toBe(true);
  return res.json();
}
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const storedMessages = (customerId: number) => db().selectFrom("line_messages").selectAll().where("customer_id", "=", customerId).orderBy("id").execute();
const storedCustomer = (id: number) => db().selectFrom("line_customers").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const activity = (action: string) => db().selectFrom("activity_log").select(["action", "summary", "entity_id"]).where("action", "=", action).execute();

async function upload(content: Buffer, filename: string, contentType: string, fields: Record<string, string> = {}) {
  const body = multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: "file", content, filename, contentType }]);
  return t.app.inject({ method: "POST", url: "/admin-api.php/upload-line-file", headers: { ...admin(), ...body.headers }, payload: body.payload });
}

describe("GET /admin-api.php/customers", () => {
  it("20 a page, newest interaction first, each with its counts, tags as a list and the pagination block", async () => {
    for (let i = 0; i < 23; i++) await insertCustomer(db(), { display_name: `客戶${i}`, last_interaction: minutesAgo(100 - i) });
    const newest = await insertCustomer(db(), { display_name: "最新的客戶", last_interaction: minutesAgo(1), tags: ["VIP", "潛在客戶"], notes: "住在七堵", last_message: "好的謝謝" });
    await insertMessage(db(), newest.id, { is_read: 0 });
    await insertMessage(db(), newest.id, { is_read: 0 });
    await insertMessage(db(), newest.id, { is_read: 1 });
    await insertMessage(db(), newest.id, { direction: "outgoing", is_read: 1 });

    const first = (await ok("GET", "/admin-api.php/customers")).data;
    expect(first.pagination).toEqual({ current_page: 1, total_pages: 2, total: 24, per_page: 20 });
    expect(first.customers).toHaveLength(20);
    expect(first.customers[0]).toEqual({
      id: newest.id,
      display_name: "最新的客戶",
      picture_url: "",
      status_message: "",
      last_interaction: expect.any(String),
      last_message: "好的謝謝",
      unread_count: 2,
      message_count: 4,
      tags: ["VIP", "潛在客戶"],
      notes: "住在七堵",
      is_following: true,
      line_user_tail: newest.line_user_id.slice(-4),
    });
    expect(first.customers[1].display_name).toBe("客戶22");
    // Nothing of LINE's plumbing (user id, reply token) reaches the screen.
    expect(JSON.stringify(first)).not.toMatch(/reply_token|line_user_id/);

    const second = (await ok("GET", "/admin-api.php/customers?page=2&limit=20")).data;
    expect(second.customers.map((c: { display_name: string }) => c.display_name)).toEqual(["客戶3", "客戶2", "客戶1", "客戶0"]);
    expect(second.pagination.current_page).toBe(2);
    // A limit above 100 is served at 100, not refused.
    expect((await ok("GET", "/admin-api.php/customers?limit=500")).data.pagination).toEqual({ current_page: 1, total_pages: 1, total: 24, per_page: 100 });
  });

  it("search looks in the name, the notes and what was said; punctuation alone finds nothing", async () => {
    await insertCustomer(db(), { display_name: "林先生" });
    await insertCustomer(db(), { display_name: "A", notes: "社區大樓管委會" });
    const asked = await insertCustomer(db(), { display_name: "B", last_message: "想問水塔清洗 100% 的價格" });
    await insertMessage(db(), asked.id, { message_content: "想問水塔清洗 100% 的價格" });
    const names = async (query: string) =>
      (await ok("GET", `/admin-api.php/customers?search=${encodeURIComponent(query)}`)).data.customers.map((c: { display_name: string }) => c.display_name);
    expect(await names("林")).toEqual(["林先生"]);
    expect(await names("管委會")).toEqual(["A"]);
    expect(await names("100%")).toEqual(["B"]);
    expect(await names("%")).toEqual([]);
    expect(await names("沒有這個人")).toEqual([]);
  });

  it("search finds words anywhere in the conversation: an earlier text or a file's name, not only the last message", async () => {
    const quoted = await insertCustomer(db(), { display_name: "張先生", last_message: "好的，謝謝" });
    await insertMessage(db(), quoted.id, { created_at: minutesAgo(30), direction: "outgoing", message_content: "附上報價單，請參考" });
    await insertMessage(db(), quoted.id, { created_at: minutesAgo(20), message_content: "好的，謝謝" });
    const filed = await insertCustomer(db(), { display_name: "李小姐", last_message: "[貼圖]" });
    await insertMessage(db(), filed.id, { message_type: "file", message_content: "", file_name: "報價單_2026.pdf", media_url: "/uploads/2026/03/line-a.pdf" });
    const stickered = await insertCustomer(db(), { display_name: "吳先生", last_message: "[貼圖]" });
    await insertMessage(db(), stickered.id, { message_type: "sticker", message_content: JSON.stringify({ packageId: "446", stickerId: "1988" }) });
    const percent = await insertCustomer(db(), { display_name: "趙太太", last_message: "謝謝" });
    await insertMessage(db(), percent.id, { created_at: minutesAgo(50), message_content: "折扣 20% 可以嗎" });
    await insertMessage(db(), percent.id, { created_at: minutesAgo(40), message_content: "謝謝" });
    await insertCustomer(db(), { display_name: "沒說過話" });
    const names = async (query: string) =>
      (await ok("GET", `/admin-api.php/customers?search=${encodeURIComponent(query)}`)).data.customers.map((c: { display_name: string }) => c.display_name).sort();
    expect(await names("報價單")).toEqual(["張先生", "李小姐"].sort());
    // Each customer once, however many of its messages match; the count agrees.
    const both = (await ok("GET", `/admin-api.php/customers?search=${encodeURIComponent("謝謝")}`)).data;
    expect(both.customers.map((c: { display_name: string }) => c.display_name).sort()).toEqual(["張先生", "趙太太"].sort());
    expect(both.pagination.total).toBe(2);
    // A sticker's or a place's stored JSON is not words anyone said.
    expect(await names("packageid")).toEqual([]);
    // Literally, in the messages too: % is a percent sign, not a wildcard.
    expect(await names("20%")).toEqual(["趙太太"]);
    expect(await names("0%可")).toEqual([]);
  });

  it("customers whose LINE profile could not be read are told apart by the end of their LINE id, in the list and the conversation", async () => {
    const first = await insertCustomer(db(), { display_name: "", line_user_id: "U0000000000000000000000000000a1b2" });
    const second = await insertCustomer(db(), { display_name: "", line_user_id: "U0000000000000000000000000000c3d4" });
    const listed = (await ok("GET", "/admin-api.php/customers")).data.customers as Array<{ id: number; display_name: string; line_user_tail: string }>;
    expect(listed.map((c) => [c.id, c.display_name, c.line_user_tail]).sort()).toEqual(
      [
        [first.id, "", "a1b2"],
        [second.id, "", "c3d4"],
      ].sort(),
    );
    expect((await ok("GET", `/admin-api.php/customers/${second.id}`)).data.customer.line_user_tail).toBe("c3d4");
    // Only the end: the whole id stays on the server.
    expect(JSON.stringify(listed)).not.toContain(first.line_user_id);
  });

  it("the tag filter matches a whole tag: the spec's choices and any tag text", async () => {
    await insertCustomer(db(), { display_name: "VIP 客戶", tags: ["VIP"] });
    await insertCustomer(db(), { display_name: "潛在", tags: ["潛在客戶", "活躍用戶"] });
    await insertCustomer(db(), { display_name: "相似標籤", tags: ["VIP2"] });
    await insertCustomer(db(), { display_name: "無標籤" });
    const names = async (tag: string) =>
      (await ok("GET", `/admin-api.php/customers?tag=${encodeURIComponent(tag)}`)).data.customers.map((c: { display_name: string }) => c.display_name).sort();
    expect(await names("VIP")).toEqual(["VIP 客戶"]);
    expect(await names("活躍用戶")).toEqual(["潛在"]);
    expect(await names("VIP2")).toEqual(["相似標籤"]);
    const filtered = (await ok("GET", "/admin-api.php/customers?tag=VIP&search=VIP")).data;
    expect(filtered.pagination.total).toBe(1);
  });

  it("a bad page or limit is a 400 naming the field in Chinese", async () => {
    for (const [query, field, message] of [
      ["page=0", "page", "頁碼從 1 開始"],
      ["page=abc", "page", "頁碼必須是數字"],
      ["limit=0", "limit", "每頁至少 1 筆"],
    ] as const) {
      const res = await call("GET", `/admin-api.php/customers?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors).toEqual({ [field]: message });
    }
  });

  it("without a valid token: 401", async () => {
    for (const headers of [{}, { authorization: "Bearer public" }] as Array<Record<string, string>>) {
      const res = await call("GET", "/admin-api.php/customers", undefined, headers);
      expect(res.statusCode).toBe(401);
    }
  });
});

describe("GET /admin-api.php/customers/{id}", () => {
  it("the customer and its messages oldest first, every kind in the API's shape", async () => {
    const customer = await insertCustomer(db());
    await insertMessage(db(), customer.id, { created_at: minutesAgo(5), message_content: "你好" });
    await insertMessage(db(), customer.id, { created_at: minutesAgo(4), message_type: "sticker", message_content: JSON.stringify({ packageId: "446", stickerId: "1988" }) });
    await insertMessage(db(), customer.id, { created_at: minutesAgo(3), message_type: "image", message_content: "", media_url: "/uploads/2026/01/abc.jpg" });
    await insertMessage(db(), customer.id, {
      created_at: minutesAgo(2),
      direction: "outgoing",
      is_read: 1,
      delivery_status: "sent",
      delivery_method: "reply",
      message_content: "您好，請問地址？",
    });
    const data = (await ok("GET", `/admin-api.php/customers/${customer.id}`)).data;
    expect(data.customer.id).toBe(customer.id);
    expect(data.has_more).toBe(false);
    expect(data.messages.map((m: { message_type: string }) => m.message_type)).toEqual(["text", "sticker", "image", "text"]);
    expect(data.messages[1]).toEqual({
      id: expect.any(Number),
      message_type: "sticker",
      message_content: '{"packageId":"446","stickerId":"1988"}',
      media_url: "",
      file_name: "",
      direction: "incoming",
      timestamp: expect.any(String),
      is_read: false,
      delivery_status: "",
      delivery_method: "",
      delivery_error: "",
      media_error: "",
      media_download: "",
    });
    expect(data.messages[3]).toMatchObject({ direction: "outgoing", delivery_status: "sent", delivery_method: "reply", is_read: true });
  });

  it("pages back with ?before and limit", async () => {
    const customer = await insertCustomer(db());
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push(await insertMessage(db(), customer.id, { created_at: minutesAgo(10 - i), message_content: `第${i}則` }));
    const latest = (await ok("GET", `/admin-api.php/customers/${customer.id}?limit=2`)).data;
    expect(latest.messages.map((m: { id: number }) => m.id)).toEqual([ids[3], ids[4]]);
    expect(latest.has_more).toBe(true);
    const older = (await ok("GET", `/admin-api.php/customers/${customer.id}?limit=2&before=${ids[3]}`)).data;
    expect(older.messages.map((m: { id: number }) => m.id)).toEqual([ids[1], ids[2]]);
    const oldest = (await ok("GET", `/admin-api.php/customers/${customer.id}?limit=2&before=${ids[1]}`)).data;
    expect(oldest.messages.map((m: { id: number }) => m.id)).toEqual([ids[0]]);
    expect(oldest.has_more).toBe(false);
    // Above the 500 maximum: served at 500, not refused.
    expect((await ok("GET", `/admin-api.php/customers/${customer.id}?limit=600`)).data.messages).toHaveLength(ids.length);

    const bad = await call("GET", `/admin-api.php/customers/${customer.id}?before=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ before: "訊息編號必須是數字" });
  });

  it("an unknown or malformed id: 404 in Chinese", async () => {
    for (const id of ["999999", "abc", "0"]) {
      const res = await call("GET", `/admin-api.php/customers/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ success: false, message: "找不到這位客戶，可能已被刪除" });
    }
  });
});

describe("PUT /admin-api.php/customers/{id}/messages/read", () => {
  it("marks the customer's incoming messages read: its counter is zero and the sidebar's counts drop", async () => {
    const a = await insertCustomer(db());
    const b = await insertCustomer(db());
    await insertMessage(db(), a.id);
    await insertMessage(db(), a.id);
    await insertMessage(db(), b.id);
    expect((await ok("GET", "/admin-api.php/notifications")).data).toMatchObject({ customers: 2, total_messages: 3 });

    expect((await ok("PUT", `/admin-api.php/customers/${a.id}/messages/read`)).data).toEqual({ unread_count: 0 });
    expect((await ok("GET", "/admin-api.php/notifications")).data).toMatchObject({ customers: 1, total_messages: 1 });
    expect((await ok("GET", `/admin-api.php/customers/${a.id}`)).data.customer.unread_count).toBe(0);
    expect((await storedMessages(b.id))[0]!.is_read).toBe(0);
  });

  it("an unknown customer: 404", async () => {
    expect((await call("PUT", "/admin-api.php/customers/424242/messages/read")).statusCode).toBe(404);
  });
});

describe("PUT /admin-api.php/customers/{id}", () => {
  it("saves the name, tags typed comma-separated (trimmed, blanks and repeats dropped) and notes, with an activity row", async () => {
    const customer = await insertCustomer(db(), { display_name: "LINE 名稱" });
    const res = await ok("PUT", `/admin-api.php/customers/${customer.id}`, { display_name: " 陳太太 ", tags: " VIP, ,潛在客戶，VIP ", notes: "每季清洗冷氣" });
    expect(res.message).toBe("客戶資料更新成功！");
    expect(res.data).toMatchObject({ display_name: "陳太太", tags: ["VIP", "潛在客戶"], notes: "每季清洗冷氣" });
    expect((await storedCustomer(customer.id)).tags).toBe('["VIP","潛在客戶"]');
    expect(await activity("customer.update")).toEqual([{ action: "customer.update", summary: "更新客戶「陳太太」的資料", entity_id: String(customer.id) }]);
  });

  it("takes tags as a list too, and keeps the fields left out", async () => {
    const customer = await insertCustomer(db(), { display_name: "王先生", notes: "舊備註", tags: ["VIP"] });
    const data = (await ok("PUT", `/admin-api.php/customers/${customer.id}`, { tags: ["活躍用戶", " "] })).data;
    expect(data).toMatchObject({ display_name: "王先生", notes: "舊備註", tags: ["活躍用戶"] });
  });

  it("bad input: 400 per field in Chinese, nothing changed", async () => {
    const customer = await insertCustomer(db(), { display_name: "王先生" });
    const res = await call("PUT", `/admin-api.php/customers/${customer.id}`, { display_name: "  ", tags: 5, notes: "長".repeat(2001) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ display_name: "請輸入顯示名稱", tags: "標籤必須是以逗號分隔的文字或文字清單", notes: "備註不能超過 2000 個字元" });
    const tooMany = await call("PUT", `/admin-api.php/customers/${customer.id}`, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) });
    expect(tooMany.json().errors).toEqual({ tags: "標籤最多 20 個" });
    expect((await storedCustomer(customer.id)).display_name).toBe("王先生");
  });

  it("an unknown customer: 404", async () => {
    expect((await call("PUT", "/admin-api.php/customers/424242", { notes: "x" })).statusCode).toBe(404);
  });
});

describe("DELETE /admin-api.php/customers/{id}", () => {
  it("removes the customer and every message, with an activity row; a second delete is a 404", async () => {
    const customer = await insertCustomer(db(), { display_name: "要刪除的客戶" });
    const other = await insertCustomer(db());
    await insertMessage(db(), customer.id);
    await insertMessage(db(), customer.id, { direction: "outgoing" });
    await insertMessage(db(), other.id);
    const res = await ok("DELETE", `/admin-api.php/customers/${customer.id}`);
    expect(res.message).toBe("客戶刪除成功！");
    expect(await storedMessages(customer.id)).toEqual([]);
    expect(await storedMessages(other.id)).toHaveLength(1);
    expect((await activity("customer.delete"))[0]!.summary).toBe("刪除客戶「要刪除的客戶」及其 2 則訊息");
    expect((await call("DELETE", `/admin-api.php/customers/${customer.id}`)).statusCode).toBe(404);
  });
});

describe("POST /admin-api.php/upload-line-file", () => {
  it("an image: stored as JPEG under /uploads/ with a small JPEG preview beside it, GPS removed", async () => {
    const customer = await insertCustomer(db());
    const res = await upload(await phoneJpeg({ width: 1200, height: 800 }), "客廳.jpg", "image/jpeg", { customer_id: String(customer.id) });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({ url: expect.stringMatching(/^\/uploads\/\d{4}\/\d{2}\/line-[a-f0-9]+\.jpg$/), file_name: "客廳.jpg", kind: "image" });
    const original = await t.app.inject({ method: "GET", url: data.url });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.includes(Buffer.from("Keelung X1"))).toBe(false);
    const preview = await t.app.inject({ method: "GET", url: data.url.replace(/\.jpg$/, "-preview.jpg") });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["content-type"]).toBe("image/jpeg");
    expect(preview.rawPayload.length).toBeLessThan(original.rawPayload.length);
  });

  it("a PNG stays PNG; a PDF is kept as it is", async () => {
    const png = (await upload(await pngImage(), "價目表.png", "image/png")).json().data;
    expect(png).toMatchObject({ kind: "image", url: expect.stringMatching(/\.png$/) });
    const res = await upload(pdfDocument(), "報價單.pdf", "application/pdf");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ url: expect.stringMatching(/^\/uploads\/\d{4}\/\d{2}\/line-[a-f0-9]+\.pdf$/), file_name: "報價單.pdf", kind: "file" });
    expect((await t.app.inject({ method: "GET", url: res.json().data.url })).rawPayload.equals(pdfDocument())).toBe(true);
  });

  it("anything else is 415 僅支援圖片和 PDF 檔案, whatever its name says", async () => {
    const res = await upload(plainText(), "photo.jpg", "image/jpeg");
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ success: false, message: "僅支援圖片和 PDF 檔案" });
  });

  it("over 10 MB is 413 檔案大小不能超過 10MB", async () => {
    const res = await upload(await jpegOfAtLeast(10 * MB + 1), "big.jpg", "image/jpeg");
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: "檔案大小不能超過 10MB" });
  });

  it("no file is a 400; a customer_id naming nobody is a 404", async () => {
    const body = multipart([{ name: "customer_id", value: "1" }]);
    const none = await t.app.inject({ method: "POST", url: "/admin-api.php/upload-line-file", headers: { ...admin(), ...body.headers }, payload: body.payload });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ file: "請選擇要上傳的檔案" });
    const nobody = await upload(pdfDocument(), "a.pdf", "application/pdf", { customer_id: "424242" });
    expect(nobody.statusCode).toBe(404);
  });
});

describe("POST /send-line-message.php/{id}: text", () => {
  it("with a fresh reply token: a free reply, the token used once and cleared, the message stored as sent by reply", async () => {
    const customer = await insertCustomer(db(), withReplyToken("fresh-token-1"));
    const res = await ok("POST", `/send-line-message.php/${customer.id}`, { message: "您好，冷氣清洗一台 1800 元" });
    expect(res.message).toBe("訊息發送成功！");
    expect(res.data.message).toEqual({
      id: expect.any(Number),
      message_type: "text",
      message_content: "您好，冷氣清洗一台 1800 元",
      media_url: "",
      file_name: "",
      direction: "outgoing",
      timestamp: expect.any(String),
      is_read: true,
      delivery_status: "sent",
      delivery_method: "reply",
      delivery_error: "",
      media_error: "",
      media_download: "",
    });
    expect(fake.sent).toEqual([{ kind: "reply", replyToken: "fresh-token-1", messages: [{ type: "text", text: "您好，冷氣清洗一台 1800 元" }] }]);
    const stored = await storedCustomer(customer.id);
    expect(stored).toMatchObject({ reply_token: "", reply_token_expires_at: null, last_message: "您好，冷氣清洗一台 1800 元" });
    expect((await activity("customer.message"))[0]!.entity_id).toBe(String(customer.id));

    // The token is spent: the next answer is a push.
    await ok("POST", `/send-line-message.php/${customer.id}`, { message: "請問地址？" });
    expect(fake.sent[1]).toMatchObject({ kind: "push", to: customer.line_user_id });
  });

  it("without a token or with an expired one: a push carrying the message's own id as its retry key", async () => {
    const none = await insertCustomer(db());
    const expired = await insertCustomer(db(), withReplyToken("old-token", -1000));
    const first = (await ok("POST", `/send-line-message.php/${none.id}`, { message: "第一則" })).data.message;
    await ok("POST", `/send-line-message.php/${expired.id}`, { message: "第二則" });
    expect(fake.sent.map((s) => [s.kind, s.to])).toEqual([
      ["push", none.line_user_id],
      ["push", expired.line_user_id],
    ]);
    expect(first.delivery_method).toBe("push");
    const pushes = fake.requests.filter((r) => r.path === "/v2/bot/message/push");
    const [stored] = await storedMessages(none.id);
    expect(pushes[0]!.headers["x-line-retry-key"]).toBe(stored!.line_message_id);
    expect(stored!.line_message_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(pushes[1]!.headers["x-line-retry-key"]).not.toBe(pushes[0]!.headers["x-line-retry-key"]);
  });

  it("a token LINE refuses (used or expired on its side) falls back to a push", async () => {
    fake.addReplyToken("some-other-token");
    const customer = await insertCustomer(db(), withReplyToken("refused-token"));
    const data = (await ok("POST", `/send-line-message.php/${customer.id}`, { message: "您好" })).data;
    expect(data.message).toMatchObject({ delivery_status: "sent", delivery_method: "push" });
    expect(fake.requests.map((r) => [r.path, r.status])).toEqual([
      ["/v2/bot/message/reply", 400],
      ["/v2/bot/message/push", 200],
    ]);
    expect((await storedCustomer(customer.id)).reply_token).toBe("");
  });

  it("a push LINE did not answer is retried with the same key and delivered once", async () => {
    const customer = await insertCustomer(db());
    fake.failNext(500, { message: "temporary" }, "/push");
    await ok("POST", `/send-line-message.php/${customer.id}`, { message: "再試一次" });
    const pushes = fake.requests.filter((r) => r.path === "/v2/bot/message/push");
    expect(pushes.map((r) => r.status)).toEqual([500, 200]);
    expect(pushes[0]!.headers["x-line-retry-key"]).toBe(pushes[1]!.headers["x-line-retry-key"]);
    expect(fake.sent).toHaveLength(1);
  });

  it("quick replies become LINE quick-reply buttons, labels cut to 20 characters", async () => {
    const customer = await insertCustomer(db(), withReplyToken("qr-token"));
    const long = "我想預約下週六上午的冷氣清洗服務，請幫我安排";
    await ok("POST", `/send-line-message.php/${customer.id}`, { message: "請選擇：", quick_replies: ["冷氣清洗報價", long] });
    expect(fake.sent[0]!.messages[0]).toEqual({
      type: "text",
      text: "請選擇：",
      quickReply: {
        items: [
          { type: "action", action: { type: "message", label: "冷氣清洗報價", text: "冷氣清洗報價" } },
          { type: "action", action: { type: "message", label: [...long].slice(0, 20).join(""), text: long } },
        ],
      },
    });
  });

  it("bad input: 400 per field in Chinese, nothing stored or sent", async () => {
    const customer = await insertCustomer(db());
    for (const [body, errors] of [
      [{}, { message: "請輸入訊息內容" }],
      [{ message: "   " }, { message: "請輸入訊息內容" }],
      [{ message: "長".repeat(5001) }, { message: "訊息內容不能超過 5000 個字元" }],
      [{ message: "hi", quick_replies: Array.from({ length: 14 }, (_, i) => `選項${i}`) }, { quick_replies: "快速回覆最多 13 個" }],
      [{ message: "hi", quick_replies: [""] }, { "quick_replies.0": "快速回覆不能是空白" }],
      [{ type: "video" }, { type: "訊息類型必須是 text、image 或 file" }],
      [{ type: "image" }, { imageUrl: "請先上傳圖片" }],
      [{ type: "file", fileUrl: "/uploads/2026/01/a.pdf" }, { fileName: "請提供檔案名稱" }],
      [{ type: "image", imageUrl: "https://elsewhere.example/cat.jpg" }, { imageUrl: "找不到這張圖片，請重新上傳" }],
      [{ type: "image", imageUrl: "/uploads/2026/01/0000000000.jpg" }, { imageUrl: "找不到這張圖片，請重新上傳" }],
    ] as const) {
      const res = await call("POST", `/send-line-message.php/${customer.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(await storedMessages(customer.id)).toEqual([]);
    expect(fake.requests).toEqual([]);
  });

  it("an unknown customer is a 404; no access token in the settings is a 400 saying where to set it", async () => {
    expect((await call("POST", "/send-line-message.php/424242", { message: "hi" })).statusCode).toBe(404);
    const customer = await insertCustomer(db());
    await saveSettings({ line_channel_access_token: "" });
    const res = await call("POST", `/send-line-message.php/${customer.id}`, { message: "hi" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("請先在通知設定填寫 LINE Channel Access Token");
    expect(fake.requests).toEqual([]);
  });

  it("without a valid token: 401, nothing sent", async () => {
    const customer = await insertCustomer(db());
    const res = await call("POST", `/send-line-message.php/${customer.id}`, { message: "hi" }, {});
    expect(res.statusCode).toBe(401);
    expect(fake.requests).toEqual([]);
  });
});

describe("POST /send-line-message.php/{id}: LINE refuses", () => {
  it.each([
    [401, { message: LINE_AUTH_FAILED }, "訊息發送失敗：LINE Channel Access Token 無效或已過期"],
    [429, { message: "You have reached your monthly limit." }, "訊息發送失敗：已達 LINE 的傳送上限，請稍後再試或升級方案"],
  ])("LINE %i: 502 with the reason in Chinese, the message stored as failed with it", async (status, body, message) => {
    const customer = await insertCustomer(db());
    fake.failNext(status, body, "/push");
    const res = await call("POST", `/send-line-message.php/${customer.id}`, { message: "您好" });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ success: false, message });
    const [stored] = await storedMessages(customer.id);
    expect(stored).toMatchObject({ direction: "outgoing", message_content: "您好", delivery_status: "failed", delivery_error: message.replace("訊息發送失敗：", "") });
    expect(fake.sent).toEqual([]);
    expect(res.body).not.toContain(ACCESS_TOKEN);
    // The conversation shows it as failed.
    const shown = (await ok("GET", `/admin-api.php/customers/${customer.id}`)).data.messages;
    expect(shown[0]).toMatchObject({ delivery_status: "failed", delivery_error: stored!.delivery_error });
  });
});

describe("POST /admin-api.php/customers/{id}/messages/{messageId}/resend", () => {
  it("sends a failed message again in place, with its own retry key, and stores it as sent", async () => {
    const customer = await insertCustomer(db());
    fake.failNext(429, { message: "You have reached your monthly limit." }, "/push");
    expect((await call("POST", `/send-line-message.php/${customer.id}`, { message: "再傳一次" })).statusCode).toBe(502);
    const [failed] = await storedMessages(customer.id);
    const res = await ok("POST", `/admin-api.php/customers/${customer.id}/messages/${failed!.id}/resend`);
    expect(res.message).toBe("訊息發送成功！");
    expect(res.data.message).toMatchObject({ id: failed!.id, message_content: "再傳一次", delivery_status: "sent", delivery_method: "push", delivery_error: "" });
    // Still one message in the conversation, pushed with the retry key the first try used.
    expect(await storedMessages(customer.id)).toHaveLength(1);
    const pushes = fake.requests.filter((request) => request.path === "/v2/bot/message/push");
    expect(pushes.map((request) => request.headers["x-line-retry-key"])).toEqual([failed!.line_message_id, failed!.line_message_id]);
    expect(fake.sent.flatMap((entry) => entry.messages)).toEqual([{ type: "text", text: "再傳一次" }]);
  });

  it("a message that did not fail cannot be sent again (409); unknown or incoming messages are 404", async () => {
    const customer = await insertCustomer(db());
    const sent = (await ok("POST", `/send-line-message.php/${customer.id}`, { message: "已送達" })).data.message;
    const again = await call("POST", `/admin-api.php/customers/${customer.id}/messages/${sent.id}/resend`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("只有傳送失敗的訊息可以重新傳送");
    const incoming = await insertMessage(db(), customer.id, { direction: "incoming" });
    for (const messageId of [incoming, 999999, "abc"]) {
      const res = await call("POST", `/admin-api.php/customers/${customer.id}/messages/${messageId}/resend`);
      expect(res.statusCode, String(messageId)).toBe(404);
      expect(res.json().message).toBe("找不到這則訊息，可能已被刪除");
    }
    expect((await call("POST", `/admin-api.php/customers/999999/messages/${sent.id}/resend`)).statusCode).toBe(404);
  });
});

describe("POST /send-line-message.php/{id}: images and PDFs", () => {
  it("an uploaded image goes from the site's absolute https address, with its preview", async () => {
    const customer = await insertCustomer(db(), withReplyToken("img-token"));
    const { url } = (await upload(await phoneJpeg(), "現場.jpg", "image/jpeg")).json().data;
    const res = await ok("POST", `/send-line-message.php/${customer.id}`, { type: "image", imageUrl: url });
    expect(res.message).toBe("圖片發送成功！");
    expect(res.data.message).toMatchObject({ message_type: "image", media_url: url, delivery_status: "sent", delivery_method: "reply" });
    expect(fake.sent[0]!.messages).toEqual([
      { type: "image", originalContentUrl: `https://clean.example${url}`, previewImageUrl: `https://clean.example${url.replace(/\.jpg$/, "-preview.jpg")}` },
    ]);
    expect((await storedCustomer(customer.id)).last_message).toBe("[圖片]");
  });

  it("the canonical_url setting, when https, is the address LINE fetches from", async () => {
    await saveSettings({ canonical_url: "https://www.keelung-clean.tw" });
    const customer = await insertCustomer(db());
    const { url } = (await upload(await pngImage(), "a.png", "image/png")).json().data;
    await ok("POST", `/send-line-message.php/${customer.id}`, { type: "image", imageUrl: `https://whatever.example${url}` });
    expect(fake.sent[0]!.messages[0]).toMatchObject({ originalContentUrl: `https://www.keelung-clean.tw${url}` });
  });

  it("a PDF goes as a text with its name and link (LINE bots cannot send files)", async () => {
    const customer = await insertCustomer(db());
    const { url } = (await upload(pdfDocument(), "報價單.pdf", "application/pdf")).json().data;
    const res = await ok("POST", `/send-line-message.php/${customer.id}`, { type: "file", fileUrl: url, fileName: "報價單.pdf" });
    expect(res.message).toBe("PDF 檔案發送成功！");
    expect(res.data.message).toMatchObject({ message_type: "file", media_url: url, file_name: "報價單.pdf", delivery_status: "sent" });
    expect(fake.sent[0]!.messages).toEqual([{ type: "text", text: `📄 報價單.pdf\nhttps://clean.example${url}` }]);
  });

  it("a failed image says 發送圖片失敗 and a failed PDF 檔案發送失敗", async () => {
    const customer = await insertCustomer(db());
    const image = (await upload(await pngImage(), "a.png", "image/png")).json().data.url;
    const pdf = (await upload(pdfDocument(), "b.pdf", "application/pdf")).json().data.url;
    fake.failNext(401, { message: LINE_AUTH_FAILED });
    const failedImage = await call("POST", `/send-line-message.php/${customer.id}`, { type: "image", imageUrl: image });
    expect(failedImage.statusCode).toBe(502);
    expect(failedImage.json().message).toBe("發送圖片失敗：LINE Channel Access Token 無效或已過期");
    fake.failNext(401, { message: LINE_AUTH_FAILED });
    const failedPdf = await call("POST", `/send-line-message.php/${customer.id}`, { type: "file", fileUrl: pdf, fileName: "b.pdf" });
    expect(failedPdf.json().message).toBe("檔案發送失敗：LINE Channel Access Token 無效或已過期");
    expect((await storedMessages(customer.id)).map((m) => m.delivery_status)).toEqual(["failed", "failed"]);
  });
});

describe("canned replies", () => {
  it("create, list in order, update (fields left out kept), reorder and delete, each with an activity row", async () => {
    const a = (await ok("POST", "/admin-api.php/line-canned-replies", { title: "冷氣報價", text: "分離式冷氣清洗一台 1800 元" })).data;
    const b = (await ok("POST", "/admin-api.php/line-canned-replies", { title: "水塔報價", text: "水塔清洗 3000 元起" })).data;
    expect(a).toEqual({ id: expect.any(Number), title: "冷氣報價", text: "分離式冷氣清洗一台 1800 元", sort_order: 1 });
    expect(b.sort_order).toBe(2);

    const updated = (await ok("PUT", `/admin-api.php/line-canned-replies/${a.id}`, { text: "分離式冷氣清洗一台 2000 元" })).data;
    expect(updated).toMatchObject({ title: "冷氣報價", text: "分離式冷氣清洗一台 2000 元" });

    const reordered = (await ok("PUT", "/admin-api.php/line-canned-replies/reorder", { ids: [b.id, a.id] })).data;
    expect(reordered.map((r: { id: number }) => r.id)).toEqual([b.id, a.id]);
    expect((await ok("GET", "/admin-api.php/line-canned-replies")).data.map((r: { title: string }) => r.title)).toEqual(["水塔報價", "冷氣報價"]);

    await ok("DELETE", `/admin-api.php/line-canned-replies/${b.id}`);
    expect((await ok("GET", "/admin-api.php/line-canned-replies")).data.map((r: { id: number }) => r.id)).toEqual([a.id]);
    const actions = (await db().selectFrom("activity_log").select("action").where("entity_type", "=", "canned_reply").execute()).map((r) => r.action);
    expect(actions.sort()).toEqual(["canned_reply.create", "canned_reply.create", "canned_reply.delete", "canned_reply.reorder", "canned_reply.update"]);
  });

  it("bad input: 400 per field; unknown ids: 404; a stale order: 409", async () => {
    const empty = await call("POST", "/admin-api.php/line-canned-replies", { title: "", text: 3 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ title: "請輸入標題", text: "請輸入回覆內容" });
    const long = await call("POST", "/admin-api.php/line-canned-replies", { title: "長".repeat(51), text: "x" });
    expect(long.json().errors).toEqual({ title: "標題不能超過 50 個字元" });

    expect((await call("PUT", "/admin-api.php/line-canned-replies/424242", { title: "x", text: "y" })).statusCode).toBe(404);
    expect((await call("DELETE", "/admin-api.php/line-canned-replies/424242")).statusCode).toBe(404);

    const a = (await ok("POST", "/admin-api.php/line-canned-replies", { title: "A", text: "a" })).data;
    await ok("POST", "/admin-api.php/line-canned-replies", { title: "B", text: "b" });
    const stale = await call("PUT", "/admin-api.php/line-canned-replies/reorder", { ids: [a.id] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe("常用回覆清單已有變更，請重新整理後再調整順序");
    const badOrder = await call("PUT", "/admin-api.php/line-canned-replies/reorder", { ids: "x" });
    expect(badOrder.statusCode).toBe(400);
  });
});

describe("a site without an https address", () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ LINE_API_BASE_URL: fake.baseUrl, LINE_DATA_API_BASE_URL: fake.dataBaseUrl }, { runJobs: false });
  });
  afterAll(async () => plain.close());

  it("refuses to send an image or a PDF over plain http, naming the setting to fill; nothing is stored or sent", async () => {
    const plainToken = await adminToken(plain);
    const headers = bearer(plainToken);
    const settings = await plain.app.inject({
      method: "POST",
      url: "/admin-api.php/settings",
      headers,
      payload: { line_channel_access_token: ACCESS_TOKEN, canonical_url: "http://www.keelung-clean.tw" },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const customer = await insertCustomer(plain.database.db);
    const body = multipart([{ name: "file", content: await pngImage(), filename: "a.png", contentType: "image/png" }]);
    const uploaded = await plain.app.inject({ method: "POST", url: "/admin-api.php/upload-line-file", headers: { ...headers, ...body.headers }, payload: body.payload });
    const { url } = uploaded.json().data;

    const image = await plain.app.inject({ method: "POST", url: `/send-line-message.php/${customer.id}`, headers, payload: { type: "image", imageUrl: url } });
    expect(image.statusCode).toBe(400);
    expect(image.json().message).toBe("請到 網站設定 → SEO 設定 → 網站正式網址 填入 https:// 開頭的網址，LINE 才能取得圖片");
    const pdf = await plain.app.inject({ method: "POST", url: `/send-line-message.php/${customer.id}`, headers, payload: { type: "file", fileUrl: url, fileName: "a.png" } });
    expect(pdf.json().message).toBe("請到 網站設定 → SEO 設定 → 網站正式網址 填入 https:// 開頭的網址，客戶才能開啟檔案連結");
    // A proxy nobody trusts cannot make the address https.
    const untrusted = await plain.app.inject({
      method: "POST",
      url: `/send-line-message.php/${customer.id}`,
      headers: { ...headers, host: "admin.keelung-clean.tw", "x-forwarded-proto": "https" },
      remoteAddress: "203.0.113.9",
      payload: { type: "image", imageUrl: url },
    });
    expect(untrusted.statusCode).toBe(400);
    expect(await plain.database.db.selectFrom("line_messages").selectAll().execute()).toEqual([]);
    expect(fake.requests).toEqual([]);
  });

  it("without a configured https address, the https address the back office is opened at is the one LINE fetches from", async () => {
    const headers = bearer(await adminToken(plain));
    const settings = await plain.app.inject({ method: "POST", url: "/admin-api.php/settings", headers, payload: { line_channel_access_token: ACCESS_TOKEN, canonical_url: "" } });
    expect(settings.statusCode, settings.body).toBe(200);
    const customer = await insertCustomer(plain.database.db);
    const body = multipart([{ name: "file", content: await pngImage(), filename: "a.png", contentType: "image/png" }]);
    const { url } = (await plain.app.inject({ method: "POST", url: "/admin-api.php/upload-line-file", headers: { ...headers, ...body.headers }, payload: body.payload })).json().data;
    // Behind the trusted reverse proxy (loopback by default) that ends TLS.
    const sent = await plain.app.inject({
      method: "POST",
      url: `/send-line-message.php/${customer.id}`,
      headers: { ...headers, host: "admin.keelung-clean.tw", "x-forwarded-proto": "https" },
      payload: { type: "image", imageUrl: url },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(fake.sent[0]!.messages[0]).toMatchObject({
      type: "image",
      originalContentUrl: `https://admin.keelung-clean.tw${url}`,
      previewImageUrl: `https://admin.keelung-clean.tw${url.replace(/\.png$/, "-preview.jpg")}`,
    });
  });
});

describe("the activity log says what really happened", () => {
  it("a send LINE refuses is recorded as failed with the reason in words, never as sent", async () => {
    const customer = await insertCustomer(db(), { display_name: "王先生" });
    fake.failNext(429, { message: "You have reached your monthly limit." }, "/push");
    expect((await call("POST", `/send-line-message.php/${customer.id}`, { message: "您好" })).statusCode).toBe(502);
    expect(await activity("customer.message")).toEqual([]);
    expect(await activity("customer.message-failed")).toEqual([
      { action: "customer.message-failed", entity_id: String(customer.id), summary: "傳送 LINE 訊息給「王先生」失敗：已達 LINE 的傳送上限，請稍後再試或升級方案" },
    ]);

    const [failed] = await storedMessages(customer.id);
    await ok("POST", `/admin-api.php/customers/${customer.id}/messages/${failed!.id}/resend`);
    expect(await activity("customer.message-resend")).toEqual([{ action: "customer.message-resend", entity_id: String(customer.id), summary: "重新傳送 LINE 訊息給「王先生」" }]);
  });

  it("a send that reached the customer is recorded as sent", async () => {
    const customer = await insertCustomer(db(), { display_name: "王先生" });
    await ok("POST", `/send-line-message.php/${customer.id}`, { message: "您好" });
    expect(await activity("customer.message")).toEqual([{ action: "customer.message", entity_id: String(customer.id), summary: "傳送 LINE 訊息給「王先生」" }]);
    expect(await activity("customer.message-failed")).toEqual([]);
  });
});

describe("a send whose process died before LINE's answer", () => {
  const checkJobs = () => db().selectFrom("jobs").selectAll().where("kind", "=", CHECK_STALE_SENDS).execute();
  /** The check each send enqueues, made due now (it waits a few minutes after the send). */
  async function runTheCheck() {
    await db().updateTable("jobs").set({ run_at: new Date().toISOString() }).where("kind", "=", CHECK_STALE_SENDS).execute();
    await t.jobs.runDue();
  }

  it("is marked failed by the check job with the reason in words, and 重新傳送 then delivers it exactly once with the same retry key", async () => {
    const customer = await insertCustomer(db(), { display_name: "林太太" });
    const sent = (await ok("POST", `/send-line-message.php/${customer.id}`, { message: "明天早上九點到府" })).data.message;
    const [job] = await checkJobs();
    expect(job).toMatchObject({ payload: JSON.stringify({ message_id: sent.id }), dedupe_key: `line-send-check:${sent.id}` });
    expect(Date.parse(job!.run_at) - Date.now()).toBeGreaterThan(STALE_SEND_MS - 10_000);
    const [row] = await storedMessages(customer.id);
    const retryKey = row!.line_message_id;
    // The fault: LINE accepted the push, then the process died before storing the answer.
    await db()
      .updateTable("line_messages")
      .set({ delivery_status: "sending", delivery_started_at: minutesAgo(10) })
      .where("id", "=", sent.id)
      .execute();
    const stuck = await call("POST", `/admin-api.php/customers/${customer.id}/messages/${sent.id}/resend`);
    expect(stuck.statusCode).toBe(409);

    await runTheCheck();
    const [failed] = await storedMessages(customer.id);
    expect(failed).toMatchObject({ delivery_status: "failed", delivery_error: "LINE 沒有回覆傳送結果（傳送過程中斷），請按重新傳送" });
    expect((await activity("customer.message-failed"))[0]!.summary).toBe("傳送給「林太太」的 LINE 訊息沒有收到 LINE 的回覆，已標示為傳送失敗");
    const shown = (await ok("GET", `/admin-api.php/customers/${customer.id}`)).data.messages[0];
    expect(shown).toMatchObject({ delivery_status: "failed", delivery_error: failed!.delivery_error });

    const resent = await ok("POST", `/admin-api.php/customers/${customer.id}/messages/${sent.id}/resend`);
    expect(resent.data.message).toMatchObject({ delivery_status: "sent" });
    const withKey = fake.requests.filter((request) => request.path === "/v2/bot/message/push" && request.headers["x-line-retry-key"] === retryKey);
    // Two requests with the key, one delivery: LINE answered the second 409 (already accepted).
    expect(withKey.map((request) => request.status)).toEqual([200, 409]);
    expect(fake.sent.filter((entry) => entry.to === customer.line_user_id)).toHaveLength(1);
  });

  it("a send still within its few minutes, or one that got its answer, is left alone", async () => {
    const customer = await insertCustomer(db());
    const recent = await insertMessage(db(), customer.id, { direction: "outgoing", is_read: 1, delivery_status: "sending", delivery_method: "push", delivery_started_at: minutesAgo(1) });
    const answered = await insertMessage(db(), customer.id, { direction: "outgoing", is_read: 1, delivery_status: "sent", delivery_method: "push", delivery_started_at: minutesAgo(30) });
    // A try from before migration 008 counts from its creation.
    const legacy = await insertMessage(db(), customer.id, { direction: "outgoing", is_read: 1, delivery_status: "sending", delivery_method: "reply", created_at: minutesAgo(60) });
    expect((await t.services.run(t.services.operations.customers.failStaleSends, { actor: systemActor("test") })).found).toBe(1);
    const byId = new Map((await storedMessages(customer.id)).map((row) => [row.id, row]));
    expect(byId.get(recent)!.delivery_status).toBe("sending");
    expect(byId.get(answered)!.delivery_status).toBe("sent");
    // A reply has no retry key: staff are told the customer may have it already.
    expect(byId.get(legacy)).toMatchObject({ delivery_status: "failed", delivery_error: "LINE 沒有回覆傳送結果（傳送過程中斷），客戶可能已經收到；請先確認再重新傳送" });
  });

  it("a resend enqueues its own check", async () => {
    const customer = await insertCustomer(db());
    fake.failNext(500, { message: "boom" }, "/push");
    fake.failNext(500, { message: "boom" }, "/push");
    expect((await call("POST", `/send-line-message.php/${customer.id}`, { message: "x" })).statusCode).toBe(502);
    await db().deleteFrom("jobs").execute();
    const [failed] = await storedMessages(customer.id);
    await ok("POST", `/admin-api.php/customers/${customer.id}/messages/${failed!.id}/resend`);
    expect((await checkJobs()).map((job) => job.dedupe_key)).toEqual([`line-send-check:${failed!.id}`]);
    expect((await storedMessages(customer.id))[0]!.delivery_started_at).not.toBeNull();
  });
});

describe("files in LINE messages and the media library", () => {
  async function libraryImage() {
    const body = multipart([{ name: "file", content: await pngImage(), filename: "logo.png", contentType: "image/png" }]);
    const res = await t.app.inject({ method: "POST", url: "/admin-api.php/media", headers: { ...admin(), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; file_path: string };
  }
  const references = (mediaId: number) => db().selectFrom("media_references").select(["owner_type", "owner_id", "field"]).where("media_id", "=", mediaId).execute();

  it("a library picture sent in the chat is registered in the message's transaction: cleanup and delete leave it alone; deleting the customer releases it", async () => {
    const customer = await insertCustomer(db());
    const picture = await libraryImage();
    const sent = (await ok("POST", `/send-line-message.php/${customer.id}`, { type: "image", imageUrl: picture.file_path })).data.message;
    expect(await references(picture.id)).toEqual([{ owner_type: "line_message", owner_id: String(sent.id), field: "image_url" }]);

    const cleanup = await ok("POST", "/admin-api.php/media/cleanup-unused", { delete: true });
    expect(JSON.stringify(cleanup.data)).not.toContain(picture.file_path);
    const refused = await call("DELETE", `/admin-api.php/media/${picture.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain("LINE 客服訊息");
    expect((await t.app.inject({ method: "GET", url: picture.file_path })).statusCode).toBe(200);

    await ok("DELETE", `/admin-api.php/customers/${customer.id}`);
    expect(await references(picture.id)).toEqual([]);
  });

  it("the chat's own files are not media-library files: the library does not list them and cleanup never touches them", async () => {
    const customer = await insertCustomer(db());
    const { url } = (await upload(pdfDocument(), "報價單.pdf", "application/pdf")).json().data;
    await ok("POST", `/send-line-message.php/${customer.id}`, { type: "file", fileUrl: url, fileName: "報價單.pdf" });
    const library = (await ok("GET", "/admin-api.php/media")).data;
    expect(JSON.stringify(library)).not.toContain(url);
    await ok("POST", "/admin-api.php/media/cleanup-unused", { delete: true });
    const served = await t.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("application/pdf");
    // The name the staff's computer gave it, from the server's own record.
    expect(served.headers["content-disposition"]).toBe(`inline; filename="___.pdf"; filename*=UTF-8''${encodeURIComponent("報價單.pdf")}`);
  });
});
