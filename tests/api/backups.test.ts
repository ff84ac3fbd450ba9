// 備份與還原 (issue 26) through the API, on SQLite and PostgreSQL: 立即備份 as a
// job with its record (one at a time), the list, the download (only names we
// know, streamed, by a link whose ticket works once, for a minute, for that
// archive, on any instance), the delete, keep-the-last-N, the backup_frequency schedule
// (re-planned when the setting changes, run once by two job runners on one
// database), a failure kept in words, and the restore of an uploaded archive
// (the password again, a damaged archive changes nothing, caches dropped).
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { BackupDownloadLink, BackupEntry, BackupsOverview, BackupSummary } from "#contract/backups.ts";
import { buildApp } from "#server/app.ts";
import { backupDirOf } from "#server/env.ts";
import { createJobQueue } from "#server/jobs/job-queue.ts";
import { BACKUP_SCHEDULE, registerBackupJobs } from "#server/modules/backups/backup-schedule.ts";
import { makeBackup } from "#server/modules/backups/make-backup.ts";
import { bearer, createAdmin, sessionToken } from "#tests/factories/admin.factory.ts";
import { multipart, type MultipartPart } from "#tests/factories/media.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const ARCHIVE_NAME = /^backup-\d{4}-\d{2}-\d{2}T\d{4}Z(?:-\d+)?\.tar\.gz$/;
const HAN = /\p{Script=Han}/u;
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let token: string;
let password: string;
let backupDir: string;

beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
  const admin = await createAdmin(t);
  password = admin.password;
  token = await sessionToken(t, admin.id);
  backupDir = backupDirOf(t.env);
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = bearer(token)) => t.app.inject({ method: "GET", url, headers });
const overview = async () => (await get("/admin-api.php/backups")).json().data as BackupsOverview;
const startBackup = (headers: Record<string, string> = bearer(token)) => t.app.inject({ method: "POST", url: "/admin-api.php/backups", headers });
const saveSettings = (settings: Record<string, string>) => t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: bearer(token), payload: settings });
const archivesOnDisk = async () => (await readdir(backupDir)).filter((name) => ARCHIVE_NAME.test(name)).sort();
const scheduleJobs = () => t.database.db.selectFrom("jobs").selectAll().where("kind", "=", BACKUP_SCHEDULE).execute();

/** 立即備份, and the job that makes it; answers the finished entry. */
async function backUpNow(): Promise<BackupEntry> {
  const started = await startBackup();
  expect(started.statusCode).toBe(202);
  const { id } = started.json().data as { id: number };
  await t.jobs.runDue();
  return (await overview()).backups.find((entry) => entry.id === id)!;
}

function restore(parts: MultipartPart[], headers: Record<string, string> = bearer(token)) {
  const body = multipart(parts);
  return t.app.inject({ method: "POST", url: "/admin-api.php/backups/restore", headers: { ...headers, ...body.headers }, payload: body.payload });
}
/** The download link the screen asks for (as this administrator). */
const askLink = (name: string, headers: Record<string, string> = bearer(token)) =>
  t.app.inject({ method: "POST", url: `/admin-api.php/backups/files/${name}/download-link`, headers });
const linkTo = async (name: string) => (await askLink(name)).json().data as BackupDownloadLink;
/** The browser following a link: no bearer token. */
const follow = (url: string) => t.app.inject({ method: "GET", url });
/** An archive downloaded as the screen does: a link, then the link. */
const download = async (name: string) => follow((await linkTo(name)).url);

const archivePart = (content: Buffer): MultipartPart => ({ name: "file", content, filename: "site.tar.gz", contentType: "application/gzip" });

describe("without a valid token", () => {
  it("every backup call answers 401", async () => {
    for (const headers of [{}, bearer("not-a-real-token-000000000000")] as Record<string, string>[]) {
      expect((await get("/admin-api.php/backups", headers)).statusCode).toBe(401);
      expect((await get("/admin-api.php/backups/latest", headers)).statusCode).toBe(401);
      expect((await startBackup(headers)).statusCode).toBe(401);
      expect((await askLink("backup-2026-01-01T0000Z.tar.gz", headers)).statusCode).toBe(401);
      expect((await get("/admin-api.php/backups/files/backup-2026-01-01T0000Z.tar.gz", headers)).statusCode).toBe(401);
      expect((await t.app.inject({ method: "DELETE", url: "/admin-api.php/backups/files/backup-2026-01-01T0000Z.tar.gz", headers })).statusCode).toBe(401);
      expect((await restore([{ name: "password", value: password }], headers)).statusCode).toBe(401);
    }
  });
});

describe("立即備份, the list and the download", () => {
  let made: BackupEntry;

  it("before the first backup: nothing listed, the schedule planned for the night", async () => {
    const first = await overview();
    expect(first.backups).toEqual([]);
    expect(first.last).toBeNull();
    expect(first.schedule).toMatchObject({ frequency: "daily", keep: 7 });
    // The first automatic backup is at 03:00 in Taiwan (19:00 UTC), within a day.
    const next = new Date(first.schedule.next_run_at!);
    expect(next.getUTCHours()).toBe(19);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(DAY_MS);
    expect(await scheduleJobs()).toHaveLength(1);
  });

  it("makes a backup as a job: running at once (a second one is a 409), then listed with its size", async () => {
    const started = await startBackup();
    expect(started.statusCode).toBe(202);
    expect(started.json().message).toMatch(HAN);
    const running = await overview();
    expect(running.running).toMatchObject({ id: started.json().data.id, status: "running", trigger: "manual" });

    const again = await startBackup();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: "已有備份正在進行，請等它完成後再試" });

    await t.jobs.runDue();
    const done = await overview();
    expect(done.running).toBeNull();
    made = done.backups[0]!;
    expect(made).toMatchObject({ status: "succeeded", trigger: "manual", error: "", available: true });
    expect(made.file_name).toMatch(ARCHIVE_NAME);
    expect(made.size).toBeGreaterThan(100);
    expect(done.last).toEqual(made);
    expect(await archivesOnDisk()).toEqual([made.file_name]);
    // The schedule now counts from this backup.
    expect(Date.parse(done.schedule.next_run_at!) - Date.parse(made.started_at)).toBe(DAY_MS);
    const summary = (await get("/admin-api.php/backups/latest")).json().data as BackupSummary;
    expect(summary.last).toEqual(made);
  });

  it("downloads the archive by its link as an attachment, byte for byte, with its length", async () => {
    const answer = await download(made.file_name);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-disposition"]).toBe(`attachment; filename="${made.file_name}"; filename*=UTF-8''${made.file_name}`);
    expect(answer.headers["content-type"]).toBe("application/gzip");
    expect(Number(answer.headers["content-length"])).toBe(made.size);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.rawPayload.equals(await readFile(path.join(backupDir, made.file_name)))).toBe(true);
    expect(gunzipSync(answer.rawPayload).includes("manifest.json")).toBe(true);
  });

  it("answers 404 for a name not in the list, and never reads outside the folder", async () => {
    for (const name of ["backup-2020-01-01T0000Z.tar.gz", "..%2F..%2Fsite.db", "%2Fetc%2Fpasswd", "site.db", `..%2Fbackups%2F${made.file_name}`]) {
      const answer = await askLink(name);
      expect(answer.statusCode, name).toBe(404);
      expect(answer.json().message).toBe("找不到這個備份檔");
      // Without a ticket nothing is said about the name, known or not.
      expect((await follow(`/admin-api.php/backups/files/${name}`)).statusCode, name).toBe(401);
      const removal = await t.app.inject({ method: "DELETE", url: `/admin-api.php/backups/files/${name}`, headers: bearer(token) });
      expect(removal.statusCode, name).toBe(404);
    }
  });

  it("lists an archive `npm run backup` wrote as 手動備份 from the server, downloadable and deletable", async () => {
    const byCommand = await makeBackup({ db: t.database.db, flavour: t.database.flavour, storage: t.storage }, backupDir, { now: new Date("2026-01-02T03:04:00Z") });
    const listed = (await overview()).backups.find((entry) => entry.file_name === byCommand.name);
    expect(listed).toMatchObject({ id: null, trigger: "command", status: "succeeded", size: byCommand.size, available: true });
    expect((await download(byCommand.name)).statusCode).toBe(200);
    const removal = await t.app.inject({ method: "DELETE", url: `/admin-api.php/backups/files/${byCommand.name}`, headers: bearer(token) });
    expect(removal.statusCode).toBe(200);
    expect(await archivesOnDisk()).toEqual([made.file_name]);
  });
});

describe("the download link", () => {
  let archive: string;
  let other: string;

  beforeAll(async () => {
    archive = (await backUpNow()).file_name;
    other = (await makeBackup({ db: t.database.db, flavour: t.database.flavour, storage: t.storage }, backupDir, { now: new Date("2026-01-03T03:04:00Z") })).name;
  });

  /** The link's parts: path, and its ticket's session, expiry and signature. */
  function partsOf(url: string) {
    const [pathname, query] = url.split("?ticket=") as [string, string];
    const [tokenId, expires, mac] = query.split(".") as [string, string, string];
    return { pathname, tokenId, expires, mac };
  }

  it("is an address for this archive, for about a minute", async () => {
    const answer = await askLink(archive);
    expect(answer.statusCode).toBe(200);
    const link = answer.json().data as BackupDownloadLink;
    expect(link.url).toMatch(new RegExp(`^/admin-api\\.php/backups/files/${archive.replaceAll(".", "\\.")}\\?ticket=\\d+\\.\\d{13}\\.[\\w-]{43}$`));
    const left = Date.parse(link.expires_at) - Date.now();
    expect(left).toBeGreaterThan(50_000);
    expect(left).toBeLessThanOrEqual(60_000);
  });

  it("works once: the same link again is refused", async () => {
    const { url } = await linkTo(archive);
    expect((await follow(url)).statusCode).toBe(200);
    const again = await follow(url);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ success: false, message: "下載連結已失效，請回到備份與還原重新下載" });
  });

  it("is refused without a ticket, even with the administrator's token", async () => {
    for (const headers of [{}, bearer(token)]) {
      const answer = await get(`/admin-api.php/backups/files/${archive}`, headers);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ success: false, message: "請從後台的備份與還原下載備份檔" });
    }
  });

  it("opens only the archive it was given for, and nothing changed or made up", async () => {
    const { url } = await linkTo(archive);
    const { pathname, tokenId, expires, mac } = partsOf(url);
    const otherPath = `/admin-api.php/backups/files/${other}`;
    const refused = [
      `${otherPath}?ticket=${tokenId}.${expires}.${mac}`,
      `${pathname}?ticket=${Number(tokenId) + 1}.${expires}.${mac}`,
      `${pathname}?ticket=${tokenId}.${Number(expires) + 1000}.${mac}`,
      `${pathname}?ticket=${tokenId}.${expires}.${"A".repeat(43)}`,
      `${pathname}?ticket=${tokenId}.${expires}`,
      `${pathname}?ticket=${mac}`,
    ];
    for (const attempt of refused) expect((await follow(attempt)).statusCode, attempt).toBe(401);
    // None of those spent it.
    expect((await follow(url)).statusCode).toBe(200);
    expect((await download(other)).statusCode).toBe(200);
  });

  it("is refused once it has expired", async () => {
    const { url, expires_at } = await linkTo(archive);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.parse(expires_at) + 1);
      expect((await follow(url)).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it("ends when the session that asked for it signs out", async () => {
    const own = await sessionToken(t, (await createAdmin(t)).id);
    const { url } = (await askLink(archive, bearer(own))).json().data as BackupDownloadLink;
    expect((await t.app.inject({ method: "POST", url: "/admin-api.php/logout", headers: bearer(own) })).statusCode).toBe(200);
    expect((await follow(url)).statusCode).toBe(401);
  });

  it("answers 404 when the archive was deleted after the link was given", async () => {
    const { url } = await linkTo(other);
    expect((await t.app.inject({ method: "DELETE", url: `/admin-api.php/backups/files/${other}`, headers: bearer(token) })).statusCode).toBe(200);
    const answer = await follow(url);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe("找不到這個備份檔");
  });

  it("works on another instance of the site, and then on neither", async () => {
    const second = await buildApp({ env: t.env, web: false, runJobs: false, logger: false });
    try {
      await second.app.ready();
      const { url } = await linkTo(archive);
      expect((await second.app.inject({ method: "GET", url })).statusCode).toBe(200);
      expect((await second.app.inject({ method: "GET", url })).statusCode).toBe(401);
      expect((await follow(url)).statusCode).toBe(401);
    } finally {
      await second.app.close();
    }
  });
});

describe("keep the last N", () => {
  it("refuses a keep outside 1–100 per field", async () => {
    for (const value of ["0", "101", "abc"]) {
      const answer = await saveSettings({ backup_keep: value });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors.backup_keep).toMatch(/保留備份份數/);
    }
  });

  it("deletes the archives (and their records) beyond the newest N, never the one just made", async () => {
    expect((await saveSettings({ backup_keep: "2" })).statusCode).toBe(200);
    const made = [await backUpNow(), await backUpNow(), await backUpNow()];
    const kept = (await overview()).backups.filter((entry) => entry.trigger !== "command");
    expect(kept.map((entry) => entry.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect(await archivesOnDisk()).toEqual([made[1]!.file_name, made[2]!.file_name].sort());

    expect((await saveSettings({ backup_keep: "1" })).statusCode).toBe(200);
    const last = await backUpNow();
    expect((await overview()).backups.map((entry) => entry.id)).toEqual([last.id]);
    expect(await archivesOnDisk()).toEqual([last.file_name]);
    expect((await saveSettings({ backup_keep: "7" })).statusCode).toBe(200);
  });

  it("deletes one archive (record and file); a second delete is a 404", async () => {
    const [entry] = (await overview()).backups;
    const url = `/admin-api.php/backups/files/${entry!.file_name}`;
    const removal = await t.app.inject({ method: "DELETE", url, headers: bearer(token) });
    expect(removal.statusCode).toBe(200);
    expect(removal.json().message).toBe("備份檔已刪除");
    expect((await overview()).backups).toEqual([]);
    expect(await archivesOnDisk()).toEqual([]);
    expect((await t.app.inject({ method: "DELETE", url, headers: bearer(token) })).statusCode).toBe(404);
  });
});

describe("the backup_frequency schedule", () => {
  const logger = pino({ level: "silent" });

  it("re-plans when the setting changes: weekly from the last backup, never plans nothing", async () => {
    const last = await backUpNow();
    expect((await saveSettings({ backup_frequency: "weekly" })).statusCode).toBe(200);
    expect((await overview()).schedule).toMatchObject({ frequency: "weekly", next_run_at: new Date(Date.parse(last.started_at) + 7 * DAY_MS).toISOString() });
    expect(await scheduleJobs()).toHaveLength(1);

    expect((await saveSettings({ backup_frequency: "never" })).statusCode).toBe(200);
    expect((await overview()).schedule).toMatchObject({ frequency: "never", next_run_at: null });
    expect(await scheduleJobs()).toEqual([]);

    expect((await saveSettings({ backup_frequency: "daily" })).statusCode).toBe(200);
    expect(await scheduleJobs()).toHaveLength(1);
  });

  /** Another instance's job runner on the same database; its archives wait for `gate` when given one. */
  function runner(options: { clock?: () => Date; gate?: Promise<void> } = {}) {
    const queue = createJobQueue({ db: t.database.db, flavour: t.database.flavour, logger, clock: options.clock });
    registerBackupJobs({
      jobs: queue,
      run: t.services.run,
      operations: t.services.operations.backups,
      makeArchive: async () => {
        await options.gate;
        return makeBackup({ db: t.database.db, flavour: t.database.flavour, storage: t.storage }, backupDir);
      },
      logger,
    });
    return queue;
  }

  it("runs once when it is due, with two instances and their job runners on one database, and plans the next", async () => {
    const before = (await overview()).backups.length;
    // Both instances plan at start-up: one job.
    await Promise.all([t.services.backups.ensurePlan(), t.services.backups.ensurePlan()]);
    expect(await scheduleJobs()).toHaveLength(1);
    await t.database.db.updateTable("jobs").set({ run_at: new Date(Date.now() - 1000).toISOString() }).where("kind", "=", BACKUP_SCHEDULE).execute();

    await Promise.all([t.jobs.runDue(), runner().runDue(), t.jobs.runDue(), runner().runDue()]);

    const after = await overview();
    expect(after.backups).toHaveLength(before + 1);
    expect(after.backups[0]).toMatchObject({ trigger: "schedule", status: "succeeded" });
    const planned = await scheduleJobs();
    expect(planned).toHaveLength(1);
    expect(Date.parse(planned[0]!.run_at) - Date.parse(after.backups[0]!.started_at)).toBe(DAY_MS);
  });

  it("a backup longer than the job's lease is not made twice: the runner that takes the job again finds it alive", async () => {
    const before = (await overview()).backups.length;
    await t.database.db.updateTable("jobs").set({ run_at: new Date(Date.now() - 1000).toISOString() }).where("kind", "=", BACKUP_SCHEDULE).execute();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const slow = runner({ gate }).runDue();
    await expect.poll(async () => (await overview()).running?.trigger).toBe("schedule");
    // Six minutes on, for the second runner: the first one's five-minute lease has run out.
    const later = runner({ clock: () => new Date(Date.now() + 6 * 60_000) });
    expect(await later.runDue()).toBe(1);
    open();
    await slow;
    const after = await overview();
    expect(after.backups).toHaveLength(before + 1);
    expect(after.backups[0]).toMatchObject({ trigger: "schedule", status: "succeeded" });
    expect(await scheduleJobs()).toHaveLength(1);
  });

  it("a backup whose process died is shown as failed, in words, and does not block the next", async () => {
    expect((await startBackup()).statusCode).toBe(202);
    await t.database.db.updateTable("backup_runs").set({ heartbeat_at: new Date(Date.now() - 10 * 60_000).toISOString() }).where("status", "=", "running").execute();
    const { last, running } = (await get("/admin-api.php/backups/latest")).json().data as BackupSummary;
    expect(running).toBeNull();
    expect(last).toMatchObject({ status: "failed", error: "備份沒有完成：執行備份的伺服器中途停止（例如重新啟動），請再備份一次" });
    expect((await startBackup()).statusCode).toBe(202);
    await t.jobs.runDue();
    expect((await overview()).backups.slice(0, 2).map((entry) => entry.status)).toEqual(["succeeded", "failed"]);
  });

  it("keeps a failure with its reason in words, shown as the last result", async () => {
    const failing = createJobQueue({ db: t.database.db, flavour: t.database.flavour, logger });
    registerBackupJobs({
      jobs: failing,
      run: t.services.run,
      operations: t.services.operations.backups,
      makeArchive: async () => {
        throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      },
      logger,
    });
    expect((await startBackup()).statusCode).toBe(202);
    await failing.runDue();
    const { last } = (await get("/admin-api.php/backups/latest")).json().data as BackupSummary;
    expect(last).toMatchObject({ status: "failed", trigger: "manual", file_name: "", available: false });
    expect(last!.error).toBe("備份失敗：伺服器的磁碟空間不足，請清出空間或刪除舊的備份");

    // Pruned like the archives: a failure older than the oldest archive kept goes.
    expect((await saveSettings({ backup_keep: "1" })).statusCode).toBe(200);
    const next = await backUpNow();
    expect((await overview()).backups.map((entry) => entry.id)).toEqual([next.id]);
    expect((await saveSettings({ backup_keep: "7" })).statusCode).toBe(200);
  });
});

describe("restore from an uploaded archive", () => {
  let archive: Buffer;

  beforeAll(async () => {
    expect((await saveSettings({ site_title: "備份當時的標題" })).statusCode).toBe(200);
    const made = await backUpNow();
    archive = (await download(made.file_name)).rawPayload;
    expect((await saveSettings({ site_title: "還原前改過的標題" })).statusCode).toBe(200);
  });

  const siteTitle = async () => (await t.app.inject({ method: "GET", url: "/api.php/settings" })).json().data.site_title as string;

  it("asks for the password (400 per field), and refuses a wrong one without a change", async () => {
    const missing = await restore([archivePart(archive)]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ password: "請輸入您的登入密碼" });

    const wrong = await restore([{ name: "password", value: "not-my-password" }, archivePart(archive)]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: "密碼錯誤，網站沒有被還原", errors: { password: "密碼錯誤，網站沒有被還原" } });

    const noFile = await restore([{ name: "password", value: password }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors).toEqual({ file: "請選擇要還原的備份檔" });

    const notMultipart = await t.app.inject({ method: "POST", url: "/admin-api.php/backups/restore", headers: bearer(token), payload: { password } });
    expect(notMultipart.statusCode).toBe(400);
    expect(await siteTitle()).toBe("還原前改過的標題");
  });

  it("refuses an archive announced over 2 GB with 413 before reading it", async () => {
    const body = multipart([{ name: "password", value: password }, archivePart(archive)]);
    const answer = await t.app.inject({
      method: "POST",
      url: "/admin-api.php/backups/restore",
      headers: { ...bearer(token), ...body.headers, "content-length": String(3 * 1024 ** 3) },
      payload: body.payload,
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toBe("備份檔超過 2 GB，無法上傳還原");
  });

  it("refuses a damaged archive with its reason in words, and changes nothing", async () => {
    const damaged = Buffer.from(archive);
    // A byte in the middle of the compressed stream: the archive no longer reads as it was made.
    const middle = Math.floor(damaged.length / 2);
    damaged[middle] = damaged[middle]! ^ 0xff;
    const answer = await restore([{ name: "password", value: password }, archivePart(damaged)]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(HAN);
    expect(answer.json().errors.file).toBe(answer.json().message);
    expect(await siteTitle()).toBe("還原前改過的標題");

    const notOurs = await restore([{ name: "password", value: password }, archivePart(Buffer.from("just some text"))]);
    expect(notOurs.statusCode).toBe(400);
    expect(await siteTitle()).toBe("還原前改過的標題");
  });

  it("is refused while a backup runs (409)", async () => {
    expect((await startBackup()).statusCode).toBe(202);
    const answer = await restore([{ name: "password", value: password }, archivePart(archive)]);
    expect(answer.statusCode).toBe(409);
    await t.jobs.runDue();
  });

  it("puts the site back as it was in the archive, drops the cached pages, and says whether the session survived", async () => {
    const listed = (await overview()).backups.map((entry) => [entry.file_name, entry.status]);
    const answer = await restore([{ name: "password", value: password }, archivePart(archive)]);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ success: true, message: "網站已從備份檔還原", data: { signed_out: false } });
    expect(answer.json().data.tables).toBeGreaterThan(20);
    expect(await siteTitle()).toBe("備份當時的標題");
    // No scratch upload is left beside the archives; the schedule is planned for the restored settings.
    expect((await readdir(backupDir)).filter((name) => name.startsWith(".restore-"))).toEqual([]);
    expect(await scheduleJobs()).toHaveLength(1);
    // The list is this server's backup folder, not the archive's: kept as it was.
    expect((await overview()).backups.map((entry) => [entry.file_name, entry.status])).toEqual(listed);

    // An administrator who did not exist when the archive was made is signed out by it.
    const newcomer = await createAdmin(t);
    const newToken = await sessionToken(t, newcomer.id);
    const again = await restore([{ name: "password", value: newcomer.password }, archivePart(archive)], bearer(newToken));
    expect(again.statusCode).toBe(200);
    expect(again.json().data.signed_out).toBe(true);
    expect((await get("/admin-api.php/backups", bearer(newToken))).statusCode).toBe(401);
  });
});
