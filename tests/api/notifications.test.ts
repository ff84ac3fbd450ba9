// Notifications to the staff (002 §2.3, §3, §5, §7, §8, §9; CONTRACT.md): each
// new contact message is delivered through the outbox to LINE, Discord and
// mail as the settings say, retried against fakes that fail then recover,
// never twice after a restart mid-delivery, and kept visible when it keeps
// failing; the test sends and the LINE quota of the notification settings
// screen; secrets kept out of public answers. Fakes on 127.0.0.1 only.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NotificationHealth } from "#contract/notifications.ts";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { startFakeDiscord, type FakeDiscord } from "#tests/mocks/fake-discord.ts";
import { startFakeLine, type FakeLine } from "#tests/mocks/fake-line.ts";
import { startFakeSmtp, type FakeSmtp } from "#tests/mocks/fake-smtp.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";
import { capPeriods, decideNotice, summaryJobKey } from "#server/modules/notifications/notice-cap.ts";

const ACCESS_TOKEN = "line-access-token-for-tests";
const ADMIN_USER_ID = `U${"a".repeat(32)}`;
const CHANNEL_SECRET = "0123456789abcdef0123456789abcdef";

let t: TestApp;
let line: FakeLine;
let discord: FakeDiscord;
let smtp: FakeSmtp;
let token: string;
let senders = 0;

beforeAll(async () => {
  [line, discord, smtp] = await Promise.all([startFakeLine({ quotaLimit: 500 }), startFakeDiscord(), startFakeSmtp()]);
  t = await createTestApp(
    { LINE_API_BASE_URL: line.baseUrl, LINE_DATA_API_BASE_URL: line.dataBaseUrl, DISCORD_API_BASE_URL: discord.baseUrl, SMTP_URL: smtp.url, PUBLIC_URL: "https://clean.example" },
    { runJobs: false },
  );
  token = await adminToken(t);
});
afterAll(async () => {
  await t.close();
  await Promise.all([line.close(), discord.close(), smtp.close()]);
});
beforeEach(async () => {
  line.reset();
  discord.reset();
  smtp.mails.length = 0;
  await t.database.db.deleteFrom("jobs").execute();
  await t.database.db.deleteFrom("contacts").execute();
  await t.database.db.deleteFrom("rate_counters").execute();
  await saveSettings({
    notification_type: "line",
    line_enable_notifications: "true",
    line_channel_access_token: ACCESS_TOKEN,
    line_admin_user_id: ADMIN_USER_ID,
    line_channel_secret: CHANNEL_SECRET,
    discord_enable_notifications: "false",
    discord_webhook_url: "",
    email_notifications: "false",
    contact_email: "office@clean.example",
  });
});

const admin = () => bearer(token);
async function saveSettings(values: Record<string, string>) {
  const res = await t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: admin(), payload: values });
  expect(res.statusCode, res.body).toBe(200);
}
async function sendContact(name = "王小明", extra: Record<string, unknown> = {}, address = `192.0.2.${(senders++ % 250) + 1}`) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api.php/contact",
    headers: { "x-forwarded-for": address },
    payload: { name, email: "ming@example.com", phone: "0912-345-678", subject: "水塔清洗", message: "請問社區水塔清洗的報價？", ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
}
/** Makes every pending job due now, scheduled summaries included, and runs them all. */
async function runEverything() {
  await t.database.db.updateTable("jobs").set({ run_at: new Date(Date.now() - 1000).toISOString() }).where("failed_at", "is", null).execute();
  let ran = 0;
  for (let pass = 0; pass < 5; pass += 1) ran += await t.jobs.runDue();
  return ran;
}
/** The jobs about notices: the daily sweep of old counters (enqueued with every message, due at midnight) is left out. */
const SWEEP = "counters.sweep";
const jobs = () => t.database.db.selectFrom("jobs").selectAll().where("kind", "<>", SWEEP).orderBy("id").execute();
/** Makes every pending retry due now, as if its backoff had passed. */
const backoffPassed = () =>
  t.database.db.updateTable("jobs").set({ run_at: new Date(Date.now() - 1000).toISOString() }).where("failed_at", "is", null).where("kind", "<>", SWEEP).where("kind", "<>", "notify.summary").execute();
const failures = async () => {
  const res = await t.app.inject({ method: "GET", url: "/admin-api.php/notification-failures", headers: admin() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as NotificationHealth;
};

describe("a new contact message notifies the staff through the outbox", () => {
  it("LINE: one push to the administrator with the message's details, carrying a retry key, after the visitor's answer", async () => {
    await sendContact("王小明");
    expect(line.sent).toHaveLength(0);
    expect((await jobs()).map((job) => job.kind)).toEqual(["notify.line"]);
    expect(await t.jobs.runDue()).toBe(1);
    expect(line.sent).toHaveLength(1);
    expect(line.sent[0]).toMatchObject({ kind: "push", to: ADMIN_USER_ID });
    const text = line.sent[0].messages[0].text!;
    for (const part of ["新的聯絡表單", "王小明", "ming@example.com", "0912-345-678", "水塔清洗", "請問社區水塔清洗的報價？", "https://clean.example/admin/contacts"]) expect(text).toContain(part);
    const push = line.requests.find((request) => request.path === "/v2/bot/message/push")!;
    expect(push.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(push.headers["x-line-retry-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await jobs()).toHaveLength(0);
  });

  it("Discord: the webhook gets the message with the configured name and no mentions", async () => {
    const webhookUrl = discord.webhookUrl();
    await saveSettings({ notification_type: "discord", discord_enable_notifications: "true", discord_webhook_url: webhookUrl, discord_username: "清潔公司小幫手" });
    await sendContact("林小姐");
    await t.jobs.runDue();
    expect(line.sent).toHaveLength(0);
    expect(discord.delivered).toHaveLength(1);
    expect(discord.delivered[0].content).toContain("林小姐");
    expect(discord.delivered[0].username).toBe("清潔公司小幫手");
    expect(discord.delivered[0].body).toMatchObject({ allowed_mentions: { parse: [] } });
  });

  it("Email: with email notifications on, the contact address gets a mail that replies to the visitor", async () => {
    await saveSettings({ email_notifications: "true" });
    await sendContact("陳先生");
    expect((await jobs()).map((job) => job.kind).sort()).toEqual(["notify.email", "notify.line"]);
    await t.jobs.runDue();
    const mail = await smtp.waitForMail();
    expect(mail.to).toEqual(["office@clean.example"]);
    expect(mail.subject).toBe("新的聯絡表單：水塔清洗");
    expect(mail.replyTo).toContain("ming@example.com");
    expect(mail.text).toContain("陳先生");
    expect(mail.text).toContain("請問社區水塔清洗的報價？");
  });

  it("nothing is enqueued when the chosen channel is switched off and mail is off", async () => {
    await saveSettings({ line_enable_notifications: "false" });
    await sendContact();
    expect(await jobs()).toHaveLength(0);
  });

  it("a channel that is down never fails the visitor: the message is kept and the delivery waits", async () => {
    line.failNext(500, { message: "internal error" }, "/v2/bot/message/push");
    await sendContact();
    expect(await t.jobs.runDue()).toBe(1);
    expect(line.sent).toHaveLength(0);
    const [job] = await jobs();
    expect(job).toMatchObject({ kind: "notify.line", attempts: 1, failed_at: null });
    expect(job.last_error).toBe("LINE 伺服器暫時無法處理（500）");
    expect(new Date(job.run_at).getTime()).toBeGreaterThan(Date.now());
    expect((await t.database.db.selectFrom("contacts").selectAll().execute())).toHaveLength(1);
  });

  it("retries with backoff against a LINE that fails then recovers, and delivers once", async () => {
    line.failNext(503, { message: "unavailable" }, "/v2/bot/message/push");
    await sendContact();
    await t.jobs.runDue();
    expect(await t.jobs.runDue()).toBe(0); // not due before its backoff
    await backoffPassed();
    expect(await t.jobs.runDue()).toBe(1);
    expect(line.sent).toHaveLength(1);
    expect(await jobs()).toHaveLength(0);
    const keys = line.requests.filter((request) => request.path === "/v2/bot/message/push").map((request) => request.headers["x-line-retry-key"]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it("delivers once after a restart mid-delivery: the push went out, the job's completion was lost, the rerun is recognised by LINE", async () => {
    await sendContact();
    const [pending] = await jobs();
    await t.jobs.runDue();
    expect(line.sent).toHaveLength(1);
    // The process died between LINE's answer and deleting the job: the lease ran out and another runner takes the same job.
    const { id: _id, ...copy } = pending;
    await t.database.db.insertInto("jobs").values(copy).execute();
    expect(await t.jobs.runDue()).toBe(1);
    expect(line.sent).toHaveLength(1);
    expect(await jobs()).toHaveLength(0);
  });

  it("retries Discord and mail too, until they recover", async () => {
    await saveSettings({ notification_type: "discord", discord_enable_notifications: "true", discord_webhook_url: discord.webhookUrl(), email_notifications: "true" });
    discord.failNext(500);
    smtp.failNext();
    await sendContact();
    await t.jobs.runDue();
    expect(discord.delivered).toHaveLength(0);
    expect(smtp.mails).toHaveLength(0);
    await backoffPassed();
    await t.jobs.runDue();
    expect(discord.delivered).toHaveLength(1);
    expect(smtp.mails).toHaveLength(1);
  });
});

describe("deliveries that keep failing", () => {
  async function failEveryAttempt() {
    await saveSettings({ line_channel_access_token: "revoked-token" });
    line.setAccessToken(ACCESS_TOKEN);
    await sendContact("張太太");
    await t.database.db.updateTable("jobs").set({ max_attempts: 2 }).execute();
    await t.jobs.runDue();
    await backoffPassed();
    await t.jobs.runDue();
  }

  it("are listed for the back office with what they were about and why, in people's words, without the token", async () => {
    await failEveryAttempt();
    const data = await failures();
    expect(data.mail_configured).toBe(true);
    expect(data.failures).toHaveLength(1);
    expect(data.failures[0]).toMatchObject({ channel: "line", summary: "新的聯絡表單：張太太", error: "LINE Channel Access Token 無效或已過期", attempts: 2 });
    expect(JSON.stringify(data)).not.toContain("revoked-token");
    const stats = await t.app.inject({ method: "GET", url: "/admin-api.php/stats", headers: admin() });
    expect(stats.json().data.failed_jobs).toBe(1);
  });

  it("can be retried once the settings are fixed, and then deliver", async () => {
    await failEveryAttempt();
    const [failure] = (await failures()).failures;
    await saveSettings({ line_channel_access_token: ACCESS_TOKEN });
    const retry = await t.app.inject({ method: "POST", url: `/admin-api.php/notification-failures/${failure.id}/retry`, headers: admin() });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().message).toBe("已重新排入傳送");
    await t.jobs.runDue();
    expect(line.sent).toHaveLength(1);
    expect((await failures()).failures).toHaveLength(0);
  });

  it("a retry that fails again is listed again at once, not after hours of backoff", async () => {
    await failEveryAttempt();
    const [failure] = (await failures()).failures;
    expect(failure).toMatchObject({ state: "failed", next_attempt_at: null });
    await t.app.inject({ method: "POST", url: `/admin-api.php/notification-failures/${failure.id}/retry`, headers: admin() });
    expect((await failures()).failures).toMatchObject([{ id: failure.id, state: "retrying" }]);
    await t.jobs.runDue();
    expect((await failures()).failures).toMatchObject([{ id: failure.id, state: "failed", error: "LINE Channel Access Token 無效或已過期" }]);
  });

  it("are listed while still retrying, with the reason in words, counted on the dashboard, and 重新傳送 sends now with the same retry key", async () => {
    line.failNext(500, { message: "internal error" }, "/v2/bot/message/push");
    await sendContact("李先生");
    await t.jobs.runDue();
    const [retrying] = (await failures()).failures;
    expect(retrying).toMatchObject({ channel: "line", summary: "新的聯絡表單：李先生", state: "retrying", error: "LINE 伺服器暫時無法處理（500）", attempts: 1 });
    expect(new Date(retrying.next_attempt_at!).getTime()).toBeGreaterThan(Date.now());
    const stats = (await t.app.inject({ method: "GET", url: "/admin-api.php/stats", headers: admin() })).json().data;
    expect(stats).toMatchObject({ failing_notifications: 1, failed_jobs: 0 });
    expect(await t.jobs.runDue()).toBe(0); // its backoff has not passed
    const retry = await t.app.inject({ method: "POST", url: `/admin-api.php/notification-failures/${retrying.id}/retry`, headers: admin() });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await t.jobs.runDue()).toBe(1);
    expect(line.sent).toHaveLength(1);
    const keys = line.requests.filter((request) => request.path === "/v2/bot/message/push").map((request) => request.headers["x-line-retry-key"]);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect((await failures()).failures).toHaveLength(0);
    expect((await t.app.inject({ method: "GET", url: "/admin-api.php/stats", headers: admin() })).json().data.failing_notifications).toBe(0);
  });

  it("can be dismissed; unknown ids answer 404 and a missing token 401", async () => {
    await failEveryAttempt();
    const [failure] = (await failures()).failures;
    expect((await t.app.inject({ method: "DELETE", url: `/admin-api.php/notification-failures/${failure.id}`, headers: {} })).statusCode).toBe(401);
    const dismissed = await t.app.inject({ method: "DELETE", url: `/admin-api.php/notification-failures/${failure.id}`, headers: admin() });
    expect(dismissed.statusCode).toBe(200);
    expect((await failures()).failures).toHaveLength(0);
    expect((await t.app.inject({ method: "DELETE", url: `/admin-api.php/notification-failures/${failure.id}`, headers: admin() })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "POST", url: "/admin-api.php/notification-failures/999999/retry", headers: admin() })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/admin-api.php/notification-failures" })).statusCode).toBe(401);
  });
});

describe("the notice cap: a flood cannot spend the month's LINE pushes", () => {
  const kinds = async () => (await jobs()).map((job) => job.kind);

  it("300 messages from 150 addresses: every one kept, at most 10 individual notices per 10-minute window, and one summary that counts the rest", async () => {
    const started = Date.now();
    for (let i = 0; i < 300; i += 1) await sendContact(`訪客${i}`, {}, `198.18.${Math.floor(i / 2) >> 8}.${(Math.floor(i / 2) % 250) + 1}`);
    const windows = Math.floor(Date.now() / 600_000) - Math.floor(started / 600_000) + 1;
    expect(await t.database.db.selectFrom("contacts").select("id").execute()).toHaveLength(300);
    const planned = await kinds();
    const individual = planned.filter((kind) => kind === "notify.line").length;
    expect(individual).toBeGreaterThanOrEqual(10);
    expect(individual).toBeLessThanOrEqual(10 * windows);
    expect(planned.filter((kind) => kind === "notify.summary").length).toBeLessThanOrEqual(windows);
    expect(planned.filter((kind) => kind === "notify.summary").length).toBeGreaterThanOrEqual(1);
    const held = await t.database.db.selectFrom("contacts").select("id").where("notice", "=", "held").execute();
    expect(held).toHaveLength(300 - individual);
    // The settings screen says how many were held back today.
    expect((await failures()).cap.channels[0]).toEqual({ channel: "line", per_window: 10, window_minutes: 10, per_day: 50, held_today: 300 - individual });

    await runEverything();
    const pushes = line.sent.length;
    console.info(`[measure] 300 messages from 150 addresses → ${pushes} LINE pushes (${individual} individual, ${pushes - individual} summary)`);
    expect(pushes).toBeLessThanOrEqual(11 * windows);
    const summaries = line.sent.map((push) => push.messages[0].text!).filter((text) => text.includes("今天又收到"));
    expect(summaries.length).toBeGreaterThanOrEqual(1);
    const counted = summaries.reduce((sum, text) => sum + Number(/今天又收到 (\d+) 則新訊息/.exec(text)![1]), 0);
    expect(counted).toBe(300 - individual);
    expect(summaries[0]).toContain("請到後台查看");
    expect(summaries[0]).toContain("https://clean.example/admin/contacts");
  });

  // A busy hour's leads (the measure: 15 people, one every 2 s): each channel is capped by what it costs.
  const busyMinute = async () => {
    for (let i = 0; i < 15; i += 1) await sendContact(`忙碌客戶${i}`, {}, `203.0.113.${i + 1}`);
  };
  const mailsFor = async (count: number) => {
    await smtp.waitForMail((mail) => mail.text.includes("忙碌客戶14"));
    expect(smtp.mails).toHaveLength(count);
    return smtp.mails;
  };

  it("15 real leads in a busy minute with Discord and mail on: every one reaches Discord and mail with its details, none only as a count", async () => {
    await saveSettings({ notification_type: "discord", discord_enable_notifications: "true", discord_webhook_url: discord.webhookUrl(), email_notifications: "true" });
    await busyMinute();
    expect((await kinds()).filter((kind) => kind === "notify.summary")).toEqual([]);
    expect(await t.database.db.selectFrom("contacts").select("id").where("notice", "=", "held").execute()).toEqual([]);
    await runEverything();
    const posted = discord.delivered.map((call) => call.content);
    expect(posted).toHaveLength(15);
    for (let i = 0; i < 15; i += 1) expect(posted.some((content) => content?.includes(`忙碌客戶${i}`) && content.includes("請問社區水塔清洗的報價？")), `Discord ${i}`).toBe(true);
    expect(posted.some((content) => content?.includes("今天又收到"))).toBe(false);
    const mails = await mailsFor(15);
    for (let i = 0; i < 15; i += 1) expect(mails.some((mail) => mail.text.includes(`忙碌客戶${i}`)), `mail ${i}`).toBe(true);
    expect(line.sent).toHaveLength(0);
  });

  it("the same 15 with LINE and mail on: mail brings all 15; LINE keeps its month's pushes, 10 and a summary of the rest", async () => {
    await saveSettings({ email_notifications: "true" });
    const started = Date.now();
    await busyMinute();
    const windows = Math.floor(Date.now() / 600_000) - Math.floor(started / 600_000) + 1;
    await runEverything();
    const pushes = line.sent.map((push) => push.messages[0].text!);
    const individual = pushes.filter((text) => text.includes("忙碌客戶"));
    const counted = pushes.filter((text) => text.includes("今天又收到")).reduce((sum, text) => sum + Number(/今天又收到 (\d+) 則新訊息/.exec(text)![1]), 0);
    // Unless the test straddles a window's end, which gives a second window its own 10.
    expect(individual.length).toBe(Math.min(15, 10 * windows));
    expect(individual.length + counted).toBe(15);
    // The summary went to LINE only: mail had every message one by one.
    const mails = await mailsFor(15);
    expect(mails.some((mail) => mail.subject.includes("又收到"))).toBe(false);
    // The held messages say so in the inbox; the screen counts them for LINE, not for mail.
    const cap = (await failures()).cap.channels;
    expect(cap.map((channel) => [channel.channel, channel.held_today])).toEqual([["line", 15 - individual.length], ["discord", 0], ["email", 0]]);
  });

  it("Discord's and mail's caps still bound a flood: each channel counts on its own, and past its cap a message waits for that channel's summary", async () => {
    const periods = capPeriods(new Date(Date.UTC(2026, 2, 5, 2, 0)), 10);
    const decide = (channel: "line" | "discord" | "email") => decideNotice(t.database.db, periods, { channel, suspect: false });
    const outcomes: Record<string, string[]> = { line: [], discord: [], email: [] };
    for (let i = 0; i < 31; i += 1) {
      for (const channel of ["line", "discord", "email"] as const) {
        const outcome = await decide(channel);
        outcomes[channel]!.push(outcome.notify ? "notify" : (outcome.summary?.scope ?? "covered"));
      }
    }
    expect(outcomes.line).toEqual([...Array(10).fill("notify"), "window", ...Array(20).fill("covered")]);
    expect(outcomes.discord).toEqual([...Array(30).fill("notify"), "window"]);
    expect(outcomes.email).toEqual([...Array(30).fill("notify"), "window"]);
    expect(summaryJobKey("discord", periods, "window")).not.toBe(summaryJobKey("line", periods, "window"));
  });

  it("a summary enqueued before each channel had its cap still reports what the shared cap held, on every channel", async () => {
    await saveSettings({ email_notifications: "true" });
    await t.database.db.insertInto("rate_counters").values({ key: "notice:pending", count: 3, expires_at: "9999-12-31T00:00:00.000Z" }).execute();
    await t.database.db.insertInto("jobs").values({ kind: "notify.summary", payload: JSON.stringify({ link: "https://clean.example/admin/contacts" }), run_at: new Date(Date.now() - 1000).toISOString(), attempts: 0, max_attempts: 8, last_error: "", created_at: new Date().toISOString(), updated_at: new Date().toISOString() }).execute();
    await runEverything();
    expect(line.sent.map((push) => push.messages[0].text)).toEqual([expect.stringContaining("今天又收到 3 則新訊息")]);
    expect((await smtp.waitForMail((mail) => mail.subject === "網站又收到 3 則新訊息")).text).toContain("今天又收到 3 則新訊息");
  });

  it("a suspect message (sent within 3 s of its form) has no notice of its own: it is counted in the window's summary", async () => {
    await sendContact("手快的訪客", { rendered_at: Date.now() - 500 });
    expect(await kinds()).toEqual(["notify.summary"]);
    expect(await t.database.db.selectFrom("jobs").select("kind").where("kind", "=", SWEEP).execute()).toHaveLength(1);
    const summary = (await jobs()).find((job) => job.kind === "notify.summary")!;
    expect(new Date(summary.run_at).getTime() % 600_000).toBe(0);
    expect(new Date(summary.run_at).getTime()).toBeGreaterThan(Date.now());
    await runEverything();
    expect(line.sent.map((push) => push.messages[0].text)).toEqual([expect.stringContaining("今天又收到 1 則新訊息（其中 1 則可能是垃圾訊息），請到後台查看")]);
  });

  it("holds under concurrency (shared counters, no deadlock): 40 simultaneous messages, some suspect, give exactly 10 individual notices", async () => {
    const posts = Array.from({ length: 40 }, (_, i) =>
      t.app.inject({
        method: "POST",
        url: "/api.php/contact",
        headers: { "x-forwarded-for": `198.19.0.${i + 1}` },
        payload: { name: `同時${i}`, email: "ming@example.com", message: "請問報價？", ...(i % 4 === 0 ? { rendered_at: Date.now() - 200 } : {}) },
      }),
    );
    const answers = await Promise.all(posts);
    expect(answers.map((res) => res.statusCode)).toEqual(Array(40).fill(200));
    const planned = await kinds();
    // Unless the test straddles a window's end, which gives a second window its own 10.
    expect([10, 20]).toContain(planned.filter((kind) => kind === "notify.line").length);
    expect(await t.database.db.selectFrom("contacts").select("id").where("notice", "=", "held").execute()).toHaveLength(40 - planned.filter((kind) => kind === "notify.line").length);
  });

  it("past the day's ceiling, held messages wait for one summary at the end of the Taiwan day", async () => {
    const limits = { perWindow: 2, perDay: 5, windowMinutes: 10 };
    // 2026-03-04 10:00 in Taipei (02:00 UTC), then the next windows.
    const at = (minutes: number) => capPeriods(new Date(Date.UTC(2026, 2, 4, 2, minutes)), 10);
    const decide = (minutes: number) => decideNotice(t.database.db, at(minutes), { channel: "line", suspect: false, limits });
    const outcomes = [];
    for (const minutes of [0, 1, 2, 10, 11, 12, 20, 21, 30]) outcomes.push(await decide(minutes));
    expect(outcomes.map((outcome) => (outcome.notify ? "notify" : (outcome.summary?.scope ?? "covered")))).toEqual([
      "notify", "notify", "window", // window 1: 2 notices + its summary (3 of the day's 5)
      "notify", "notify", "day", // window 2: the day's 5 are spent, so the summary waits for midnight
      "day", "covered", // window 3: the day's summary again (one job by its key)
      "day",
    ]);
    const dayEnd = outcomes[5].notify ? null : outcomes[5].summary?.runAt;
    expect(dayEnd?.toISOString()).toBe("2026-03-04T16:00:00.000Z"); // midnight in Taipei
    expect(summaryJobKey("line", at(20), "day")).toBe(summaryJobKey("line", at(30), "day"));
    expect(at(0).day).toBe("2026-03-04");
    expect(capPeriods(new Date(Date.UTC(2026, 2, 4, 16, 0))).day).toBe("2026-03-05");
  });

  it("a second summary never reports the messages the first one did", async () => {
    for (const name of ["甲", "乙"]) await sendContact(name, { rendered_at: Date.now() - 500 });
    await runEverything();
    expect(line.sent).toHaveLength(1);
    // Another summary job of the same window (an instance's clock lagging) finds nothing left to report.
    await t.database.db.insertInto("jobs").values({ kind: "notify.summary", payload: "{}", run_at: new Date(Date.now() - 1000).toISOString(), attempts: 0, max_attempts: 8, last_error: "", created_at: new Date().toISOString(), updated_at: new Date().toISOString() }).execute();
    await runEverything();
    expect(line.sent).toHaveLength(1);
  });
});

describe("POST /line-test.php", () => {
  const lineTest = (payload: unknown, headers: Record<string, string> = admin()) => t.app.inject({ method: "POST", url: "/line-test.php", headers, payload: payload as object });

  it("sends the screen's message to the screen's administrator with the screen's token", async () => {
    const res = await lineTest({ accessToken: ACCESS_TOKEN, adminUserId: `U${"b".repeat(32)}`, message: "測試一下" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: "測試訊息已發送" });
    expect(line.sent).toEqual([expect.objectContaining({ kind: "push", to: `U${"b".repeat(32)}`, messages: [expect.objectContaining({ text: "測試一下" })] })]);
  });

  it("falls back to the saved settings and a default text", async () => {
    const res = await lineTest({});
    expect(res.statusCode, res.body).toBe(200);
    expect(line.sent[0].to).toBe(ADMIN_USER_ID);
    expect(line.sent[0].messages[0].text).toContain("測試訊息");
  });

  it("asks for the token and the administrator's User ID first (the spec's message)", async () => {
    await saveSettings({ line_channel_access_token: "", line_admin_user_id: "" });
    const res = await lineTest({ message: "hi" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("請先設定 LINE Channel Access Token 和管理員 User ID");
    expect(line.requests).toHaveLength(0);
  });

  it("says why LINE refused, in people's words (502)", async () => {
    line.setAccessToken(ACCESS_TOKEN);
    const res = await lineTest({ accessToken: "wrong" });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe("測試發送失敗：LINE Channel Access Token 無效或已過期");
  });

  it("is for administrators only", async () => {
    expect((await lineTest({}, {})).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/line-test.php", headers: admin() })).statusCode).toBe(405);
  });
});

describe("POST /discord-test.php", () => {
  const discordTest = (payload: unknown, headers: Record<string, string> = admin()) => t.app.inject({ method: "POST", url: "/discord-test.php", headers, payload: payload as object });

  it("posts to the webhook with the name and avatar given", async () => {
    const res = await discordTest({ webhookUrl: discord.webhookUrl(), username: "通知小幫手", avatarUrl: "https://clean.example/bot.png", message: "Discord 測試" });
    expect(res.statusCode, res.body).toBe(200);
    expect(discord.delivered[0]).toMatchObject({ content: "Discord 測試", username: "通知小幫手", avatar_url: "https://clean.example/bot.png" });
  });

  it("asks for the webhook first, and refuses an address that is not a Discord webhook", async () => {
    const missing = await discordTest({ message: "hi" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("請先設定 Discord Webhook URL");
    const elsewhere = await discordTest({ webhookUrl: "http://127.0.0.1:1/api/webhooks/1/x" });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors.webhookUrl).toContain("Discord Webhook 網址必須以");
    expect(discord.requests).toHaveLength(0);
  });

  it("says why Discord refused", async () => {
    discord.failNext(404);
    const res = await discordTest({ webhookUrl: discord.webhookUrl() });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe("測試發送失敗：找不到這個 Discord Webhook，可能已被刪除");
  });

  it("is for administrators only", async () => {
    expect((await discordTest({ webhookUrl: discord.webhookUrl() }, {})).statusCode).toBe(401);
  });
});

describe("GET /api/line-quota.php", () => {
  const quota = (headers: Record<string, string> = admin()) => t.app.inject({ method: "GET", url: "/api/line-quota.php", headers });

  it("answers used, remaining, limit and percentage from LINE", async () => {
    line.setQuota({ limit: 500, used: 410 });
    const res = await quota();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ used: 410, remaining: 90, limit: 500, percentage: 82 });
  });

  it("counts against the 500 free pushes when LINE states no limit", async () => {
    line.setQuota({ limit: null, used: 100 });
    expect((await quota()).json().data).toEqual({ used: 100, remaining: 400, limit: 500, percentage: 20 });
  });

  it("needs the token, says when LINE cannot be asked, and is for administrators only", async () => {
    line.setAccessToken("another-token");
    const refused = await quota();
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toBe("無法取得配額資訊：LINE Channel Access Token 無效或已過期");
    await saveSettings({ line_channel_access_token: "" });
    expect((await quota()).json().message).toBe("請先設定 LINE Channel Access Token");
    expect((await quota({})).statusCode).toBe(401);
  });
});

describe("the notification settings", () => {
  it("are saved through /admin-api.php/settings, secrets included, and read back by the back office only", async () => {
    const admins = await t.app.inject({ method: "GET", url: "/admin-api.php/settings", headers: admin() });
    expect(admins.json().data).toMatchObject({ line_channel_access_token: ACCESS_TOKEN, line_channel_secret: CHANNEL_SECRET, line_admin_user_id: ADMIN_USER_ID });
    const visitors = await t.app.inject({ method: "GET", url: "/api.php/settings" });
    for (const secret of [ACCESS_TOKEN, CHANNEL_SECRET, ADMIN_USER_ID]) expect(visitors.body).not.toContain(secret);
    for (const key of ["line_channel_access_token", "line_channel_secret", "line_admin_user_id", "discord_webhook_url", "notification_type"]) expect(visitors.json().data).not.toHaveProperty(key);
  });

  it("refuse a Discord webhook outside DISCORD_API_BASE_URL and a malformed channel secret", async () => {
    const elsewhere = await t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: admin(), payload: { discord_webhook_url: "https://example.com/hook" } });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors.discord_webhook_url).toBe(`Discord Webhook 網址必須以 ${discord.baseUrl}/api/webhooks/ 開頭`);
    const secret = await t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: admin(), payload: { line_channel_secret: "short" } });
    expect(secret.statusCode).toBe(400);
    expect(secret.json().errors.line_channel_secret).toBe("LINE Channel Secret 必須是 32 位英數字");
    const stored = await t.services.settings.getAll();
    expect([stored.discord_webhook_url, stored.line_channel_secret]).toEqual(["", CHANNEL_SECRET]);
  });
});
