// /admin/contacts against the real server (001 §2, §3, §4, §7, §8, §9): the
// four counts, the search (Chinese words, telephone numbers however typed, the
// words marked; a list counted only up to 10,000 says so), the status filter,
// ten a page, the empty states, opening a new message (read at once: row,
// count and sidebar badge first, then the server; a refusal puts it back),
// the status selector, the reply and call links, delete after our own
// confirmation (back a page after the last one of a page), the load error,
// and accessibility at desktop and phone widths.
import type { Page, Route } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import type { Contact, ContactInput } from "#contract/contact.ts";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";
import { adminApi, signedInPage } from "../support/admin.ts";
import { axeViolations, smallTapTargets, unnamedControls } from "../support/axe.ts";
import { DESKTOP, MOBILE, SETTLE, visit } from "../support/browser.ts";
import { answerConfirm, confirmDialog } from "../support/confirm.ts";
import { useE2E } from "../support/e2e.ts";

const e2e = useE2E();

const WAIT = { ...SETTLE, timeout: 15_000 };

let address = 0;
/** Each message from its own address: the server takes at most 5 a sender every 10 minutes. */
const nextAddress = () => {
  address += 1;
  return `203.0.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`;
};

type Fields = Partial<ContactInput> & { name: string };

/** A visitor's message, through the product's own service, as the public form sends it. */
async function send(fields: Fields): Promise<Contact> {
  const input = { email: "visitor@example.com", subject: "詢問清潔服務", message: "請問水塔清洗的價格？", ...fields };
  const { services } = e2e.server;
  const outcome = await services.run(services.operations.contacts.submit, { actor: { kind: "visitor", clientIp: nextAddress(), userAgent: "e2e" }, input });
  if (!outcome.stored) throw new Error(`not stored: ${fields.name}`);
  return byName(fields.name);
}

/** A visitor's message through POST /api.php/contact, as a browser without our page would send it. */
async function sendOverHttp(fields: Fields): Promise<Contact> {
  const response = await fetch(`${e2e.server.baseUrl}/api.php/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": nextAddress() },
    body: JSON.stringify(fields),
  });
  if (response.status !== 200) throw new Error(`POST /api.php/contact answered ${response.status}: ${await response.text()}`);
  return byName(fields.name);
}

async function everyContact(): Promise<Contact[]> {
  const { body } = await adminApi(e2e, e2e.server.token, "GET", "/admin-api.php/contacts?page=1&limit=100");
  return (body.data as { contacts: Contact[] }).contacts;
}

async function byName(name: string): Promise<Contact> {
  const found = (await everyContact()).find((contact) => contact.name === name);
  if (!found) throw new Error(`no message from ${name}`);
  return found;
}

async function setStatus(contact: Contact, status: "read" | "replied" | "closed") {
  const { body } = await adminApi(e2e, e2e.server.token, "PUT", `/admin-api.php/contacts/${contact.id}`, { status });
  if (!body.success) throw new Error(`status: ${body.message}`);
}

const serverStatus = async (id: number) => (await e2e.server.services.contacts.get(id)).status;

async function openScreen(viewport = DESKTOP): Promise<Page> {
  const { page } = await signedInPage(e2e, "/admin/login", { viewport });
  await visit(page, "/admin/contacts");
  await expect.poll(() => page.locator("main h1").textContent(), WAIT).toBe("聯絡表單管理");
  await expect.poll(() => page.getByTestId("contact-counts").or(page.getByTestId("contacts-load-error")).count(), WAIT).toBe(1);
  return page;
}

const rows = (page: Page) => page.getByTestId("contact-row");
const names = (page: Page) => page.getByTestId("contact-name").allTextContents();
const row = (page: Page, name: string) => rows(page).filter({ has: page.getByTestId("contact-name").getByText(name, { exact: true }) });
const rowStatus = (page: Page, name: string) => row(page, name).getByTestId("contact-status").textContent();
const count = (page: Page, status: string) => page.getByTestId(`contact-count-${status}`).getByTestId("contact-count-value").textContent();
const counts = async (page: Page) => [await count(page, "new"), await count(page, "read"), await count(page, "replied"), await count(page, "closed")];
const pageInfo = (page: Page) => page.getByTestId("page-info").textContent();
const filterButton = (page: Page, label: string) => page.getByRole("group", { name: "狀態篩選" }).getByRole("button", { name: label, exact: true });
const detail = (page: Page) => page.locator("dialog[open]").filter({ has: page.getByTestId("contact-detail") });
const notice = (page: Page) => page.getByTestId("contact-notice").textContent();
/** The number on the sidebar's 聯絡表單 badge; empty when it is gone. */
async function badge(page: Page) {
  const element = page.getByTestId("badge-contacts");
  if ((await element.count()) === 0) return "";
  return (await element.evaluate((node) => node.firstChild?.textContent ?? "")).trim();
}

async function openMessage(page: Page, name: string) {
  await row(page, name).click();
  await expect.poll(() => detail(page).isVisible(), WAIT).toBe(true);
  await expect.poll(() => detail(page).getByTestId("detail-name").textContent(), WAIT).toBe(name);
  return detail(page);
}

async function closeMessage(page: Page) {
  await detail(page).getByRole("button", { name: "關閉" }).click();
  await expect.poll(() => detail(page).count(), WAIT).toBe(0);
}

/** Holds the PUTs of the page until released, to look at the screen before the server has answered. */
async function holdPuts(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const bodies: string[] = [];
  await page.route("**/admin-api.php/contacts/*", async (route: Route) => {
    if (route.request().method() !== "PUT") return route.continue();
    bodies.push(route.request().postData() ?? "");
    await held;
    await route.continue();
  });
  return { release, bodies };
}

beforeEach(async () => {
  await e2e.server.app.database.db.deleteFrom("contacts").execute();
});

describe("the inbox", () => {
  it("says 尚未收到任何聯絡表單 when no message ever came, with every count at 0", async () => {
    const page = await openScreen();
    expect(await page.title()).toBe("聯絡表單 | 後台管理系統");
    expect(await page.getByTestId("contact-empty").textContent()).toBe("尚未收到任何聯絡表單");
    expect(await counts(page)).toEqual(["0", "0", "0", "0"]);
    expect(await rows(page).count()).toBe(0);
    await filterButton(page, "未讀").click();
    await expect.poll(() => page.getByTestId("contact-empty").textContent(), WAIT).toBe("尚未收到任何聯絡表單");
  });

  it("counts each status on its card, lists the newest first ten a page, with name, company, contact, subject, status and time", async () => {
    const sent: Contact[] = [];
    for (let index = 1; index <= 12; index += 1) {
      const label = String(index).padStart(2, "0");
      sent.push(await send({ name: `客戶${label}`, company: `公司${label}`, phone: `02-2345-67${label}`, subject: `主旨${label}` }));
    }
    for (const [index, status] of [[0, "closed"], [1, "closed"], [2, "replied"], [3, "replied"], [4, "replied"], [5, "read"], [6, "read"], [7, "read"]] as const) {
      await setStatus(sent[index]!, status);
    }
    const lists: string[] = [];
    const { page } = await signedInPage(e2e, "/admin/login");
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/admin-api.php/contacts") lists.push(url.search);
    });
    await visit(page, "/admin/contacts");
    await expect.poll(() => names(page), WAIT).toHaveLength(10);

    expect(await counts(page)).toEqual(["4", "3", "3", "2"]);
    expect(await page.getByTestId("contact-counts").locator("dt").allTextContents()).toEqual(["未讀", "已讀", "已回覆", "已結案"]);
    expect(await filterButton(page, "全部").getAttribute("aria-pressed")).toBe("true");
    expect(await page.locator("thead th").allTextContents()).toEqual(["姓名", "聯絡方式", "主旨", "狀態", "收到時間", "操作"]);
    expect(await names(page)).toEqual(["客戶12", "客戶11", "客戶10", "客戶09", "客戶08", "客戶07", "客戶06", "客戶05", "客戶04", "客戶03"]);
    expect(await pageInfo(page)).toBe("共 12 筆，第 1 / 2 頁");
    expect(lists[0]).toBe("?page=1&limit=10");

    const newest = row(page, "客戶12");
    const text = await newest.textContent();
    for (const part of ["公司12", "visitor@example.com", "02-2345-6712", "主旨12", "未讀"]) expect(text).toContain(part);
    expect(await newest.getByTestId("contact-time").textContent()).toBe(formatDateTime(sent[11]!.created_at));
    expect(await newest.getByTestId("contact-time").textContent()).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await rowStatus(page, "客戶08")).toBe("已讀");
    expect(await rowStatus(page, "客戶05")).toBe("已回覆");

    const pages = page.getByRole("navigation", { name: "分頁" });
    expect(await pages.getByRole("button", { name: "上一頁" }).isDisabled()).toBe(true);
    await pages.getByRole("button", { name: "下一頁" }).click();
    await expect.poll(() => names(page), WAIT).toEqual(["客戶02", "客戶01"]);
    expect(await rowStatus(page, "客戶01")).toBe("已結案");
    expect(await pageInfo(page)).toBe("共 12 筆，第 2 / 2 頁");
    expect(await pages.getByRole("button", { name: "第 2 頁" }).getAttribute("aria-current")).toBe("page");
    expect(await pages.getByRole("button", { name: "下一頁" }).isDisabled()).toBe(true);
    expect(lists).toContain("?page=2&limit=10");
    await pages.getByRole("button", { name: "第 1 頁" }).click();
    await expect.poll(() => names(page), WAIT).toHaveLength(10);
    expect(await pageInfo(page)).toBe("共 12 筆，第 1 / 2 頁");

    // A filter starts again from its first page.
    await pages.getByRole("button", { name: "第 2 頁" }).click();
    await expect.poll(() => pageInfo(page), WAIT).toBe("共 12 筆，第 2 / 2 頁");
    await filterButton(page, "已讀").click();
    await expect.poll(() => names(page), WAIT).toEqual(["客戶08", "客戶07", "客戶06"]);
    expect(await pageInfo(page)).toBe("共 3 筆，第 1 / 1 頁");
    expect(lists).toContain("?page=1&limit=10&status=read");
  });

  it("filters by status: all plus the four, and says 沒有符合條件的聯絡表單 when a status has none", async () => {
    await send({ name: "甲先生" });
    const replied = await send({ name: "乙小姐" });
    await send({ name: "丙太太" });
    await setStatus(replied, "replied");
    const page = await openScreen();
    expect(await page.getByRole("group", { name: "狀態篩選" }).getByRole("button").allTextContents()).toEqual(["全部", "未讀", "已讀", "已回覆", "已結案"]);
    expect(await names(page)).toEqual(["丙太太", "乙小姐", "甲先生"]);

    await filterButton(page, "已回覆").click();
    await expect.poll(() => names(page), WAIT).toEqual(["乙小姐"]);
    expect(await filterButton(page, "已回覆").getAttribute("aria-pressed")).toBe("true");
    expect(await filterButton(page, "全部").getAttribute("aria-pressed")).toBe("false");
    await filterButton(page, "未讀").click();
    await expect.poll(() => names(page), WAIT).toEqual(["丙太太", "甲先生"]);
    await filterButton(page, "已結案").click();
    await expect.poll(() => page.getByTestId("contact-empty").textContent(), WAIT).toBe("沒有符合條件的聯絡表單");
    // The cards count every message whatever the filter.
    expect(await counts(page)).toEqual(["2", "0", "1", "0"]);
    await filterButton(page, "全部").click();
    await expect.poll(() => names(page), WAIT).toEqual(["丙太太", "乙小姐", "甲先生"]);
  });
});

describe("the search", () => {
  const searchBox = (page: Page) => page.getByRole("searchbox", { name: "搜尋聯絡表單" });

  it("finds a Chinese word and a telephone number typed without dashes, within the status filter, the words marked, kept in the address", async () => {
    await send({ name: "王先生", phone: "0912-345-678", subject: "冷氣清洗", message: "客廳的冷氣需要清洗" });
    await setStatus(await send({ name: "林小姐", subject: "詢問報價", message: "頂樓水塔多久清洗一次？" }), "replied");
    await send({ name: "陳太太", subject: "地毯清潔", message: "請問地毯怎麼收費" });
    const page = await openScreen();
    expect(await searchBox(page).getAttribute("placeholder")).toBe("姓名、電話、Email 或內容");

    await searchBox(page).fill("水塔");
    await expect.poll(() => names(page), WAIT).toEqual(["林小姐"]);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ search: "水塔" });
    // Found in the message, which the list shows around the word.
    expect(await row(page, "林小姐").getByTestId("contact-found").textContent()).toBe("內容：頂樓水塔多久清洗一次？");
    expect(await row(page, "林小姐").locator("mark").allTextContents()).toEqual(["水塔"]);

    await searchBox(page).fill("0912345678");
    await expect.poll(() => names(page), WAIT).toEqual(["王先生"]);
    expect(await row(page, "王先生").getByTestId("contact-phone").locator("mark").allTextContents()).toEqual(["0912-345-678"]);

    // The search and the status filter apply together; the cards still count every message.
    await filterButton(page, "已回覆").click();
    await expect.poll(() => page.getByTestId("contact-empty").textContent(), WAIT).toBe("沒有符合條件的聯絡表單");
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ status: "replied", search: "0912345678" });
    expect(await counts(page)).toEqual(["2", "0", "1", "0"]);
    await searchBox(page).fill("清洗");
    await expect.poll(() => names(page), WAIT).toEqual(["林小姐"]);
    await page.getByRole("button", { name: "清除搜尋" }).click();
    await filterButton(page, "全部").click();
    await expect.poll(() => names(page), WAIT).toEqual(["陳太太", "林小姐", "王先生"]);
    expect(new URL(page.url()).search).toBe("");
  });

  it("says there are more than 10,000 when the server counted no further, with no last page and 下一頁 while the page is full", async () => {
    const full = Array.from({ length: 10 }, (_, index) => ({
      id: index + 1,
      name: `訪客 ${index + 1}`,
      email: "visitor@example.com",
      phone: "",
      company: "",
      subject: "詢問",
      message: "請問價格",
      status: "read",
      source: "",
      suspect_reason: "",
      notice: "sent",
      staff_note: "",
      created_at: "2026-03-04T06:05:09.000Z",
      updated_at: "2026-03-04T06:05:09.000Z",
    }));
    const { page } = await signedInPage(e2e, "/admin/login");
    await page.route(/\/admin-api\.php\/contacts\?/, (route) => {
      const current = Number(new URL(route.request().url()).searchParams.get("page"));
      const pagination = { current_page: current, total_pages: 1000, total: 10_000, per_page: 10, total_capped: true };
      return route.fulfill({ json: { success: true, data: { contacts: full, pagination, counts: { new: 0, read: 12_000, replied: 0, closed: 0, total: 12_000 } } } });
    });
    await visit(page, "/admin/contacts?page=1000");
    await expect.poll(() => pageInfo(page), WAIT).toBe("比 10,000 筆還多，請用搜尋或篩選縮小範圍；第 1000 頁");
    const pages = page.getByRole("navigation", { name: "分頁" });
    expect((await pages.locator("li").allTextContents()).map((text) => text.trim())).toEqual(["上一頁", "1", "…", "998", "999", "1000", "…", "下一頁"]);
    // Past the pages counted, a full page is not sent back to the "last" one.
    await pages.getByRole("button", { name: "下一頁" }).click();
    await expect.poll(() => pageInfo(page), WAIT).toBe("比 10,000 筆還多，請用搜尋或篩選縮小範圍；第 1001 頁");
    expect(await pages.getByRole("button", { name: "下一頁" }).isDisabled()).toBe(false);
    expect(new URL(page.url()).searchParams.get("page")).toBe("1001");
  });
});

describe("a message", () => {
  it("opens whole, and a new one is read at once: row, count and sidebar badge first, then the server", async () => {
    const other = await send({ name: "林先生" });
    const message = await sendOverHttp({
      name: "王小明",
      email: "ming@example.com",
      phone: "0912-345-678",
      company: "小明公寓管委會",
      subject: "水塔清洗報價",
      message: "您好：\n請問社區水塔清洗的報價？\n\n謝謝",
      source: "services",
    });
    expect(message.status).toBe("new");
    const page = await openScreen();
    await expect.poll(() => badge(page), WAIT).toBe("2");
    expect(await counts(page)).toEqual(["2", "0", "0", "0"]);

    const { release, bodies } = await holdPuts(page);
    const dialog = await openMessage(page, "王小明");
    expect(await dialog.locator("h2").textContent()).toBe("聯絡表單詳情");
    expect(await dialog.getByTestId("detail-email").textContent()).toBe("ming@example.com");
    expect(await dialog.getByTestId("detail-phone").textContent()).toBe("0912-345-678");
    expect(await dialog.getByTestId("detail-company").textContent()).toBe("小明公寓管委會");
    expect(await dialog.getByTestId("detail-subject").textContent()).toBe("水塔清洗報價");
    // Where it came from, in words.
    expect(await dialog.getByTestId("detail-source").textContent()).toBe("服務頁面");
    expect(await dialog.getByTestId("detail-time").textContent()).toBe(formatDateTime(message.created_at));
    const body = dialog.getByTestId("detail-message");
    expect(await body.textContent()).toBe("您好：\n請問社區水塔清洗的報價？\n\n謝謝");
    // The line breaks show as lines.
    expect(await body.evaluate((element) => getComputedStyle(element).whiteSpace)).toBe("pre-wrap");
    expect(await body.evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThan(60);
    const labels = await dialog.locator("dt").allTextContents();
    expect([...labels, await dialog.locator("h3").textContent()]).toEqual(["姓名", "Email", "電話", "公司", "主旨", "收到時間", "來源", "訊息內容"]);

    const reply = dialog.getByRole("link", { name: "以 Email 回覆" });
    const href = (await reply.getAttribute("href"))!;
    expect(href.startsWith("mailto:ming@example.com?")).toBe(true);
    expect(new URL(href).searchParams.get("subject")).toBe("Re: 水塔清洗報價");
    expect(await dialog.getByRole("link", { name: "撥打電話" }).getAttribute("href")).toBe("tel:0912345678");

    // Read here before the server has answered.
    await expect.poll(() => rowStatus(page, "王小明"), WAIT).toBe("已讀");
    expect(await counts(page)).toEqual(["1", "1", "0", "0"]);
    await expect.poll(() => badge(page), WAIT).toBe("1");
    expect(await serverStatus(message.id)).toBe("new");
    expect(bodies).toEqual(['{"status":"read"}']);

    release();
    await expect.poll(() => serverStatus(message.id), WAIT).toBe("read");
    expect(await serverStatus(other.id)).toBe("new");
    // The server's own count agrees, and the badge stays where it is.
    const polled = page.waitForResponse((response) => response.url().endsWith("/admin-api.php/notifications"));
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await polled;
    expect(await badge(page)).toBe("1");
    await closeMessage(page);
    await expect.poll(() => counts(page), WAIT).toEqual(["1", "1", "0", "0"]);
  });

  it("a message sent faster than a person types is kept and shown as 可能是垃圾訊息, with its reason in words", async () => {
    await send({ name: "手快的訪客", rendered_at: Date.now() - 500 });
    await send({ name: "一般訪客" });
    const page = await openScreen();
    await expect.poll(() => rows(page).count(), WAIT).toBe(2);
    expect(await row(page, "手快的訪客").getByTestId("contact-suspect").textContent()).toBe("可能是垃圾訊息");
    expect(await row(page, "一般訪客").getByTestId("contact-suspect").count()).toBe(0);
    const opened = await openMessage(page, "手快的訪客");
    expect(await opened.getByTestId("detail-suspect").textContent()).toContain("可能是垃圾訊息：表單開啟後不到 3 秒就送出");
    await closeMessage(page);
    expect(await (await openMessage(page, "一般訪客")).getByTestId("detail-suspect").count()).toBe(0);
  });

  it("puts a new message back when the server refuses to mark it read, and says why", async () => {
    e2e.expectConsoleError(/status of 500/);
    await send({ name: "陳小姐" });
    const page = await openScreen();
    await expect.poll(() => badge(page), WAIT).toBe("1");
    await page.route("**/admin-api.php/contacts/*", (route) =>
      route.request().method() === "PUT" ? route.fulfill({ status: 500, contentType: "application/json", body: '{"success":false,"message":"資料庫忙碌中"}' }) : route.continue(),
    );
    const dialog = await openMessage(page, "陳小姐");
    // The message is said inside the open dialog, where the eye is.
    await expect.poll(() => dialog.getByTestId("contact-error").textContent(), WAIT).toContain("資料庫忙碌中");
    await expect.poll(() => rowStatus(page, "陳小姐"), WAIT).toBe("未讀");
    expect(await count(page, "new")).toBe("1");
    await expect.poll(() => badge(page), WAIT).toBe("1");
    expect(await dialog.getByTestId("contact-status").textContent()).toBe("未讀");
    expect(await serverStatus((await byName("陳小姐")).id)).toBe("new");
  });

  it("changes its status with the selector, which offers only 已讀, 已回覆 and 已結案; the server keeps it", async () => {
    const message = await send({ name: "張先生", phone: "" });
    await setStatus(message, "read");
    const page = await openScreen();
    // From the keyboard: the row's 查看 button.
    await row(page, "張先生").getByRole("button", { name: /^查看/ }).press("Enter");
    const dialog = detail(page);
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
    const selector = dialog.getByLabel("狀態");
    expect(await selector.locator("option").allTextContents()).toEqual(["已讀", "已回覆", "已結案"]);
    expect(await selector.inputValue()).toBe("read");
    // No phone: nothing to call, and the field says so.
    expect(await dialog.getByRole("link", { name: "撥打電話" }).count()).toBe(0);
    expect(await dialog.getByTestId("detail-phone").textContent()).toBe("未提供");
    expect(await dialog.getByTestId("detail-source").textContent()).toBe("聯絡我們頁面（直接填寫）");

    await selector.selectOption({ label: "已回覆" });
    await expect.poll(() => notice(page), WAIT).toBe("狀態已更新");
    // The toast shows inside the dialog, within the window.
    expect(await dialog.getByTestId("contact-notice").count()).toBe(1);
    const box = (await page.getByTestId("contact-notice").boundingBox())!;
    expect(box.y >= 0 && box.y + box.height <= page.viewportSize()!.height).toBe(true);
    await expect.poll(() => serverStatus(message.id), WAIT).toBe("replied");
    expect(await dialog.getByTestId("contact-status").textContent()).toBe("已回覆");
    await expect.poll(() => rowStatus(page, "張先生"), WAIT).toBe("已回覆");
    await expect.poll(() => counts(page), WAIT).toEqual(["0", "0", "1", "0"]);

    await selector.selectOption({ label: "已結案" });
    await expect.poll(() => serverStatus(message.id), WAIT).toBe("closed");
    await expect.poll(() => rowStatus(page, "張先生"), WAIT).toBe("已結案");
  });

  it("keeps a staff note (asking before a typed one is thrown away), and after 以 Email 回覆 offers to mark it 已回覆", async () => {
    const message = await send({ name: "林先生", source: "portfolio" });
    await setStatus(message, "read");
    const page = await openScreen();
    const dialog = await openMessage(page, "林先生");
    expect(await dialog.getByTestId("detail-source").textContent()).toBe("作品集頁面");

    await dialog.getByLabel(/^內部備註/).fill("已電話聯絡，週五到府估價");
    await page.keyboard.press("Escape");
    expect((await answerConfirm(page, "cancel")).confirmLabel).toBe("放棄變更");
    await dialog.getByRole("button", { name: "儲存備註" }).click();
    await expect.poll(() => notice(page), WAIT).toBe("備註已儲存");
    expect((await e2e.server.services.contacts.get(message.id)).staff_note).toBe("已電話聯絡，週五到府估價");

    expect(await dialog.getByTestId("detail-replied-prompt").count()).toBe(0);
    // The mail program is the browser's business: the link's own navigation is held back here.
    await page.evaluate(() => document.addEventListener("click", (event) => (event.target as Element).closest("a[href^='mailto:']") && event.preventDefault(), true));
    await dialog.getByRole("link", { name: "以 Email 回覆" }).click();
    expect(await dialog.getByTestId("detail-replied-prompt").textContent()).toBe("已用 Email 回覆了嗎？標記為已回覆");
    await dialog.getByRole("button", { name: "標記為已回覆" }).click();
    await expect.poll(() => serverStatus(message.id), WAIT).toBe("replied");
    await expect.poll(() => dialog.getByTestId("detail-replied-prompt").count(), WAIT).toBe(0);
    // Saved: closing asks nothing.
    await closeMessage(page);
  });

  it("says 操作失敗 when a status change fails without the server's words", async () => {
    e2e.expectConsoleError(/status of 502/);
    const message = await send({ name: "周小姐" });
    await setStatus(message, "read");
    const page = await openScreen();
    await page.route("**/admin-api.php/contacts/*", (route) => (route.request().method() === "PUT" ? route.fulfill({ status: 502, body: "Bad Gateway" }) : route.continue()));
    const dialog = await openMessage(page, "周小姐");
    await dialog.getByLabel("狀態").selectOption({ label: "已結案" });
    await expect.poll(() => dialog.getByTestId("contact-error").textContent(), WAIT).toBe("操作失敗");
    expect(await dialog.getByLabel("狀態").inputValue()).toBe("read");
    expect(await serverStatus(message.id)).toBe("read");
  });

  it("deletes only after our own confirmation naming the sender; the last message of a page sends back to the page before", async () => {
    const target = await send({ name: "王小明", subject: "冷氣清洗" });
    for (let index = 1; index <= 10; index += 1) await send({ name: `訪客${String(index).padStart(2, "0")}` });
    const page = await openScreen();
    await page.getByRole("navigation", { name: "分頁" }).getByRole("button", { name: "第 2 頁" }).click();
    await expect.poll(() => names(page), WAIT).toEqual(["王小明"]);
    const dialog = await openMessage(page, "王小明");

    await dialog.getByRole("button", { name: "刪除" }).click();
    expect(await answerConfirm(page, "cancel")).toEqual({
      title: "刪除聯絡表單",
      message: "確定要刪除「王小明」的聯絡表單嗎？此動作無法復原。",
      items: ["冷氣清洗"],
      confirmLabel: "刪除",
    });
    expect(await detail(page).isVisible()).toBe(true);
    expect((await everyContact()).some((contact) => contact.id === target.id)).toBe(true);

    await dialog.getByRole("button", { name: "刪除" }).click();
    await answerConfirm(page, "confirm");
    await expect.poll(() => notice(page), WAIT).toBe("聯絡表單已刪除");
    const box = (await page.getByTestId("contact-notice").boundingBox())!;
    expect(box.y >= 0 && box.y + box.height <= page.viewportSize()!.height).toBe(true);
    expect(await detail(page).count()).toBe(0);
    await expect.poll(() => pageInfo(page), WAIT).toBe("共 10 筆，第 1 / 1 頁");
    expect(await rows(page).count()).toBe(10);
    expect((await everyContact()).some((contact) => contact.id === target.id)).toBe(false);
    await expect.poll(() => count(page, "new"), WAIT).toBe("10");
  });

  it("says 刪除失敗 when a delete fails, and keeps the message", async () => {
    e2e.expectConsoleError(/status of 500/);
    const message = await send({ name: "吳先生" });
    const page = await openScreen();
    await page.route("**/admin-api.php/contacts/*", (route) => (route.request().method() === "DELETE" ? route.fulfill({ status: 500, body: "oops" }) : route.continue()));
    const dialog = await openMessage(page, "吳先生");
    await dialog.getByRole("button", { name: "刪除" }).click();
    await answerConfirm(page, "confirm");
    await expect.poll(() => dialog.getByTestId("contact-error").textContent(), WAIT).toBe("刪除失敗");
    expect(await confirmDialog(page).count()).toBe(0);
    expect((await everyContact()).map((contact) => contact.id)).toEqual([message.id]);
  });

  it("says why the list did not load, and loads it again on 重新載入", async () => {
    e2e.expectConsoleError(/status of 500/);
    await send({ name: "黃小姐" });
    const { page } = await signedInPage(e2e, "/admin/login");
    let failing = true;
    await page.route(/\/admin-api\.php\/contacts\?/, (route) =>
      failing ? route.fulfill({ status: 500, contentType: "application/json", body: '{"success":false,"message":"資料庫忙碌中"}' }) : route.continue(),
    );
    await visit(page, "/admin/contacts");
    const error = page.getByTestId("contacts-load-error");
    await expect.poll(() => error.textContent(), WAIT).toContain("資料庫忙碌中");
    failing = false;
    await error.getByRole("button", { name: "重新載入" }).click();
    await expect.poll(() => names(page), WAIT).toEqual(["黃小姐"]);
    expect(await error.count()).toBe(0);
  });
});

describe.each([
  { name: "desktop", viewport: DESKTOP },
  { name: "phone", viewport: MOBILE },
])("accessibility at $name width", ({ name, viewport }) => {
  async function expectAccessible(page: Page, where: string) {
    expect.soft(await axeViolations(page), `axe on ${where}`).toEqual([]);
    if (viewport.width <= MOBILE.width) {
      expect.soft(await smallTapTargets(page), `tap targets under 44×44 px on ${where}`).toEqual([]);
      expect.soft(await unnamedControls(page), `buttons and links without a name on ${where}`).toEqual([]);
    }
  }

  it("the screen, an open message, a toast and the confirmation", async () => {
    for (let index = 1; index <= 11; index += 1) {
      // The last one was sent within a second of its form: it shows as 可能是垃圾訊息.
      await send({ name: `客戶${index}`, company: index % 2 ? "基隆清潔行" : "", phone: index % 3 ? "02-2345-6789" : "", subject: index === 11 ? "" : `主旨 ${index}`, ...(index === 11 ? { rendered_at: Date.now() } : {}) });
    }
    await setStatus(await byName("客戶1"), "replied");
    await setStatus(await byName("客戶2"), "closed");
    await setStatus(await byName("客戶3"), "read");
    const page = await openScreen(viewport);
    await expect.poll(() => rows(page).count(), WAIT).toBe(10);
    // A table where there is room, one card a message on a phone.
    expect(await page.getByTestId("contact-list").getAttribute("data-layout")).toBe(viewport.width <= MOBILE.width ? "cards" : "table");
    // Nothing wider than the window on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page, `/admin/contacts (${name})`);

    await filterButton(page, "已結案").click();
    await expect.poll(() => rows(page).count(), WAIT).toBe(1);
    await expectAccessible(page, `/admin/contacts filtered (${name})`);
    await filterButton(page, "全部").click();
    await expect.poll(() => rows(page).count(), WAIT).toBe(10);

    // A search's results, the words marked.
    await page.getByRole("searchbox", { name: "搜尋聯絡表單" }).fill("基隆");
    await expect.poll(() => rows(page).count(), WAIT).toBe(6);
    expect(await page.getByTestId("contact-list").locator("mark").count()).toBe(6);
    await expectAccessible(page, `/admin/contacts searched (${name})`);
    await page.getByRole("button", { name: "清除搜尋" }).click();
    await expect.poll(() => rows(page).count(), WAIT).toBe(10);

    await row(page, "客戶11").getByRole("button", { name: /^查看/ }).click();
    await expect.poll(() => detail(page).isVisible(), WAIT).toBe(true);
    await expectAccessible(page, `an open message (${name})`);

    await detail(page).getByLabel("狀態").selectOption({ label: "已回覆" });
    await expect.poll(() => notice(page), WAIT).toBe("狀態已更新");
    await expectAccessible(page, `a toast over an open message (${name})`);

    await detail(page).getByRole("button", { name: "刪除" }).click();
    await confirmDialog(page).waitFor({ state: "visible" });
    await expectAccessible(page, `the delete confirmation (${name})`);
    await answerConfirm(page, "cancel");
    await closeMessage(page);

    await e2e.server.app.database.db.deleteFrom("contacts").execute();
    await visit(page, "/admin/contacts");
    await expect.poll(() => page.getByTestId("contact-empty").textContent(), WAIT).toBe("尚未收到任何聯絡表單");
    await expectAccessible(page, `the empty inbox (${name})`);
  });
});
