// 備份與還原 in Chromium (issue 26): 立即備份 shows 備份中… and then the
// backup in the list; 下載 saves the archive (read here) by a link the browser
// downloads itself, never through the page's memory; a setting changed
// after it is put back by 還原… with the downloaded archive and the password
// (the upload answered at once, the restore followed until it ends, then
// everyone signs in again, and the list shows the restore); 刪除 asks in our
// dialog, naming the archive; a refused archive (not ours, a row longer than
// any row can be) says why and that nothing changed; the dashboard shows the last backup's time and
// size; on a phone the screen keeps its 44 px targets.
import { readFile } from "node:fs/promises";
import { gunzipSync, gzipSync } from "node:zlib";
import type { Page } from "playwright-core";
import tar from "tar-stream";
import { describe, expect, it } from "vitest";
import { adminApi, expectPath, signedInPage, submitLogin } from "../support/admin.ts";
import { smallTapTargets } from "../support/axe.ts";
import { MOBILE, SETTLE, visit } from "../support/browser.ts";
import { answerConfirm } from "../support/confirm.ts";
import { useE2E } from "../support/e2e.ts";

const e2e = useE2E();
const WAIT = { ...SETTLE, timeout: 20_000 };
/** The minute in Taiwan it was made, as the screen's clock. */
const ARCHIVE_NAME = /^backup-\d{4}-\d{2}-\d{2}-\d{4}\+0800(?:_\d+)?\.tar\.gz$/;

/** An archive whose first part holds one row of 16 MB: longer than any row of ours (12 MB), refused before the rest is read. */
async function archiveWithLongRow(): Promise<Buffer> {
  const pack = tar.pack();
  pack.entry({ name: "database/contacts.ndjson" }, `${JSON.stringify({ message: "a".repeat(16 * 1024 * 1024) })}\n`);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

const rows = (page: Page) => page.getByTestId("backup-row");
const siteTitle = async () => ((await (await fetch(`${e2e.server.baseUrl}/api.php/settings`)).json()) as { data: { site_title: string } }).data.site_title;

describe("備份與還原", () => {
  it("makes a backup now, downloads it, restores it after a setting changed, signs in again, and deletes it in our dialog", async () => {
    const { page, admin, token } = await signedInPage(e2e, "/admin/backups");
    await page.getByTestId("backups-empty").waitFor();
    const titleWhenBackedUp = await siteTitle();

    await page.getByTestId("backup-now").click();
    await expect.poll(() => page.getByTestId("backup-notice").textContent(), WAIT).toMatch(/備份完成（[\d.]+ (KB|MB)）/);
    await expect.poll(() => page.getByTestId("backup-now").textContent(), WAIT).toBe("立即備份");
    expect(await rows(page).count()).toBe(1);
    const name = (await rows(page).first().getAttribute("data-file-name"))!;
    expect(name).toMatch(ARCHIVE_NAME);
    expect(await rows(page).first().getByTestId("backup-row-status").textContent()).toBe("成功");
    expect(await page.getByTestId("backup-last-status").textContent()).toBe("成功");

    const fetchedArchives: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "GET" && request.url().includes("/admin-api.php/backups/files/") && ["fetch", "xhr"].includes(request.resourceType())) fetchedArchives.push(request.url());
    });
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: `下載 ${name}` }).click()]);
    expect(download.suggestedFilename()).toBe(name);
    expect(download.url()).toMatch(/\?ticket=/);
    expect(fetchedArchives).toEqual([]);
    const archive = await readFile((await download.path())!);
    expect(gunzipSync(archive).includes("manifest.json")).toBe(true);

    // With this session, which the restore ends (the server's own token would not outlive it either).
    expect((await adminApi(e2e, token, "POST", "/admin-api.php/settings", { site_title: "還原前改過的標題" })).status).toBe(200);
    expect(await siteTitle()).toBe("還原前改過的標題");

    await page.getByTestId("restore-open").click();
    const dialog = page.getByRole("dialog", { name: "從備份檔還原網站" });
    await dialog.waitFor();
    const warning = (await dialog.getByTestId("restore-warning").textContent()) ?? "";
    for (const words of ["網站設定", "管理員帳號", "上傳的圖片"]) expect(warning).toContain(words);
    // Refused without the password: the field says so and has the cursor.
    await dialog.getByLabel("備份檔").setInputFiles({ name, mimeType: "application/gzip", buffer: archive });
    await dialog.getByRole("button", { name: "還原網站" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name")), SETTLE).toBe("password");
    await dialog.getByLabel("您的登入密碼").fill(admin.password);
    await dialog.getByRole("button", { name: "還原網站" }).click();
    const signedOut = page.getByTestId("restore-signed-out");
    await signedOut.waitFor(WAIT);
    expect(await signedOut.textContent()).toContain("網站已從備份檔還原");
    expect(await siteTitle()).toBe(titleWhenBackedUp);

    // Everyone signs in again: with the account as it was in the backup.
    await signedOut.getByRole("button", { name: "重新登入" }).click();
    await expectPath(page, "/admin/login");
    await submitLogin(page, admin.email, admin.password);
    await expect.poll(() => new URL(page.url()).pathname, WAIT).not.toBe("/admin/login");
    await visit(page, "/admin/backups");
    const restoreRow = rows(page).filter({ hasText: "從備份檔還原" });
    await restoreRow.waitFor(WAIT);
    expect(await restoreRow.getByTestId("backup-row-status").textContent()).toBe("成功");

    await page.getByRole("button", { name: `刪除 ${name}` }).click();
    const asked = await answerConfirm(page, "confirm");
    expect(asked.title).toBe("刪除備份檔");
    expect(asked.items[0]).toContain(name);
    await expect.poll(() => page.getByTestId("backup-notice").textContent(), WAIT).toBe(`已刪除備份檔「${name}」`);
    await expect.poll(() => page.locator(`[data-file-name="${name}"]`).count(), WAIT).toBe(0);
  });

  it("says why a restore failed and that nothing changed; after a lost connection, that it cannot tell and where to look", async () => {
    const { page, admin } = await signedInPage(e2e, "/admin/backups");
    await page.getByTestId("restore-open").click();
    const dialog = page.getByRole("dialog", { name: "從備份檔還原網站" });
    await dialog.getByLabel("備份檔").setInputFiles({ name: "backup-2026-01-01T0000Z.tar.gz", mimeType: "application/gzip", buffer: Buffer.from("not an archive at all") });
    await dialog.getByLabel("您的登入密碼").fill(admin.password);
    await dialog.getByRole("button", { name: "還原網站" }).click();
    await expect.poll(() => dialog.getByTestId("restore-error").textContent(), WAIT).toBe("這個檔案不是本網站的備份，或已經損毀。網站沒有被變更。");
    // A row longer than any row of ours: refused in seconds, in words.
    await dialog.getByLabel("備份檔").setInputFiles({ name: "site.tar.gz", mimeType: "application/gzip", buffer: await archiveWithLongRow() });
    await dialog.getByRole("button", { name: "還原網站" }).click();
    await expect
      .poll(() => dialog.getByTestId("restore-error").textContent(), WAIT)
      .toBe("這個備份無法還原：「聯絡表單留言」的資料裡有一筆超過 11.44 MB，比網站任何一筆資料可能的長度還長，不是本網站做出的備份，或已經被改過。網站沒有被變更。");

    // The upload's answer never comes: the restore may have started all the same.
    e2e.expectConsoleError(/Failed to load resource/);
    await page.route("**/admin-api.php/backups/restore", (route) => route.abort("connectionreset"));
    await dialog.getByRole("button", { name: "還原網站" }).click();
    const unknown = await dialog.getByTestId("restore-unknown").textContent(WAIT);
    expect(unknown).toMatch(/^無法確定還原是否已經開始/);
    expect(unknown).toContain("備份清單");
    expect(unknown).not.toContain("沒有被變更");
  });

  it("shows the last backup on the dashboard, with a way to the screen", async () => {
    const { page, token } = await signedInPage(e2e, "/admin/dashboard");
    const card = page.getByTestId("dashboard-backup");
    await expect.poll(() => card.getByTestId("backup-last-status").textContent(), WAIT).toMatch(/成功|尚未備份/);
    expect((await adminApi(e2e, token, "POST", "/admin-api.php/backups")).status).toBe(202);
    await expect.poll(async () => (await adminApi(e2e, token, "GET", "/admin-api.php/backups/latest")).body.data, WAIT).toMatchObject({ running: null });
    await visit(page, "/admin/dashboard");
    await expect.poll(() => card.getByTestId("backup-last-status").textContent(), WAIT).toBe("成功");
    expect(await card.getByTestId("backup-last-size").textContent()).toMatch(/^[\d.]+ (KB|MB)$/);
    expect(await card.getByTestId("backup-schedule").textContent()).toMatch(/^每天，保留最新 7 份/);
    await card.getByRole("link", { name: "前往備份與還原" }).click();
    await expect.poll(() => page.locator("main h1").textContent(), WAIT).toBe("備份與還原");
  });

  it("works on a phone: 44 px targets, the rows' buttons named by their archive", async () => {
    const { page } = await signedInPage(e2e, "/admin/backups", { viewport: MOBILE });
    await rows(page).first().waitFor();
    expect(await smallTapTargets(page)).toEqual([]);
    const name = (await rows(page).first().getAttribute("data-file-name"))!;
    expect(await page.getByRole("button", { name: `下載 ${name}` }).isVisible()).toBe(true);
  });
});
