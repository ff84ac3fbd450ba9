// 備份與還原 (issue 26) through the API, on SQLite and PostgreSQL: 立即備份 as a
// job with its record (one at a time), private archives, the list, the download
// (only names we know, streamed, by a link whose ticket works once, for a
// minute, for that archive, on any instance), the delete, keep-the-last-N (the
// archives of `npm run backup` kept), the backup_frequency schedule (at 03:00
// Taiwan time from the last scheduled backup, re-planned when the setting
// changes, run once by two job runners on one database), a failure kept in
// words, leftovers of killed work removed, and the restore of an uploaded
// archive (the password again and its throttle, answered at once and run in
// the background holding the one slot, followed by its ticket, a damaged
// archive or one past the bounds changes nothing and frees the slot in seconds,
// a restore past its time limit gives up and frees it too, the largest rows the
// API takes come back, everyone signed out, caches dropped). Archives are named
// by the minute in Taiwan they were made; those named in UTC before still count.
import { createHash } from "node:crypto";
import { copyFile, mkdir, readdir, readFile, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip, gunzipSync } from "node:zlib";
import pino from "pino";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { BackupDownloadLink, BackupEntry, BackupsOverview, BackupSummary, RestoreProgress, RestoreStarted } from "#contract/backups.ts";
import { buildApp } from "#server/app.ts";
import { backupDirOf } from "#server/env.ts";
import { createJobQueue } from "#server/jobs/job-queue.ts";
import { BACKUP_SCHEDULE, nextQuietHour, quietHourAfter, registerBackupJobs } from "#server/modules/backups/backup-schedule.ts";
import { backupsRepo } from "#server/modules/backups/backups.repo.ts";
import { createBackupsService } from "#server/modules/backups/backups.service.ts";
import { makeBackup } from "#server/modules/backups/make-backup.ts";
import { restoreBackup } from "#server/modules/backups/restore-backup.ts";
import { bearer, createAdmin, sessionToken } from "#tests/factories/admin.factory.ts";
import { multipart, type MultipartPart } from "#tests/factories/media.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const ARCHIVE_NAME = /^backup-\d{4}-\d{2}-\d{2}-\d{4}\+0800(?:_\d+)?\.tar\.gz$/;
const HAN = /\p{Script=Han}/u;
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let adminId: number;
let token: string;
let password: string;
let backupDir: string;

beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
  const admin = await createAdmin(t);
  adminId = admin.id;
  password = admin.password;
  token = await sessionToken(t, admin.id);
  backupDir = backupDirOf(t.env);
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = bearer(token)) => t.app.inject({ method: "GET", url, headers });
const overview = async () => (await get("/admin-api.php/backups")).json().data as BackupsOverview;
const startBackup = (headers: Record<string, string> = bearer(token)) => t.app.inject({ method: "POST", url: "/admin-api.php/backups", headers });
const saveSettings = (settings: Record<string, string>) => t.app.inject({ method: "POST", url: "/admin-api.php/settings", headers: bearer(token), payload: settings });
const archivesOnDisk = async () => (await readdir(backupDir).catch(() => [] as string[])).filter((name) => ARCHIVE_NAME.test(name)).sort();
const modeOf = async (file: string) => (await stat(file)).mode & 0o777;
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

async function gather(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The archive with one more contact, `bytes` long, its checksum recomputed: well formed, and longer than any row can be. */
async function withLongContact(archive: Buffer, bytes: number): Promise<Buffer> {
  const entries: { name: string; content: Buffer }[] = [];
  const extract = tar.extract();
  const reading = pipeline(Readable.from([archive]), createGunzip(), extract);
  for await (const entry of extract) entries.push({ name: entry.header.name, content: await gather(entry as AsyncIterable<Buffer>) });
  await reading;
  const name = "database/contacts.ndjson";
  const part = entries.find((entry) => entry.name === name)!;
  part.content = Buffer.concat([part.content, Buffer.from(`${JSON.stringify({ message: "a".repeat(bytes) })}\n`)]);
  const manifest = entries.find((entry) => entry.name === "manifest.json")!;
  const listed = JSON.parse(manifest.content.toString("utf8")) as { parts: { path: string; bytes: number; sha256: string }[] };
  listed.parts = listed.parts.map((one) => (one.path === name ? { ...one, bytes: part.content.length, sha256: createHash("sha256").update(part.content).digest("hex") } : one));
  manifest.content = Buffer.from(JSON.stringify(listed));
  const pack = tar.pack();
  for (const entry of entries) pack.entry({ name: entry.name }, entry.content);
  pack.finalize();
  return gather(pack.pipe(createGzip()));
}

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
    // A backup asked for by hand leaves the schedule where it was: the next 03:00 in Taiwan.
    expect(done.schedule.next_run_at).toBe(running.schedule.next_run_at);
    expect(done.schedule.next_run_at).toBe(nextQuietHour(new Date(made.started_at)).toISOString());
    const summary = (await get("/admin-api.php/backups/latest")).json().data as BackupSummary;
    expect(summary.last).toEqual(made);
  });

  it("keeps the archive and its folder to the server's user (0600, 0700): it holds password hashes and tokens", async () => {
    expect(await modeOf(path.join(backupDir, made.file_name))).toBe(0o600);
    expect(await modeOf(backupDir)).toBe(0o700);
  });

  it("downloads the archive by its link as an attachment, byte for byte, with its length", async () => {
    const answer = await download(made.file_name);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-disposition"]).toBe(`attachment; filename="${made.file_name}"; filename*=UTF-8''${encodeURIComponent(made.file_name)}`);
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

describe("archive names", () => {
  it("are the minute in Taiwan an archive was made (the time the screen shows), a second in that minute sorting after the first", async () => {
    // 10:15 in Taiwan is 02:15 UTC.
    const at = new Date("2026-12-02T02:15:30Z");
    const source = { db: t.database.db, flavour: t.database.flavour, storage: t.storage };
    const first = await makeBackup(source, backupDir, { now: at });
    const second = await makeBackup(source, backupDir, { now: at });
    expect([first.name, second.name]).toEqual(["backup-2026-12-02-1015+0800.tar.gz", "backup-2026-12-02-1015+0800_2.tar.gz"]);
    expect([second.name, first.name].sort()).toEqual([first.name, second.name]);
    const listed = (await overview()).backups.map((entry) => entry.file_name);
    expect(listed).toEqual(expect.arrayContaining([first.name, second.name]));
    for (const name of [first.name, second.name]) {
      expect((await download(name)).statusCode).toBe(200);
      expect((await t.app.inject({ method: "DELETE", url: `/admin-api.php/backups/files/${encodeURIComponent(name)}`, headers: bearer(token) })).statusCode).toBe(200);
    }
  });

  it("named in UTC before (backup-2026-11-26T0215Z.tar.gz) are still listed, downloaded and deleted", async () => {
    const made = await makeBackup({ db: t.database.db, flavour: t.database.flavour, storage: t.storage }, backupDir, { now: new Date("2026-11-26T02:15:00Z") });
    const old = "backup-2026-11-26T0215Z.tar.gz";
    await copyFile(made.path, path.join(backupDir, old));
    await t.app.inject({ method: "DELETE", url: `/admin-api.php/backups/files/${encodeURIComponent(made.name)}`, headers: bearer(token) });
    expect((await overview()).backups.find((entry) => entry.file_name === old)).toMatchObject({ trigger: "command", status: "succeeded", available: true });
    const answer = await download(old);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.equals(await readFile(path.join(backupDir, old)))).toBe(true);
    expect((await t.app.inject({ method: "DELETE", url: `/admin-api.php/backups/files/${old}`, headers: bearer(token) })).statusCode).toBe(200);
    expect((await overview()).backups.some((entry) => entry.file_name === old)).toBe(false);
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
    expect(link.url).toMatch(new RegExp(`^/admin-api\\.php/backups/files/${encodeURIComponent(archive).replaceAll(".", "\\.")}\\?ticket=\\d+\\.\\d{13}\\.[\\w-]{43}$`));
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

  it("deletes the archives (and their records) beyond the newest N, never the one just made nor one `npm run backup` wrote", async () => {
    expect((await saveSettings({ backup_keep: "2" })).statusCode).toBe(200);
    const byCommand = await makeBackup({ db: t.database.db, flavour: t.database.flavour, storage: t.storage }, backupDir, { now: new Date("2026-01-04T03:04:00Z") });
    const made = [await backUpNow(), await backUpNow(), await backUpNow()];
    const kept = (await overview()).backups.filter((entry) => entry.trigger !== "command");
    expect(kept.map((entry) => entry.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect(await archivesOnDisk()).toEqual([byCommand.name, made[1]!.file_name, made[2]!.file_name].sort());

    expect((await saveSettings({ backup_keep: "1" })).statusCode).toBe(200);
    const last = await backUpNow();
    expect((await overview()).backups.map((entry) => entry.id)).toEqual([last.id, null]);
    expect(await archivesOnDisk()).toEqual([byCommand.name, last.file_name].sort());
    // As the setting's help says: only the command's own archive needs deleting by hand.
    expect((await t.app.inject({ method: "DELETE", url: `/admin-api.php/backups/files/${byCommand.name}`, headers: bearer(token) })).statusCode).toBe(200);
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

  it("re-plans when the setting changes: weekly from the last scheduled backup (none yet: the next night), never plans nothing", async () => {
    await backUpNow();
    expect((await saveSettings({ backup_frequency: "weekly" })).statusCode).toBe(200);
    expect((await overview()).schedule).toMatchObject({ frequency: "weekly", next_run_at: nextQuietHour(new Date()).toISOString() });
    expect(await scheduleJobs()).toHaveLength(1);

    expect((await saveSettings({ backup_frequency: "never" })).statusCode).toBe(200);
    expect((await overview()).schedule).toMatchObject({ frequency: "never", next_run_at: null });
    expect(await scheduleJobs()).toEqual([]);

    expect((await saveSettings({ backup_frequency: "daily" })).statusCode).toBe(200);
    expect(await scheduleJobs()).toHaveLength(1);
  });

  /** Another instance's job runner on the same database; its archives wait for `gate` when given one. */
  function runner(options: { clock?: () => Date; gate?: Promise<void>; handBackAfterMs?: number; archives?: Promise<unknown>[] } = {}) {
    const queue = createJobQueue({ db: t.database.db, flavour: t.database.flavour, logger, clock: options.clock, handBackAfterMs: options.handBackAfterMs });
    registerBackupJobs({
      jobs: queue,
      run: t.services.run,
      operations: t.services.operations.backups,
      makeArchive: (signal) => {
        const made = (async () => {
          await options.gate;
          return makeBackup({ db: t.database.db, flavour: t.database.flavour, storage: t.storage }, backupDir, { signal });
        })();
        options.archives?.push(made.catch(() => undefined));
        return made;
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
    // The next is at 03:00 in Taiwan the day after this one, and stays there whatever is backed up by hand meanwhile.
    const next = quietHourAfter(new Date(after.backups[0]!.started_at), { days: 1 });
    expect(planned[0]!.run_at).toBe(next.toISOString());
    expect(next.getUTCHours()).toBe(19);
    await backUpNow();
    expect((await scheduleJobs()).map((job) => job.run_at)).toEqual([next.toISOString()]);
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

  it("a backup handed back at a shutdown is made by the runner that takes the job, and ended once", async () => {
    const before = (await overview()).backups.length;
    const archivesBefore = (await archivesOnDisk()).length;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const archives: Promise<unknown>[] = [];
    const stopping = runner({ gate, handBackAfterMs: 50, archives });
    expect((await startBackup()).statusCode).toBe(202);
    const runJob = () => t.database.db.selectFrom("jobs").selectAll().where("kind", "=", "backups.run").executeTakeFirst();
    stopping.start();
    await expect.poll(async () => (await runJob())?.locked_until ?? null).not.toBeNull();
    // The instance shuts down while its archive is on its way: the job goes back to the queue…
    await stopping.stop();
    expect((await runJob())?.locked_until).toBeNull();
    // …the stopped handler goes on to its next part, sees the hand-back and leaves the run alone…
    open();
    await Promise.all(archives);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await overview()).running?.trigger).toBe("manual");
    expect(await archivesOnDisk()).toHaveLength(archivesBefore);
    // …and the other instance makes the same run's archive.
    expect(await t.jobs.runDue()).toBe(1);
    const after = await overview();
    expect(after.backups).toHaveLength(before + 1);
    expect(after.backups[0]).toMatchObject({ trigger: "manual", status: "succeeded" });
    await expect.poll(async () => (await readdir(backupDir)).filter((name) => name.startsWith(".making-"))).toEqual([]);
    expect(await archivesOnDisk()).toHaveLength(archivesBefore + 1);
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

describe("leftovers of a backup or restore that was killed", () => {
  it("are removed before a backup and at start-up once nothing touched them for the stale time; work in progress is left", async () => {
    const old = new Date(Date.now() - 10 * 60_000);
    const leftovers = [".making-Ab12Cd", ".restore-00112233aabbccdd", ".restore-00112233aabbccdd.tar.gz"];
    await mkdir(path.join(backupDir, leftovers[0]!));
    await writeFile(path.join(backupDir, leftovers[0]!, "archive.tar.gz"), "half an archive");
    await mkdir(path.join(backupDir, leftovers[1]!));
    await writeFile(path.join(backupDir, leftovers[2]!), "half an upload");
    for (const name of leftovers) await utimes(path.join(backupDir, name), old, old);
    await utimes(path.join(backupDir, leftovers[0]!, "archive.tar.gz"), old, old);
    // Another instance's backup, writing right now.
    await mkdir(path.join(backupDir, ".making-Fresh1"));
    const dotEntries = async () => (await readdir(backupDir)).filter((name) => name.startsWith(".")).sort();

    await backUpNow();
    expect(await dotEntries()).toEqual([".making-Fresh1"]);

    await utimes(path.join(backupDir, ".making-Fresh1"), old, old);
    await t.services.backups.startUp();
    expect(await dotEntries()).toEqual([]);
  });
});

describe("restore from an uploaded archive", () => {
  let archive: Buffer;
  let archiveName: string;

  beforeAll(async () => {
    expect((await saveSettings({ site_title: "備份當時的標題" })).statusCode).toBe(200);
    const made = await backUpNow();
    archiveName = made.file_name;
    archive = (await download(made.file_name)).rawPayload;
    expect((await saveSettings({ site_title: "還原前改過的標題" })).statusCode).toBe(200);
  });

  const siteTitle = async () => (await t.app.inject({ method: "GET", url: "/api.php/settings" })).json().data.site_title as string;
  /** Answered at once (202); the restore then runs here in the background, and its run says how it ended. */
  async function restoreAndWait(parts: MultipartPart[], headers: Record<string, string> = bearer(token)): Promise<{ started: RestoreStarted; progress: RestoreProgress }> {
    const answer = await restore(parts, headers);
    expect(answer.statusCode, answer.body).toBe(202);
    const started = answer.json().data as RestoreStarted;
    await t.services.backups.settle();
    return { started, progress: (await follow(started.status_url)).json().data as RestoreProgress };
  }
  const withPassword = (content: Buffer, given = password): MultipartPart[] => [{ name: "password", value: given }, archivePart(content)];

  it("asks for the password (400 per field), and refuses a wrong one without a change", async () => {
    const missing = await restore([archivePart(archive)]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ password: "請輸入您的登入密碼" });

    const wrong = await restore(withPassword(archive, "not-my-password"));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: "密碼錯誤，網站沒有被還原", errors: { password: "密碼錯誤，網站沒有被還原" } });

    const noFile = await restore([{ name: "password", value: password }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors).toEqual({ file: "請選擇要還原的備份檔" });

    const notMultipart = await t.app.inject({ method: "POST", url: "/admin-api.php/backups/restore", headers: bearer(token), payload: { password } });
    expect(notMultipart.statusCode).toBe(400);
    expect(await siteTitle()).toBe("還原前改過的標題");
  });

  it("pauses restores for an administrator after five wrong passwords in a row (429 in words), the right one included", async () => {
    const other = await createAdmin(t);
    const otherToken = await sessionToken(t, other.id);
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await restore(withPassword(archive, "guess"), bearer(otherToken))).statusCode, `attempt ${attempt}`).toBe(400);
    const fifth = await restore(withPassword(archive, "guess"), bearer(otherToken));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toMatch(/^密碼錯誤的次數過多，為保護網站已暫停還原，請於 \d{2}:\d{2} 後再試（約 1[45] 分鐘）$/);
    expect(Number(fifth.headers["retry-after"])).toBeGreaterThan(800);
    expect((await restore(withPassword(archive, other.password), bearer(otherToken))).statusCode).toBe(429);
    // Counted per administrator: the others restore as before.
    expect((await restore(withPassword(archive, "not-mine-either"))).statusCode).toBe(400);
    expect(await siteTitle()).toBe("還原前改過的標題");
  });

  it("refuses an archive announced over 2 GB with 413 before reading it", async () => {
    const body = multipart(withPassword(archive));
    const answer = await t.app.inject({
      method: "POST",
      url: "/admin-api.php/backups/restore",
      headers: { ...bearer(token), ...body.headers, "content-length": String(3 * 1024 ** 3) },
      payload: body.payload,
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toBe("備份檔超過 2 GB，無法上傳還原");
  });

  it("ends a damaged archive's restore as failed, with its reason and that nothing changed", async () => {
    const damaged = Buffer.from(archive);
    // A byte in the middle of the compressed stream: the archive no longer reads as it was made.
    const middle = Math.floor(damaged.length / 2);
    damaged[middle] = damaged[middle]! ^ 0xff;
    for (const content of [damaged, Buffer.from("just some text")]) {
      const { progress } = await restoreAndWait(withPassword(content));
      expect(progress.status).toBe("failed");
      expect(progress.error).toMatch(/^這個(檔案|備份).*網站沒有被變更。$/);
      expect(await siteTitle()).toBe("還原前改過的標題");
    }
    expect((await follow(`/admin-api.php/backups/restores/1?ticket=${"A".repeat(32)}`)).statusCode).toBe(404);
  });

  it("refuses an archive with a row longer than any row can be within seconds, in words, freeing the slot and changing nothing", async () => {
    // 16 MB in one line (the bound is 12 MB), a few KB uploaded.
    const crafted = await withLongContact(archive, 16 * 1024 * 1024);
    expect(crafted.length).toBeLessThan(archive.length + 256 * 1024);
    const { progress } = await restoreAndWait(withPassword(crafted));
    expect(progress).toMatchObject({
      status: "failed",
      error: "這個備份無法還原：「聯絡表單留言」的資料裡有一筆超過 11.44 MB，比網站任何一筆資料可能的長度還長，不是本網站做出的備份，或已經被改過。網站沒有被變更。",
    });
    expect(await siteTitle()).toBe("還原前改過的標題");
    // The slot is free again.
    expect(await backupsRepo.running(t.database.db)).toBeUndefined();
  });

  it("gives up a restore past its time limit, says nothing changed, and frees the slot", async () => {
    // The limit's end is set at the restore's first reading of the clock; every later one is a day on.
    let readings = 0;
    const clock = () => Date.now() + (readings++ === 0 ? 0 : DAY_MS);
    const service = createBackupsService({
      db: t.database.db,
      backupDir,
      run: t.services.run,
      operations: t.services.operations.backups,
      bus: { publishAll: async () => {} },
      restoreArchive: (archivePath, scratchDir) =>
        restoreBackup({ db: t.database.db, flavour: t.database.flavour, storage: t.storage }, archivePath, { force: true, scratchDir, clock, limits: { timeLimitMs: 30 * 60_000 } }),
      logger: pino({ level: "silent" }),
    });
    const upload = path.join(backupDir, ".restore-00aa11bb22cc33dd.tar.gz");
    await writeFile(upload, archive, { mode: 0o600 });
    const actor = { kind: "admin" as const, admin: { id: adminId, name: "測試管理員", email: "x@test.example", tokenId: 0 } };
    const started = await service.startRestore(actor, { path: upload, name: archiveName });
    await service.settle();
    expect((await follow(started.status_url)).json().data).toMatchObject({
      status: "failed",
      error: "還原超過 30 分鐘仍未完成，已停止。網站沒有被變更。請確認這是本網站做出的備份；網站很大時，請在伺服器上用指令還原。",
    });
    expect(await siteTitle()).toBe("還原前改過的標題");
    expect((await readdir(backupDir)).filter((name) => name.startsWith(".restore-"))).toEqual([]);
    expect(await backupsRepo.running(t.database.db)).toBeUndefined();
  });

  it("is refused while a backup runs, and a backup or a second restore is refused while a restore runs (409 in words)", async () => {
    expect((await startBackup()).statusCode).toBe(202);
    const whileBackingUp = await restore(withPassword(archive));
    expect(whileBackingUp.statusCode).toBe(409);
    expect(whileBackingUp.json().message).toBe("備份進行中，請等備份完成後再還原");
    await t.jobs.runDue();

    // A restore on its way, held at its start, on this instance's service.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let scratch = "";
    const service = createBackupsService({
      db: t.database.db,
      backupDir,
      run: t.services.run,
      operations: t.services.operations.backups,
      bus: { publishAll: async () => {} },
      restoreArchive: async (archivePath, scratchDir) => {
        scratch = scratchDir;
        await held;
        return restoreBackup({ db: t.database.db, flavour: t.database.flavour, storage: t.storage }, archivePath, { force: true, scratchDir });
      },
      logger: pino({ level: "silent" }),
      heartbeatMs: 20,
    });
    const upload = path.join(backupDir, ".restore-0123456789abcdef.tar.gz");
    await writeFile(upload, archive, { mode: 0o600 });
    const actor = { kind: "admin" as const, admin: { id: adminId, name: "測試管理員", email: "x@test.example", tokenId: 0 } };
    const started = await service.startRestore(actor, { path: upload, name: archiveName });
    const run = await backupsRepo.find(t.database.db, started.id);
    try {
      expect((await overview()).running).toMatchObject({ id: started.id, trigger: "restore", status: "running" });
      const backup = await startBackup();
      expect(backup.statusCode).toBe(409);
      expect(backup.json().message).toBe("網站正在從備份檔還原，請等還原完成後再試");
      const second = await restore(withPassword(archive));
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe("網站正在從備份檔還原，請等還原完成後再試");
      // Alive while it waits: its heartbeat moves on.
      await expect.poll(async () => (await backupsRepo.find(t.database.db, started.id))!.heartbeat_at).not.toBe(run!.heartbeat_at);
      // A record written meanwhile (another server's): the restore never puts back an older list over it.
      await t.database.db.insertInto("backup_runs").values({ trigger: "manual", status: "failed", started_at: new Date().toISOString(), heartbeat_at: new Date().toISOString(), finished_at: new Date().toISOString(), error: "別台伺服器的紀錄" }).execute();
    } finally {
      release();
      await service.settle();
    }
    expect((await follow(started.status_url)).json().data).toMatchObject({ status: "succeeded", error: "" });
    // Read from the database: this service's cache bus is a stand-in.
    expect((await t.database.db.selectFrom("settings").select("value").where("key", "=", "site_title").executeTakeFirst())?.value).toBe("備份當時的標題");
    expect((await readdir(backupDir)).filter((name) => name.startsWith(".restore-"))).toEqual([]);
    expect(scratch.startsWith(path.join(backupDir, ".restore-"))).toBe(true);
    // Everyone signed out, this session too; the records of backups are as they were, the one written meanwhile included.
    expect((await get("/admin-api.php/backups")).statusCode).toBe(401);
    token = await sessionToken(t, adminId);
    const list = (await overview()).backups;
    expect(list.find((entry) => entry.id === started.id)).toMatchObject({ trigger: "restore", status: "succeeded", file_name: "", available: false });
    expect(list.some((entry) => entry.error === "別台伺服器的紀錄")).toBe(true);
    expect((await startBackup()).statusCode).toBe(202);
    await t.jobs.runDue();
  });

  it("shows a restore whose process died as failed, saying it cannot tell what changed, and frees the slot", async () => {
    const long = new Date(Date.now() - 10 * 60_000).toISOString();
    await t.database.db.insertInto("backup_runs").values({ trigger: "restore", status: "running", running_slot: 1, started_at: long, heartbeat_at: long }).execute();
    const died = "還原沒有完成：執行還原的伺服器中途停止（例如重新啟動），無法確定網站是否已被部分還原。請再用同一個備份檔還原一次。";
    const listed = await overview();
    expect(listed.running).toBeNull();
    expect(listed.backups.find((entry) => entry.trigger === "restore" && entry.started_at === long)).toMatchObject({ status: "failed", error: died });
    expect((await startBackup()).statusCode).toBe(202);
    await t.jobs.runDue();
    expect(await t.database.db.selectFrom("backup_runs").select(["status", "error"]).where("started_at", "=", long).executeTakeFirst()).toEqual({ status: "failed", error: died });
  });

  it("puts the site back in the background, answered at once; drops the cached pages, signs everyone out, and says so in the activity", async () => {
    await saveSettings({ site_title: "還原前改過的標題" });
    const backupsListed = async () => (await overview()).backups.filter((entry) => entry.trigger !== "restore").map((entry) => [entry.file_name, entry.status]);
    const before = await backupsListed();
    const answer = await restore(withPassword(archive));
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toMatchObject({ success: true, message: "已收到備份檔，正在還原網站…", data: { id: expect.any(Number) } });
    const started = answer.json().data as RestoreStarted;
    expect(started.status_url).toMatch(new RegExp(`^/admin-api\\.php/backups/restores/${started.id}\\?ticket=[\\w-]{32}$`));
    await t.services.backups.settle();

    const progress = await follow(started.status_url);
    expect(progress.headers["cache-control"]).toBe("no-store");
    expect(progress.json().data).toMatchObject({ status: "succeeded", error: "" });
    // Another run's id, or no ticket: nothing said.
    expect((await follow(started.status_url.replace(`/restores/${started.id}?`, `/restores/${started.id - 1}?`))).statusCode).toBe(404);
    expect((await follow(`/admin-api.php/backups/restores/${started.id}`)).statusCode).toBe(404);

    expect(await siteTitle()).toBe("備份當時的標題");
    expect(await t.database.db.selectFrom("admin_tokens").select("id").execute()).toEqual([]);
    expect(await t.database.db.selectFrom("login_devices").select("id").execute()).toEqual([]);
    expect((await get("/admin-api.php/backups")).statusCode).toBe(401);
    token = await sessionToken(t, adminId);
    // The list is this server's backup folder, not the archive's: kept as it was.
    expect(await backupsListed()).toEqual(before);
    expect(await scheduleJobs()).toHaveLength(1);
    const activity = await t.database.db.selectFrom("activity_log").select(["summary", "admin_user_id"]).where("action", "=", "backups.restored").execute();
    expect(activity).toEqual([{ summary: expect.stringMatching(new RegExp(`^從備份檔「site\\.tar\\.gz」還原網站（網站內容與 \\d+ 個檔案）$`)), admin_user_id: adminId }]);
  });

  it("puts back the largest rows the API takes: a post and a page at their content's limit, the page's autosaved draft too", async () => {
    // 500,000 characters each (the JSON body's 1 MB allows no more of this text); the post's & is stored cleaned, longer.
    const content = `<p>${"A&B ".repeat(124_998)}</p>`;
    const post = await t.app.inject({ method: "POST", url: "/admin-api.php/blog/posts", headers: bearer(token), payload: { title: "最長的文章", status: "draft", content } });
    expect(post.statusCode, post.body).toBe(200);
    const page = (body: Record<string, unknown>) => t.app.inject({ method: "PUT", url: "/admin-api.php/pages/about_company", headers: bearer(token), payload: { title: "關於我們", ...body } });
    expect((await page({ content: `<p>${'"&'.repeat(249_995)}</p>` })).statusCode).toBe(200);
    expect((await page({ content: `<p>${"&'".repeat(249_995)}</p>`, autosave: true })).statusCode).toBe(200);
    const stored = async () => ({
      post: await t.database.db.selectFrom("blog_posts").select(["title", "content"]).where("id", "=", post.json().data.post.id).executeTakeFirst(),
      page: await t.database.db.selectFrom("pages").select(["content", "draft"]).where("page_key", "=", "about_company").executeTakeFirst(),
    });
    const before = await stored();
    expect(before.post!.content.length).toBeGreaterThanOrEqual(content.length);
    const made = await backUpNow();
    const largest = (await download(made.file_name)).rawPayload;
    await t.database.db.deleteFrom("blog_posts").where("id", "=", post.json().data.post.id).execute();

    const { progress } = await restoreAndWait(withPassword(largest));
    expect(progress).toMatchObject({ status: "succeeded", error: "" });
    expect(await stored()).toEqual(before);
    token = await sessionToken(t, adminId);
  });
});
