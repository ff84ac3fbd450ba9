// POST /line-webhook.php (CONTRACT.md; 002 §2.5, §3, §4; issue 15) against the
// fake LINE server: the signature over the raw body (missing, wrong, tampered,
// no secret: 401 and nothing stored; LINE's empty verification request: 200),
// follow / unfollow / message events, each message type stored as the inbox
// shows it, redeliveries stored once, LINE's timestamps kept (a late older
// message never takes the newest's place), the reply token kept with its
// expiry, profiles fetched by a job, pictures and files downloaded by a job
// into our storage, and the sidebar's unread counts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { REPLY_TOKEN_LIFETIME_MS } from "#server/modules/customers/line-events.ts";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { signLineBody, startFakeLine, type FakeLine } from "#tests/mocks/fake-line.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const SECRET = "0123456789abcdef0123456789abcdef";
const ACCESS_TOKEN = "channel-access-token-for-tests";
const USER = "U1234567890abcdef1234567890abcdef";

let t: TestApp;
let line: FakeLine;
let token: string;
let counter = 0;

beforeAll(async () => {
  line = await startFakeLine({ channelAccessToken: ACCESS_TOKEN });
  t = await createTestApp({ LINE_API_BASE_URL: line.baseUrl, LINE_DATA_API_BASE_URL: line.dataBaseUrl }, { runJobs: false });
  token = await adminToken(t);
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
  await t.database.db.deleteFrom("line_webhook_events").execute();
  await saveSettings({ line_channel_secret: SECRET, line_channel_access_token: ACCESS_TOKEN });
  line.setProfile(USER, { displayName: "陳小姐", pictureUrl: "https://profile.line-scdn.net/abc", statusMessage: "找清潔" });
});

async function saveSettings(values: Record<string, string>) {
  const res = await t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: bearer(token), payload: values });
  expect(res.statusCode, res.body).toBe(200);
}

const next = () => `${Date.now()}${++counter}`;
type Event = Record<string, unknown>;
const source = (userId = USER) => ({ type: "user", userId });
const messageEvent = (message: Record<string, unknown>, overrides: Event = {}): Event => ({
  type: "message",
  mode: "active",
  timestamp: Date.now(),
  webhookEventId: `01EVENT${next()}`,
  deliveryContext: { isRedelivery: false },
  replyToken: `reply-${next()}`,
  source: source(),
  message: { id: next(), quoteToken: "q", ...message },
  ...overrides,
});

async function deliver(events: Event[], sign: (body: string) => string | undefined = (body) => signLineBody(body, SECRET)) {
  const body = JSON.stringify({ destination: "Ubot", events });
  const signature = sign(body);
  return t.app.inject({
    method: "POST",
    url: "/line-webhook.php",
    headers: { "content-type": "application/json; charset=utf-8", ...(signature === undefined ? {} : { "x-line-signature": signature }) },
    payload: body,
  });
}
async function delivered(events: Event[]) {
  const res = await deliver(events);
  expect(res.statusCode, res.body).toBe(200);
}

const customers = () => t.database.db.selectFrom("line_customers").selectAll().orderBy("id").execute();
const messages = () => t.database.db.selectFrom("line_messages").selectAll().orderBy("created_at").orderBy("id").execute();
const jobKinds = async () => (await t.database.db.selectFrom("jobs").select("kind").where("failed_at", "is", null).orderBy("id").execute()).map((row) => row.kind);

describe("the signature", () => {
  const text = () => [messageEvent({ type: "text", text: "你好" })];

  it.each([
    ["missing", () => undefined],
    ["made with another secret", (body: string) => signLineBody(body, "another-secret")],
    ["not base64 of anything", () => "not-a-signature"],
  ])("%s: 401 and nothing stored", async (_name, sign) => {
    const res = await deliver(text(), sign);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, message: "LINE 簽章驗證失敗" });
    expect(await customers()).toEqual([]);
    expect(await jobKinds()).toEqual([]);
  });

  it("a body changed after signing is refused", async () => {
    const original = JSON.stringify({ destination: "Ubot", events: text() });
    const signature = signLineBody(original, SECRET);
    const res = await t.app.inject({ method: "POST", url: "/line-webhook.php", headers: { "content-type": "application/json", "x-line-signature": signature }, payload: original.replace("你好", "您好") });
    expect(res.statusCode).toBe(401);
    expect(await messages()).toEqual([]);
  });

  it("without a channel secret in the settings nothing can be verified: 401", async () => {
    await saveSettings({ line_channel_secret: "" });
    const res = await deliver(text(), (body) => signLineBody(body, SECRET));
    expect(res.statusCode).toBe(401);
    expect(await customers()).toEqual([]);
  });

  it("LINE's verification request (signed, no events) is answered 200", async () => {
    const res = await deliver([]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null });
  });

  it("a signed body that is not JSON is a 400, not a fault", async () => {
    const body = "{not json";
    const res = await t.app.inject({ method: "POST", url: "/line-webhook.php", headers: { "content-type": "application/json", "x-line-signature": signLineBody(body, SECRET) }, payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("無法解析 LINE 傳來的內容");
  });
});

describe("a text message", () => {
  it("creates the customer, stores the message unread at LINE's time, keeps the reply token, and fetches the profile by a job", async () => {
    const timestamp = Date.now() - 5_000;
    const event = messageEvent({ type: "text", text: "請問冷氣清洗多少錢？" }, { timestamp });
    await delivered([event]);

    const [customer] = await customers();
    expect(customer).toMatchObject({
      line_user_id: USER,
      display_name: "",
      is_following: 1,
      last_message: "請問冷氣清洗多少錢？",
      last_interaction: new Date(timestamp).toISOString(),
      reply_token: event.replyToken,
      reply_token_expires_at: new Date(timestamp + REPLY_TOKEN_LIFETIME_MS).toISOString(),
    });
    expect(await messages()).toMatchObject([
      { customer_id: customer!.id, line_message_id: (event.message as { id: string }).id, message_type: "text", message_content: "請問冷氣清洗多少錢？", direction: "incoming", is_read: 0, created_at: new Date(timestamp).toISOString() },
    ]);
    expect(await jobKinds()).toEqual(["line.fetch-profile"]);

    await t.jobs.runDue();
    expect((await customers())[0]).toMatchObject({ display_name: "陳小姐", picture_url: "https://profile.line-scdn.net/abc", status_message: "找清潔" });
    expect(line.requests.find((request) => request.path === `/v2/bot/profile/${USER}`)?.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
  });

  it("counts in the back office's unread badges", async () => {
    await delivered([messageEvent({ type: "text", text: "一" }), messageEvent({ type: "text", text: "二" })]);
    const res = await t.app.inject({ method: "GET", url: "/admin-api.php/notifications", headers: bearer(token) });
    expect(res.json().data).toMatchObject({ customers: 1, total_messages: 2 });
  });

  it("a name staff typed is kept when the profile is read again; LINE's name follows LINE until then", async () => {
    await delivered([messageEvent({ type: "text", text: "一" })]);
    await t.jobs.runDue();
    await t.database.db.updateTable("line_customers").set({ profile_refreshed_at: "2000-01-01T00:00:00.000Z" }).execute();
    line.setProfile(USER, { displayName: "陳小姐（新）" });
    await delivered([messageEvent({ type: "text", text: "二" })]);
    await t.jobs.runDue();
    expect((await customers())[0]).toMatchObject({ display_name: "陳小姐（新）", line_display_name: "陳小姐（新）" });

    await t.database.db.updateTable("line_customers").set({ display_name: "陳小姐 基隆透天", profile_refreshed_at: "2000-01-01T00:00:00.000Z" }).execute();
    line.setProfile(USER, { displayName: "Chen" });
    await delivered([messageEvent({ type: "text", text: "三" })]);
    await t.jobs.runDue();
    expect((await customers())[0]).toMatchObject({ display_name: "陳小姐 基隆透天", line_display_name: "Chen" });
  });

  it("a profile read once is not read again for every message", async () => {
    await delivered([messageEvent({ type: "text", text: "一" })]);
    await t.jobs.runDue();
    await delivered([messageEvent({ type: "text", text: "二" })]);
    expect(await jobKinds()).toEqual([]);
  });
});

describe("redeliveries and order", () => {
  it("the same event delivered again (LINE's redelivery) is stored once", async () => {
    const event = messageEvent({ type: "text", text: "只存一次" });
    await delivered([event]);
    await delivered([{ ...event, deliveryContext: { isRedelivery: true } }]);
    expect((await messages()).map((message) => message.message_content)).toEqual(["只存一次"]);
  });

  it("the same message under another event id is stored once too", async () => {
    const event = messageEvent({ type: "text", text: "同一則" });
    await delivered([event]);
    await delivered([{ ...event, webhookEventId: `01OTHER${next()}` }]);
    expect(await messages()).toHaveLength(1);
  });

  it("messages read in LINE's order; an older message delivered late does not replace the newest in the list", async () => {
    const now = Date.now();
    await delivered([messageEvent({ type: "text", text: "第二句" }, { timestamp: now })]);
    await delivered([messageEvent({ type: "text", text: "第一句" }, { timestamp: now - 60_000 })]);
    expect((await messages()).map((message) => message.message_content)).toEqual(["第一句", "第二句"]);
    expect((await customers())[0]).toMatchObject({ last_message: "第二句", last_interaction: new Date(now).toISOString() });
  });

  it("a message, an unfollow and a follow again in one request leave the customer as the last event did", async () => {
    const now = Date.now();
    await delivered([
      messageEvent({ type: "text", text: "先問一下" }, { timestamp: now - 2_000 }),
      { type: "unfollow", timestamp: now - 1_000, webhookEventId: `01U${next()}`, source: source() },
      { type: "follow", timestamp: now, webhookEventId: `01F${next()}`, replyToken: "back-again", source: source(), follow: { isUnblocked: true } },
    ]);
    expect(await customers()).toHaveLength(1);
    expect((await customers())[0]).toMatchObject({ is_following: 1, reply_token: "back-again", last_message: "先問一下" });
    await delivered([messageEvent({ type: "text", text: "最後一句" }, { timestamp: now + 500 }), { type: "unfollow", timestamp: now + 1_000, webhookEventId: `01U${next()}`, source: source() }]);
    expect((await customers())[0]).toMatchObject({ is_following: 0, reply_token: "", last_message: "最後一句" });
    expect((await messages()).map((message) => message.message_content)).toEqual(["先問一下", "最後一句"]);
  });

  it("requests at once with messages of the same customers, each in another order, are all stored and counted", async () => {
    const users = ["Ua0000000000000000000000000000001", "Ua0000000000000000000000000000002", "Ua0000000000000000000000000000003"];
    const burst = (order: string[]) => order.flatMap((userId) => [1, 2, 3].map((n) => messageEvent({ type: "text", text: `第 ${n} 句` }, { source: source(userId) })));
    const race = async () => {
      const answers = await Promise.all([deliver(burst(users)), deliver(burst([...users].reverse())), deliver(burst([users[1]!, users[2]!, users[0]!]))]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    };
    await race(); // the users are new to every request: each is added once
    expect(await customers()).toHaveLength(3);
    await race(); // the customers, their profiles to read and their conversations' tallies are shared
    const stored = await messages();
    expect(stored).toHaveLength(54);
    const tallies = await t.database.db.selectFrom("record_tallies").select(["name", "n"]).where("name", "like", "line_messages:%").where("n", ">", 0).orderBy("name").execute();
    const counts = Map.groupBy(stored, (message) => message.customer_id);
    expect(tallies.map((row) => [row.name, Number(row.n)]).sort()).toEqual([...counts].map(([id, rows]) => [`line_messages:${id}`, rows.length]).sort());
  });

  it("only one-to-one chats are kept: a group's messages are ignored", async () => {
    await delivered([messageEvent({ type: "text", text: "群組" }, { source: { type: "group", groupId: "C1", userId: USER } })]);
    expect(await customers()).toEqual([]);
  });
});

describe("each kind of message", () => {
  it("a picture is downloaded from the data API into our storage by a job, and served from /uploads", async () => {
    const picture = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    const event = messageEvent({ type: "image", contentProvider: { type: "line" } });
    line.setContent((event.message as { id: string }).id, { contentType: "image/jpeg", body: picture });
    await delivered([event]);
    expect((await messages())[0]).toMatchObject({ message_type: "image", media_url: "" });
    expect((await customers())[0]!.last_message).toBe("[圖片]");
    expect(await jobKinds()).toEqual(["line.fetch-profile", "line.download-content"]);

    await t.jobs.runDue();
    const [stored] = await messages();
    expect(stored!.media_url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/line-[a-f0-9]+\.jpg$/);
    const served = await t.app.inject({ method: "GET", url: stored!.media_url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(picture)).toBe(true);
  });

  it("a file keeps its name and is downloaded with its type's extension", async () => {
    const event = messageEvent({ type: "file", fileName: "報價單.pdf", fileSize: 9 });
    line.setContent((event.message as { id: string }).id, { contentType: "application/pdf", body: Buffer.from("%PDF-1.4\n") });
    await delivered([event]);
    await t.jobs.runDue();
    expect((await messages())[0]).toMatchObject({ message_type: "file", file_name: "報價單.pdf", media_url: expect.stringMatching(/\.pdf$/) });
    expect((await customers())[0]!.last_message).toBe("[檔案] 報價單.pdf");
  });

  it("a picture LINE no longer has leaves the message without a file and the job to retry, without failing the webhook", async () => {
    await delivered([messageEvent({ type: "image", contentProvider: { type: "line" } })]);
    expect(await t.jobs.runDue()).toBe(2);
    expect((await messages())[0]!.media_url).toBe("");
    const [download] = await t.database.db.selectFrom("jobs").selectAll().where("kind", "=", "line.download-content").execute();
    expect(download).toMatchObject({ attempts: 1, failed_at: null });
  });

  it("a picture hosted elsewhere (an external provider) keeps its address and needs no download", async () => {
    await delivered([messageEvent({ type: "image", contentProvider: { type: "external", originalContentUrl: "https://cdn.example/a.jpg" } })]);
    expect((await messages())[0]).toMatchObject({ media_url: "https://cdn.example/a.jpg" });
    expect(await jobKinds()).toEqual(["line.fetch-profile"]);
  });

  it("a sticker and a location are kept as their data", async () => {
    await delivered([
      messageEvent({ type: "sticker", packageId: "446", stickerId: "1988" }, { timestamp: Date.now() - 1000 }),
      messageEvent({ type: "location", title: "基隆廟口", address: "基隆市仁愛區", latitude: 25.128, longitude: 121.743 }),
    ]);
    const [sticker, location] = await messages();
    expect(JSON.parse(sticker!.message_content)).toEqual({ packageId: "446", stickerId: "1988" });
    expect(location!.message_type).toBe("location");
    expect(JSON.parse(location!.message_content)).toEqual({ title: "基隆廟口", address: "基隆市仁愛區", latitude: 25.128, longitude: 121.743 });
    expect((await customers())[0]!.last_message).toBe("[位置] 基隆廟口");
  });

  it("kinds the inbox does not show (a postback) store nothing", async () => {
    await delivered([{ type: "postback", timestamp: Date.now(), webhookEventId: `01PB${next()}`, source: source(), postback: { data: "x" } }]);
    expect(await customers()).toEqual([]);
  });
});

describe("following", () => {
  it("a follow creates the customer, keeps the reply token and reads the profile; an unfollow marks them and drops the token", async () => {
    await delivered([{ type: "follow", timestamp: Date.now(), webhookEventId: `01F${next()}`, replyToken: "follow-token", source: source(), follow: { isUnblocked: false } }]);
    expect((await customers())[0]).toMatchObject({ is_following: 1, reply_token: "follow-token" });
    await t.jobs.runDue();
    expect((await customers())[0]!.display_name).toBe("陳小姐");

    await delivered([{ type: "unfollow", timestamp: Date.now(), webhookEventId: `01U${next()}`, source: source() }]);
    expect((await customers())[0]).toMatchObject({ is_following: 0, reply_token: "", reply_token_expires_at: null });
  });
});
