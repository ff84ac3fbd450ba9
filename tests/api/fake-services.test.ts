// The fakes in tests/mocks/ stand in for LINE and Discord in every other test,
// so they must speak the real protocol: this drives them with LINE's official
// SDK (pointed at the fake through its baseURL option) and with plain fetch for
// Discord. No database and no internet needed.
import { HTTPFetchError, messagingApi, validateSignature } from "@line/bot-sdk";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_WEBHOOK_ID, startFakeDiscord, type FakeDiscord } from "#tests/mocks/fake-discord.ts";
import { LINE_AUTH_FAILED, signLineBody, startFakeLine, type FakeLine } from "#tests/mocks/fake-line.ts";

const TOKEN = "test-channel-access-token";

async function rejection(promise: Promise<unknown>): Promise<HTTPFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HTTPFetchError) return error;
    throw error;
  }
  throw new Error("expected the SDK call to fail");
}

describe("fake LINE Messaging API", () => {
  let line: FakeLine;
  let client: messagingApi.MessagingApiClient;
  let blob: messagingApi.MessagingApiBlobClient;

  beforeAll(async () => {
    line = await startFakeLine({ channelAccessToken: TOKEN });
    client = new messagingApi.MessagingApiClient({ channelAccessToken: TOKEN, baseURL: line.baseUrl });
    blob = new messagingApi.MessagingApiBlobClient({ channelAccessToken: TOKEN, baseURL: line.dataBaseUrl });
  });
  afterAll(async () => line.close());
  beforeEach(() => line.reset());

  it("accepts a push from the SDK and records it with the bearer token", async () => {
    const answer = await client.pushMessage({ to: "U1234", messages: [{ type: "text", text: "您好，已收到您的預約" }] });
    expect(answer.sentMessages).toHaveLength(1);
    expect(answer.sentMessages[0]!.id).toMatch(/^\d+$/);

    expect(line.requests).toHaveLength(1);
    const [request] = line.requests;
    expect(request).toMatchObject({ method: "POST", path: "/v2/bot/message/push", status: 200 });
    expect(request!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request!.body).toEqual({ to: "U1234", messages: [{ type: "text", text: "您好，已收到您的預約" }] });
    expect(line.sent).toEqual([{ kind: "push", to: "U1234", messages: [{ type: "text", text: "您好，已收到您的預約" }] }]);
  });

  it("refuses a wrong token with 401 like LINE", async () => {
    const wrong = new messagingApi.MessagingApiClient({ channelAccessToken: "wrong", baseURL: line.baseUrl });
    const error = await rejection(wrong.getMessageQuota());
    expect(error.status).toBe(401);
    expect(JSON.parse(error.body)).toEqual({ message: LINE_AUTH_FAILED });

    const none = await fetch(`${line.baseUrl}/v2/bot/info`);
    expect(none.status).toBe(401);
  });

  it("validates the push body shape with LINE's 400 answer", async () => {
    const tooMany = Array.from({ length: 6 }, (_, i) => ({ type: "text" as const, text: `m${i}` }));
    let error = await rejection(client.pushMessage({ to: "U1", messages: tooMany }));
    expect(error.status).toBe(400);
    expect(JSON.parse(error.body)).toEqual({
      message: "The request body has 1 error(s)",
      details: [{ message: "size must be between 1 and 5", property: "messages" }],
    });

    error = await rejection(client.pushMessage({ to: "", messages: [{ type: "text", text: "" }] }));
    expect(error.status).toBe(400);
    expect(JSON.parse(error.body).details).toEqual([
      { message: "must be specified", property: "to" },
      { message: "must be specified", property: "messages[0].text" },
    ]);
    expect(line.sent).toHaveLength(0);
  });

  it("reports quota and consumption, counts pushes, and answers 429 at the monthly limit", async () => {
    line.setQuota({ limit: 2, used: 1 });
    expect(await client.getMessageQuota()).toEqual({ type: "limited", value: 2 });
    expect(await client.getMessageQuotaConsumption()).toEqual({ totalUsage: 1 });

    await client.pushMessage({ to: "U1", messages: [{ type: "text", text: "一" }] });
    expect(await client.getMessageQuotaConsumption()).toEqual({ totalUsage: 2 });

    const error = await rejection(client.pushMessage({ to: "U1", messages: [{ type: "text", text: "二" }] }));
    expect(error.status).toBe(429);
    expect(JSON.parse(error.body)).toEqual({ message: "You have reached your monthly limit." });

    line.setQuota({ limit: null });
    expect(await client.getMessageQuota()).toEqual({ type: "none" });
  });

  it("replies once per reply token", async () => {
    await client.replyMessage({ replyToken: "rt-1", messages: [{ type: "text", text: "收到" }] });
    const error = await rejection(client.replyMessage({ replyToken: "rt-1", messages: [{ type: "text", text: "again" }] }));
    expect(error.status).toBe(400);
    expect(JSON.parse(error.body)).toEqual({ message: "Invalid reply token" });
    expect(line.sent.map((s) => s.kind)).toEqual(["reply"]);
  });

  it("serves profiles that were set, and 404 for others", async () => {
    line.setProfile("Uabc", { displayName: "王小明", pictureUrl: "https://profile.line-scdn.net/abc" });
    expect(await client.getProfile("Uabc")).toEqual({ userId: "Uabc", displayName: "王小明", pictureUrl: "https://profile.line-scdn.net/abc" });
    expect((await rejection(client.getProfile("Unobody"))).status).toBe(404);
  });

  it("serves bot info", async () => {
    const info = await client.getBotInfo();
    expect(info).toMatchObject({ basicId: "@123fake", chatMode: "chat" });
  });

  it("serves message content on the data API through the blob client", async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    line.setContent("m-100", { contentType: "image/jpeg", body: jpeg });
    const { httpResponse, body } = await blob.getMessageContentWithHttpInfo("m-100");
    expect(httpResponse.headers.get("content-type")).toBe("image/jpeg");
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks)).toEqual(jpeg);
    expect(line.requests.at(-1)).toMatchObject({ method: "GET", path: "/v2/bot/message/m-100/content" });

    expect((await rejection(blob.getMessageContent("missing"))).status).toBe(404);
  });

  it("fails the next request on demand, then recovers", async () => {
    line.failNext(500, { message: "boom" });
    const error = await rejection(client.getMessageQuota());
    expect(error.status).toBe(500);
    expect(JSON.parse(error.body)).toEqual({ message: "boom" });
    expect(await client.getMessageQuota()).toEqual({ type: "limited", value: 200 });
  });

  it("failNext can target one path only", async () => {
    line.failNext(503, undefined, "/v2/bot/message/push");
    expect(await client.getMessageQuota()).toMatchObject({ type: "limited" });
    expect((await rejection(client.pushMessage({ to: "U1", messages: [{ type: "text", text: "x" }] }))).status).toBe(503);
  });
});

describe("signLineBody", () => {
  it("produces the X-Line-Signature the SDK validates", () => {
    const body = JSON.stringify({ destination: "Ubot", events: [{ type: "message", message: { type: "text", text: "嗨" } }] });
    const signature = signLineBody(body, "channel-secret");
    expect(validateSignature(body, "channel-secret", signature)).toBe(true);
    expect(validateSignature(body, "other-secret", signature)).toBe(false);
    expect(validateSignature(`${body} `, "channel-secret", signature)).toBe(false);
  });
});

describe("fake Discord webhooks", () => {
  let discord: FakeDiscord;
  beforeAll(async () => {
    discord = await startFakeDiscord();
  });
  afterAll(async () => discord.close());
  beforeEach(() => discord.reset());

  const post = (url: string, body: unknown) =>
    fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it("executes a webhook with 204 and records what was sent", async () => {
    const url = discord.webhookUrl();
    expect(url).toBe(`${discord.baseUrl}/api/webhooks/${DEFAULT_WEBHOOK_ID}/${url.split("/").at(-1)}`);
    const res = await post(url, { content: "新的聯絡表單", username: "網站通知", embeds: [{ title: "王先生", fields: [{ name: "電話", value: "0912" }] }] });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect(discord.requests).toHaveLength(1);
    expect(discord.requests[0]).toMatchObject({
      webhookId: DEFAULT_WEBHOOK_ID,
      content: "新的聯絡表單",
      username: "網站通知",
      embeds: [{ title: "王先生", fields: [{ name: "電話", value: "0912" }] }],
      status: 204,
    });
  });

  it("answers 200 with the message when ?wait=true", async () => {
    const res = await post(`${discord.webhookUrl()}?wait=true`, { content: "hello" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ content: "hello", webhook_id: DEFAULT_WEBHOOK_ID, type: 0 });
  });

  it("refuses an empty message with 400", async () => {
    const res = await post(discord.webhookUrl(), { content: "" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Cannot send an empty message", code: 50006 });
    expect(discord.delivered).toHaveLength(0);
  });

  it("answers 404 Unknown Webhook for pairs that were not registered", async () => {
    const good = discord.registerWebhook("111", "good-token");
    expect((await post(good, { content: "ok" })).status).toBe(204);
    const res = await post(discord.webhookUrl("111", "bad-token"), { content: "x" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: "Unknown Webhook", code: 10015 });
    expect(discord.delivered.map((c) => c.webhookToken)).toEqual(["good-token"]);
  });

  it("fails the next execution on demand", async () => {
    discord.failNext(429);
    const res = await post(discord.webhookUrl(), { content: "x" });
    expect(res.status).toBe(429);
    expect(await res.json()).toMatchObject({ message: "You are being rate limited." });
    expect((await post(discord.webhookUrl(), { content: "x" })).status).toBe(204);
  });
});
