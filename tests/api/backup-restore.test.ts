// Backups and restore (issue 26): a site filled through the product (pictures
// with their variants, a scheduled post and its job, a LINE customer's file
// with a Chinese download name, values of every kind) is backed up on this
// project's engine and restored into the other engine; every row and every
// file's bytes come back; sessions and remembered browsers are neither
// archived nor kept (everyone signs in again). A target holding a site is
// refused without --force and replaced with it (stray files removed in one
// batch); a damaged or malformed archive is refused in words and changes
// nothing; an archive past the bounds (a row longer than any row can be, a typed
// field longer than the API takes, a gzip bomb, more parts or rows than a site
// has) is refused in words before anything changes, reading no more than the
// bound; a restore past its time limit gives up, the transaction rolled back and
// the files it put removed; a file that fails to go in changes nothing, and stray
// files that fail to go after the commit say so; an archive
// made at an older schema is migrated; the two npm scripts
// work end to end; and, where moto_server is installed, SQLite + local files
// move to PostgreSQL + S3 and back.
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { createGunzip, createGzip } from "node:zlib";
import { sql, type InsertQueryNode, type Kysely, type KyselyPlugin } from "kysely";
import pg from "pg";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MediaFile } from "#contract/media.ts";
import { openDatabase, type Db } from "#server/db/database.ts";
import type { SqlFlavour } from "#server/db/migrations/portable.ts";
import { parseEnv } from "#server/env.ts";
import { localStorage, type FileStorage } from "#server/integrations/storage.ts";
import { storageFromEnv } from "#server/integrations/storage-from-env.ts";
import { PUBLISH_SCHEDULED_POST } from "#server/modules/blog/blog-scheduling.ts";
import { BackupArchiveError } from "#server/modules/backups/archive-format.ts";
import { makeBackup } from "#server/modules/backups/make-backup.ts";
import { RestoreFilesError, RestoreTargetNotEmptyError, RestoreTimeLimitError, restoreBackup, type RestoreOptions } from "#server/modules/backups/restore-backup.ts";
import { seedIfEmpty } from "#server/modules/seed/seed.service.ts";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { fromNow } from "#tests/factories/blog.factory.ts";
import { insertBanner, insertContact, insertPortfolio } from "#tests/factories/content.factory.ts";
import { insertCustomer, insertMessage } from "#tests/factories/line.factory.ts";
import { multipart, pdfDocument, phoneJpeg, pngImage } from "#tests/factories/media.factory.ts";
import { describeWithMoto, makeBucket, s3EnvFor, startMoto, type Moto } from "#tests/setup/moto.ts";
import { describeNeeding } from "#tests/setup/describe-needing.ts";
import { createTestApp, TEST_ADMIN, type TestApp } from "#tests/setup/test-app.ts";
import { createTestDatabase, POSTGRES_ADMIN_URL } from "#tests/setup/test-database.ts";
import { contactsRepo } from "#server/modules/contacts/contacts.repo.ts";

const ENGINE: SqlFlavour = process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";
const OTHER: SqlFlavour = ENGINE === "postgres" ? "sqlite" : "postgres";
/** Decided to stay out of archives: short-lived state and the server's own backup records (left alone by a restore), sessions and remembered browsers (emptied). */
// record_tallies: counts the target's triggers keep from the restored rows (migration 021).
const LEFT_OUT = new Set(["rate_counters", "login_challenges", "login_second_steps", "backup_runs", "admin_tokens", "login_devices", "record_tallies"]);
const DOWNLOAD_NAME = "報價單（最終版）2026.pdf";
const NOT_A_BACKUP = "這個檔案不是本網站的備份，或已經損毀。";
const silent = { info: () => {}, warn: () => {} } as never;

interface Site {
  db: Db;
  flavour: SqlFlavour;
  storage: FileStorage;
  dataDir: string;
  close(): Promise<void>;
}

/** A database and storage of `kind`, migrated and otherwise untouched, as `npm run restore` opens them. */
async function openSite(kind: SqlFlavour, overrides: Record<string, string> = {}): Promise<Site> {
  const store = await createTestDatabase(kind);
  const env = parseEnv({ NODE_ENV: "test", DATA_DIR: store.dataDir, DATABASE_URL: store.databaseUrl ?? "", LOG_LEVEL: "silent", ...overrides });
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, logger: silent });
  return {
    db: database.db,
    flavour: database.flavour,
    storage: await storageFromEnv(env),
    dataDir: store.dataDir,
    close: async () => {
      await database.close();
      await store.drop();
    },
  };
}

/** The site's tables as the database lists them (not as the backup code does). */
async function siteTableNames(site: Pick<Site, "db" | "flavour">): Promise<string[]> {
  const { rows } =
    site.flavour === "postgres"
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(site.db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(site.db);
  // SQLite's search indexes (FTS5, migration 020) are rebuilt from the rows, not archived.
  return rows.map((row) => row.name).filter((name) => !name.startsWith("kysely_") && !LEFT_OUT.has(name) && !/_search(_|$)/.test(name)).sort();
}

/** Every row of every site table, in a stable order. */
async function contentOf(site: Pick<Site, "db" | "flavour">): Promise<Record<string, unknown[]>> {
  const content: Record<string, unknown[]> = {};
  for (const table of await siteTableNames(site)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(site.db);
    // PostgreSQL's search vectors are computed from the stored search columns, which are compared.
    content[table] = rows.map(({ search_vector: _vector, search_title_vector: _title, ...row }) => JSON.stringify(row)).sort().map((row) => JSON.parse(row));
  }
  return content;
}

async function bytesOf(storage: FileStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every stored file's bytes and download name. */
async function filesOf(storage: FileStorage): Promise<Record<string, { bytes: string; downloadName?: string }>> {
  const files: Record<string, { bytes: string; downloadName?: string }> = {};
  for await (const key of storage.keys()) files[key] = { bytes: (await bytesOf(storage, key)).toString("base64"), downloadName: await storage.downloadNameOf(key) };
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
}

const countsOf = (content: Record<string, unknown[]>) => Object.fromEntries(Object.entries(content).map(([table, rows]) => [table, rows.length]));

/** An archive's entries, to write a changed copy of it. */
async function entriesOf(archive: string): Promise<{ name: string; content: Buffer }[]> {
  const entries: { name: string; content: Buffer }[] = [];
  const extract = tar.extract();
  const reading = pipeline(createReadStream(archive), createGunzip(), extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: entry.header.name, content: Buffer.concat(chunks) });
  }
  await reading;
  return entries;
}

type Entry = { name: string; content: Buffer };
const sha256 = (content: Buffer) => createHash("sha256").update(content).digest("hex");

/** The entries with one part added or replaced, its size and checksum in the manifest made to match: a well-formed archive of another content. */
function withPart(entries: Entry[], name: string, content: Buffer): Entry[] {
  const manifest = JSON.parse(entries.find((entry) => entry.name === "manifest.json")!.content.toString("utf8")) as { parts: { path: string; bytes: number; sha256: string }[] };
  const part = { path: name, bytes: content.length, sha256: sha256(content) };
  manifest.parts = [...manifest.parts.filter((listed) => listed.path !== name), part];
  const others = entries.filter((entry) => entry.name !== name && entry.name !== "manifest.json");
  return [...others, { name, content }, { name: "manifest.json", content: Buffer.from(JSON.stringify(manifest)) }];
}

/** A table's part with its rows changed. */
function withRows(entries: Entry[], table: string, change: (rows: Record<string, unknown>[]) => Record<string, unknown>[]): Entry[] {
  const name = `database/${table}.ndjson`;
  const rows = entries.find((entry) => entry.name === name)!.content.toString("utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
  return withPart(entries, name, Buffer.from(change(rows).map((row) => `${JSON.stringify(row)}\n`).join("")));
}

async function writeArchive(file: string, entries: { name: string; content: Buffer }[]): Promise<string> {
  const pack = tar.pack();
  for (const entry of entries) pack.entry({ name: entry.name }, entry.content);
  pack.finalize();
  await pipeline(pack, createGzip(), createWriteStream(file));
  return file;
}

/**
 * The archive with one more row in a table's part, `bytes` long (its text value a run of one
 * letter), streamed: the line is never held, and its checksum is recomputed so the archive is
 * well formed. (A 200 MB line compresses to about 200 KB.)
 */
async function writeArchiveWithLongRow(file: string, entries: Entry[], table: string, bytes: number): Promise<string> {
  const name = `database/${table}.ndjson`;
  const part = entries.find((entry) => entry.name === name)!.content;
  const head = Buffer.concat([part, Buffer.from('{"message":"')]);
  const tail = Buffer.from('"}\n');
  const run = Buffer.alloc(1024 * 1024, "a");
  const letters = bytes - head.length + part.length - tail.length;
  async function* content() {
    yield head;
    for (let left = letters; left > 0; left -= run.length) yield left >= run.length ? run : run.subarray(0, left);
    yield tail;
  }
  const hash = createHash("sha256");
  for await (const chunk of content()) hash.update(chunk);
  const size = head.length + letters + tail.length;
  const manifest = JSON.parse(entries.find((entry) => entry.name === "manifest.json")!.content.toString("utf8")) as { parts: { path: string; bytes: number; sha256: string }[] };
  manifest.parts = manifest.parts.map((listed) => (listed.path === name ? { ...listed, bytes: size, sha256: hash.digest("hex") } : listed));
  const pack = tar.pack();
  const written = pipeline(pack, createGzip(), createWriteStream(file));
  for (const entry of entries.filter((entry) => entry.name !== "manifest.json")) {
    if (entry.name !== name) {
      pack.entry({ name: entry.name }, entry.content);
      continue;
    }
    await pipeline(Readable.from(content()), pack.entry({ name, size }));
  }
  pack.entry({ name: "manifest.json" }, Buffer.from(JSON.stringify(manifest)));
  pack.finalize();
  await written;
  return file;
}

/** The most the process's resident memory grew above where it was while `work` ran (sampled). */
async function rssGrowthDuring<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const base = process.memoryUsage.rss();
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  try {
    const result = await work();
    return { result, growth: Math.max(peak, process.memoryUsage.rss()) - base };
  } finally {
    clearInterval(sampler);
  }
}

async function postgresProblem(): Promise<string | null> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return null;
  } catch (error) {
    return `PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL} (${String(error)})`;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The cross-engine suites need PostgreSQL even in the SQLite project: said loudly where it is away (a failure under CI=true). */
const needsPostgres = await postgresProblem();
const describeAcrossEngines = (name: string, suite: () => void) => describeNeeding(needsPostgres, name, suite);

let t: TestApp;
let source: Pick<Site, "db" | "flavour" | "storage">;
let work: string;
let archive: string;
let sourceContent: Record<string, unknown[]>;
let sourceFiles: Awaited<ReturnType<typeof filesOf>>;

beforeAll(async () => {
  t = await createTestApp({}, { runJobs: false });
  source = { db: t.database.db, flavour: t.database.flavour, storage: t.storage };
  work = await mkdtemp(path.join(tmpdir(), "backup-test-"));
  const token = await adminToken(t);
  const upload = async (content: Buffer, filename: string, contentType: string) => {
    const body = multipart([{ name: "file", content, filename, contentType }]);
    const res = await t.app.inject({ method: "POST", url: "/admin-api.php/media", headers: { ...bearer(token), ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as MediaFile;
  };
  const cover = await upload(await phoneJpeg(), "水塔清洗前後.jpg", "image/jpeg");
  await upload(await pngImage(), "logo.png", "image/png");

  // A scheduled post is a post and its job; its content is long and its category NULL.
  const long = "基隆、台北、新北的居家清潔與水塔清洗。😀 ".repeat(8000);
  const post = await t.app.inject({
    method: "POST",
    url: "/admin-api.php/blog/posts",
    headers: bearer(token),
    payload: { title: "年終大掃除優惠", status: "scheduled", published_at: fromNow(3 * 24 * 3600_000), content: `<p>${long}</p>`, featured_image: cover.file_path, tags: "清潔,水塔" },
  });
  expect(post.statusCode, post.body).toBe(200);

  // A LINE customer's file, kept with its own (Chinese) name.
  const key = `2026/11/${randomBytes(8).toString("hex")}.pdf`;
  await t.storage.putBuffer(key, pdfDocument(), { downloadName: DOWNLOAD_NAME });
  const customer = await insertCustomer(t.database.db, { display_name: "王先生" });
  await insertMessage(t.database.db, customer.id, { message_type: "file", media_url: t.storage.urlOf(key), file_name: DOWNLOAD_NAME, line_message_id: null });

  await insertContact(t.database.db, { name: "林小姐" });
  await insertPortfolio(t.database.db, { title: "大樓水塔清洗", images: [cover.file_path], featured: true, completed_at: null });
  await insertBanner(t.database.db, { title: "專業清潔" });
  // A real number and a NULL beside the integers and texts.
  await t.database.db.updateTable("service_items").set({ price: 1234.5 }).where("id", "=", 1).execute();

  archive = (await makeBackup(source, path.join(work, "backups"))).path;
  sourceContent = await contentOf(source);
  sourceFiles = await filesOf(source.storage);
});

afterAll(async () => {
  await t?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe("the archive", () => {
  it("holds the site: its name, its manifest, and a site with pictures, a scheduled post and a LINE file", async () => {
    // Named by the minute in Taiwan it was made (the screen's clock).
    expect(path.basename(archive)).toMatch(/^backup-\d{4}-\d{2}-\d{2}-\d{4}\+0800\.tar\.gz$/);
    const entries = await entriesOf(archive);
    const manifest = JSON.parse(entries.find((entry) => entry.name === "manifest.json")!.content.toString("utf8"));
    expect(manifest).toMatchObject({ format_version: 1, product_version: expect.any(String), schema_version: expect.stringMatching(/^\d{3}-/), engine: ENGINE });
    expect(manifest.parts.map((part: { path: string }) => part.path).sort()).toEqual(entries.map((entry) => entry.name).filter((name) => name !== "manifest.json").sort());
    expect(manifest.parts.find((part: { path: string }) => part.path.endsWith(".pdf"))).toMatchObject({ download_name: DOWNLOAD_NAME, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(entries.some((entry) => /^database\/(rate_counters|backup_runs|kysely_migration|admin_tokens|login_devices)\./.test(entry.name))).toBe(false);
    // The content the other tests compare is really there.
    expect(sourceContent.jobs!.filter((job) => (job as { kind: string }).kind === PUBLISH_SCHEDULED_POST)).toHaveLength(1);
    expect(Object.keys(sourceFiles).length).toBeGreaterThanOrEqual(4);
    expect(sourceContent.media_files).toHaveLength(2);
  });
});

describeAcrossEngines(`${ENGINE} → ${OTHER}`, () => {
  it("restores every row and every file into a new installation of the other engine (its first-start seed counts as empty)", async () => {
    const target = await openSite(OTHER);
    try {
      await seedIfEmpty(target.db, { adminEmail: TEST_ADMIN.email, adminPassword: TEST_ADMIN.password, logger: silent });
      const restored = await restoreBackup(target, archive, { force: false });
      expect(restored.tables).toEqual(countsOf(sourceContent));
      expect(await contentOf(target)).toEqual(sourceContent);
      expect(await filesOf(target.storage)).toEqual(sourceFiles);
      // The search index holds the restored rows (SQLite's triggers, PostgreSQL's generated column).
      const asked = sourceContent.contacts!.filter((row) => String((row as { message: string }).message).includes("水塔")).length;
      expect(asked).toBeGreaterThan(0);
      expect(await contactsRepo.countFiltered(target.db, { search: "水塔" }, 100)).toBe(asked);
      // The counts the dashboard reads are the target's triggers', right for the restored rows.
      expect(await contactsRepo.count(target.db)).toBe(sourceContent.contacts!.length);
      // Ids continue after the restored ones (PostgreSQL's sequences were moved).
      const next = await insertContact(target.db);
      expect(next).toBeGreaterThan(Math.max(...sourceContent.contacts!.map((row) => (row as { id: number }).id)));
    } finally {
      await target.close();
    }
  });
});

describe(`restoring on ${ENGINE}`, () => {
  let target: Site;
  let before: { content: Record<string, unknown[]>; files: Awaited<ReturnType<typeof filesOf>> };
  beforeAll(async () => {
    target = await openSite(ENGINE);
  });
  afterAll(async () => {
    await target?.close();
  });

  it("refuses a target that holds a site without --force, and replaces it with --force, signing everyone out and removing stray files in one batch", async () => {
    await restoreBackup(target, archive, { force: false });
    const strays = [`2026/10/${randomBytes(8).toString("hex")}.jpg`, `2026/10/${randomBytes(8).toString("hex")}.png`];
    for (const stray of strays) await target.storage.putBuffer(stray, await pngImage(20, 20));
    await insertContact(target.db, { name: "還原後才留言的人" });
    // Signed in on the target since: a session and a remembered browser.
    const now = new Date().toISOString();
    const { id: admin } = await target.db.selectFrom("admin_users").select("id").orderBy("id").executeTakeFirstOrThrow();
    await target.db.insertInto("admin_tokens").values({ admin_user_id: admin, token_hash: randomBytes(16).toString("hex"), created_at: now, last_used_at: now }).execute();
    await target.db.insertInto("login_devices").values({ admin_user_id: admin, token_hash: randomBytes(16).toString("hex"), created_at: now, last_used_at: now }).execute();

    const refused = await restoreBackup(target, archive, { force: false }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RestoreTargetNotEmptyError);
    expect((refused as Error).message).toMatch(/contacts[\s\S]*stored files[\s\S]*--force/);
    expect(await target.storage.exists(strays[0]!)).toBe(true);

    const batches: string[][] = [];
    const storage: FileStorage = {
      ...target.storage,
      remove: async () => expect.fail("stray files are removed in batches, not one by one"),
      removeMany: async (keys) => {
        batches.push([...keys].sort());
        await target.storage.removeMany(keys);
      },
    };
    await restoreBackup({ ...target, storage }, archive, { force: true });
    expect(batches).toEqual([strays.sort()]);
    expect(await contentOf(target)).toEqual(sourceContent);
    expect(await filesOf(target.storage)).toEqual(sourceFiles);
    expect(await target.db.selectFrom("admin_tokens").select("id").execute()).toEqual([]);
    expect(await target.db.selectFrom("login_devices").select("id").execute()).toEqual([]);
    before = { content: await contentOf(target), files: await filesOf(target.storage) };
  });

  it("refuses a damaged archive with a message in words, even with --force, and changes nothing", async () => {
    const entries = await entriesOf(archive);
    const flipped = (name: (entry: string) => boolean) =>
      entries.map((entry) => {
        if (!name(entry.name)) return entry;
        const content = Buffer.from(entry.content);
        content[Math.floor(content.length / 2)]! ^= 0x01;
        return { name: entry.name, content };
      });
    const whole = await readFile(archive);
    const withManifest = (change: (manifest: Record<string, unknown>) => void) =>
      entries.map((entry) => {
        if (entry.name !== "manifest.json") return entry;
        const manifest = JSON.parse(entry.content.toString("utf8"));
        change(manifest);
        return { name: entry.name, content: Buffer.from(JSON.stringify(manifest)) };
      });
    const cases: [string, string, string | RegExp][] = [
      ["a byte flipped in a file", await writeArchive(path.join(work, "file-flipped.tar.gz"), flipped((name) => name.endsWith(".pdf"))), `這個備份已經損毀：檔案「${DOWNLOAD_NAME}」和備份當時的內容不一樣，無法還原。`],
      ["a byte flipped in a table", await writeArchive(path.join(work, "table-flipped.tar.gz"), flipped((name) => name === "database/blog_posts.ndjson")), "這個備份已經損毀：「最新消息文章」的資料和備份當時的內容不一樣，無法還原。"],
      ["a part left out", await writeArchive(path.join(work, "part-missing.tar.gz"), entries.filter((entry) => entry.name !== "database/settings.ndjson")), "這個備份不完整：少了「網站設定」的資料，無法還原。"],
      ["a truncated copy", path.join(work, "truncated.tar.gz"), NOT_A_BACKUP],
      ["a byte flipped in the compressed file", path.join(work, "gzip-flipped.tar.gz"), NOT_A_BACKUP],
      ["a random file", path.join(work, "random.tar.gz"), NOT_A_BACKUP],
      ["a newer schema", await writeArchive(path.join(work, "newer.tar.gz"), withManifest((manifest) => Object.assign(manifest, { schema_version: "999-from-the-future", product_version: "9.0.0" }))), "這個備份來自較新版本的網站（9.0.0），請先把網站更新到這個版本或更新的版本，再還原。"],
      // Well-formed, every checksum right, and still not ours: refused before anything changes.
      ["a file under a name the storage refuses", await writeArchive(path.join(work, "bad-key.tar.gz"), withPart(entries, "files/2026/11/Not_A_Key.JPG", Buffer.from("picture"))), NOT_A_BACKUP],
      ["a row with a column the site does not have", await writeArchive(path.join(work, "bad-column.tar.gz"), withRows(entries, "contacts", (rows) => rows.map((row) => ({ ...row, favourite_colour: "blue" })))), NOT_A_BACKUP],
      ["a value no column holds", await writeArchive(path.join(work, "bad-value.tar.gz"), withRows(entries, "contacts", (rows) => rows.map((row) => ({ ...row, name: { first: "林" } })))), NOT_A_BACKUP],
      ["a row pointing at one that is not there", await writeArchive(path.join(work, "bad-reference.tar.gz"), withRows(entries, "blog_post_tags", (rows) => [...rows, { ...rows[0]!, post_id: 987654 }])), NOT_A_BACKUP],
    ];
    await writeFile(path.join(work, "truncated.tar.gz"), whole.subarray(0, Math.floor(whole.length * 0.6)));
    const gzipFlipped = Buffer.from(whole);
    gzipFlipped[Math.floor(whole.length / 2)]! ^= 0xff;
    await writeFile(path.join(work, "gzip-flipped.tar.gz"), gzipFlipped);
    await writeFile(path.join(work, "random.tar.gz"), randomBytes(4096));

    for (const [what, file, message] of cases) {
      const refused = await restoreBackup(target, file, { force: true }).catch((error: unknown) => error);
      expect(refused, what).toBeInstanceOf(BackupArchiveError);
      expect((refused as Error).message, what).toEqual(message);
    }
    expect(await contentOf(target)).toEqual(before.content);
    expect(await filesOf(target.storage)).toEqual(before.files);
  });

  const expectUnchanged = async () => {
    expect(await contentOf(target)).toEqual(before.content);
    expect(await filesOf(target.storage)).toEqual(before.files);
  };
  const refusal = (file: string, limits?: RestoreOptions["limits"]) => restoreBackup(target, file, { force: true, limits }).catch((error: unknown) => error);

  it("refuses a row longer than any row of ours can be, reading no more than the bound, in words naming the table, and changes nothing", async () => {
    const entries = await entriesOf(archive);
    // A bound lowered to 4 MB (the site's own rows, a long post among them, are shorter): an 8 MB row.
    const lowered = await refusal(await writeArchiveWithLongRow(path.join(work, "long-row.tar.gz"), entries, "contacts", 8 * 1024 * 1024), { lineBytes: 4 * 1024 * 1024 });
    expect(lowered).toBeInstanceOf(BackupArchiveError);
    expect((lowered as Error).message).toBe("這個備份無法還原：「聯絡表單留言」的資料裡有一筆超過 4 MB，比網站任何一筆資料可能的長度還長，不是本網站做出的備份，或已經被改過。");

    // The real bound (12 MB): a 16 MB row is refused after its first 12 MB, in bounded memory.
    const overBound = await writeArchiveWithLongRow(path.join(work, "line-16mb.tar.gz"), entries, "contacts", 16 * 1024 * 1024);
    const { result: refused, growth } = await rssGrowthDuring(() => refusal(overBound));
    expect(refused).toBeInstanceOf(BackupArchiveError);
    expect((refused as Error).message).toBe("這個備份無法還原：「聯絡表單留言」的資料裡有一筆超過 11.44 MB，比網站任何一筆資料可能的長度還長，不是本網站做出的備份，或已經被改過。");
    // A part whose header declares more than the whole archive could honestly unpack to is refused unread
    // (the report's 200 MB line in a 200 KB upload: the bound there is 64 MB).
    const unread = await refusal(overBound, { unpackedFloorBytes: 8 * 1024 * 1024, ratio: 1 });
    expect((unread as Error).message).toBe("這個備份無法還原：解壓縮後超過 8 MB，遠大於本網站的備份會有的大小，可能是刻意做成的壓縮檔。");
    // Loosely: reading a whole 200 MB line grew the process by 800 MB before.
    expect(growth).toBeLessThan(150 * 1024 * 1024);
    await expectUnchanged();
  });

  it("refuses a typed field longer than the API takes (a 20 MB message, one of 5,001 characters), naming the record, and changes nothing", async () => {
    const entries = await entriesOf(archive);
    const [first] = sourceContent.contacts as { id: number; name: string; created_at: string }[];
    const longer = (message: string) => withRows(entries, "contacts", (rows) => rows.map((row) => (row.id === first!.id ? { ...row, message } : row)));
    const justOver = await refusal(await writeArchive(path.join(work, "message-5001.tar.gz"), longer("請".repeat(5001))));
    expect(justOver).toBeInstanceOf(BackupArchiveError);
    const made = new Date(Date.parse(first!.created_at) + 8 * 3600_000).toISOString().slice(0, 16).replace("T", " ");
    expect((justOver as Error).message).toBe(`這個備份有資料超過網站允許的長度，無法還原：「聯絡表單留言」中「${first!.name}」（${made}）那一筆：訊息內容不能超過 5000 個字元。`);
    // 20 MB: longer than any row, refused by the line's bound before it is read whole.
    const huge = await refusal(await writeArchive(path.join(work, "message-20mb.tar.gz"), longer("x".repeat(20 * 1024 * 1024))));
    expect((huge as Error).message).toMatch(/^這個備份無法還原：「聯絡表單留言」的資料裡有一筆超過 11.44 MB/);
    // A setting past its rule.
    const title = await refusal(await writeArchive(path.join(work, "setting.tar.gz"), withRows(entries, "settings", (rows) => rows.map((row) => (row.key === "site_title" ? { ...row, value: "標".repeat(121) } : row)))));
    expect((title as Error).message).toBe("這個備份有資料超過網站允許的長度，無法還原：「網站設定」中有一筆：網站標題不能超過 120 個字元。");
    await expectUnchanged();
  });

  it("refuses a gzip bomb, and more parts or rows than a site has, as they stream by, and changes nothing", async () => {
    const entries = await entriesOf(archive);
    // 32 MB of zeros as one stored file: a few tens of KB compressed.
    const picture = `files/2026/11/${randomBytes(8).toString("hex")}.jpg`;
    const bomb = await writeArchive(path.join(work, "bomb.tar.gz"), withPart(entries, picture, Buffer.alloc(32 * 1024 * 1024)));
    const part = await refusal(bomb, { partFloorBytes: 1024 * 1024 });
    expect((part as Error).message).toBe(`這個備份無法還原：檔案「${picture.slice("files/".length)}」解壓縮後比壓縮時大了 200 倍以上，不像本網站做出的備份，可能是刻意做成的壓縮檔。`);
    // The whole archive past what its size could honestly hold.
    const whole = await refusal(bomb, { unpackedFloorBytes: 8 * 1024 * 1024, ratio: 1 });
    expect((whole as Error).message).toBe("這個備份無法還原：解壓縮後超過 8 MB，遠大於本網站的備份會有的大小，可能是刻意做成的壓縮檔。");
    const parts = await refusal(archive, { parts: 5 });
    expect((parts as Error).message).toBe("這個備份無法還原：裡面的檔案超過 5 個，比網站能保存的還多，不是本網站做出的備份。");
    const rows = await refusal(archive, { rows: 10 });
    expect((rows as Error).message).toBe("這個備份無法還原：資料超過 10 筆，比網站能保存的還多，不是本網站做出的備份。");
    await expectUnchanged();
  });

  it("gives up past its time limit and changes nothing: the copy rolled back, the files it had put removed", async () => {
    // A target without the archive's files (so the restore puts them) and with a message of its own.
    await target.storage.removeMany(Object.keys(before.files));
    await insertContact(target.db, { name: "時間到之前留言的人" });
    const unchanged = { content: await contentOf(target), files: await filesOf(target.storage) };
    // The clock jumps a day once the copy has written its first message into the target.
    let late = false;
    const clock = () => Date.now() + (late ? 24 * 3600_000 : 0);
    const lateOnceContactsGoIn: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (node.kind === "InsertQueryNode" && (node as InsertQueryNode).into?.table.identifier.name === "contacts") late = true;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const put: string[] = [];
    const storage: FileStorage = {
      ...target.storage,
      putFile: async (key, file, options) => {
        put.push(key);
        await target.storage.putFile(key, file, options);
      },
    };
    const given = await restoreBackup({ ...target, db: target.db.withPlugin(lateOnceContactsGoIn), storage }, archive, { force: true, clock, limits: { timeLimitMs: 60_000 } }).catch((error: unknown) => error);
    expect(given).toBeInstanceOf(RestoreTimeLimitError);
    expect((given as Error).message).toBe("還原超過 1 分鐘仍未完成，已停止。網站沒有被變更。請確認這是本網站做出的備份；網站很大時，請在伺服器上用指令還原。");
    expect(late).toBe(true);
    expect(put.length).toBe(Object.keys(sourceFiles).length);
    expect(await contentOf(target)).toEqual(unchanged.content);
    expect(await filesOf(target.storage)).toEqual(unchanged.files);
  });

  it("changes nothing when a file fails to go in (those put before it removed); says the site was restored when stray files fail to go after the commit", async () => {
    const unchanged = { content: await contentOf(target), files: await filesOf(target.storage) };
    let puts = 0;
    const failing: FileStorage = {
      ...target.storage,
      putFile: async (key, file, options) => {
        puts += 1;
        if (puts === 2) throw new Error("the bucket went away");
        await target.storage.putFile(key, file, options);
      },
    };
    const failed = await restoreBackup({ ...target, storage: failing }, archive, { force: true }).catch((error: unknown) => error);
    expect((failed as Error).message).toBe("the bucket went away");
    expect(await contentOf(target)).toEqual(unchanged.content);
    expect(await filesOf(target.storage)).toEqual(unchanged.files);

    const stray = `2026/10/${randomBytes(8).toString("hex")}.png`;
    await target.storage.putBuffer(stray, await pngImage(20, 20));
    const strays: FileStorage = { ...target.storage, removeMany: async () => Promise.reject(new Error("the bucket went away")) };
    const unfinished = await restoreBackup({ ...target, storage: strays }, archive, { force: true }).catch((error: unknown) => error);
    expect(unfinished).toBeInstanceOf(RestoreFilesError);
    expect((unfinished as Error).message).toMatch(/^The site was restored, but removing the stored files the archive does not have failed \(the bucket went away\)/);
    expect(await contentOf(target)).toEqual(sourceContent);
    await restoreBackup(target, archive, { force: true });
    expect(await contentOf(target)).toEqual(sourceContent);
    expect(await filesOf(target.storage)).toEqual(sourceFiles);
  });

  it("migrates an archive made at an older schema", async () => {
    // A site as it was at migration 009: pages without versions, media without the trash or videos, contacts without notes.
    const oldDir = await mkdtemp(path.join(work, "old-site-"));
    const old = await openDatabase({ dataDir: oldDir, logger: silent, migrateUpTo: "009-sign-in-hardening" });
    const oldStorage = localStorage(path.join(oldDir, "uploads"));
    try {
      const db = old.db as unknown as Kysely<any>;
      const at = "2025-03-01T08:00:00.000Z";
      const picture = "2025/03/0123456789abcdef.jpg";
      await oldStorage.putBuffer(picture, await phoneJpeg({ width: 64, height: 48 }));
      await db.insertInto("app_meta").values({ key: "seeded_at", value: at }).execute();
      await db.insertInto("admin_users").values({ name: "老闆", email: "boss@test.example", password_hash: "x", created_at: at, updated_at: at }).execute();
      await db.insertInto("pages").values({ page_key: "about_company", title: "關於我們", content: `<p>我們的團隊</p><img src="/uploads/${picture}">`, created_at: at, updated_at: at }).execute();
      await db.insertInto("media_files").values({ filename: "0123456789abcdef.jpg", file_path: `/uploads/${picture}`, mime_type: "image/jpeg", created_at: at, updated_at: at }).execute();
      await db.insertInto("contacts").values({ name: "舊客戶", email: "old@test.example", message: "去年的詢問", created_at: at, updated_at: at }).execute();
      const oldArchive = await makeBackup({ db: old.db, flavour: "sqlite", storage: oldStorage }, path.join(oldDir, "backups"));
      expect(oldArchive.schemaVersion).toBe("009-sign-in-hardening");

      const restored = await restoreBackup(target, oldArchive.path, { force: true });
      expect(restored).toMatchObject({ fromSchema: "009-sign-in-hardening", files: 1, tables: { pages: 1, contacts: 1, media_files: 1, media_references: 1 } });
      expect(await target.db.selectFrom("contacts").select(["name", "staff_note"]).execute()).toEqual([{ name: "舊客戶", staff_note: "" }]);
      expect(await target.db.selectFrom("pages").select(["page_key", "revision", "draft"]).execute()).toEqual([{ page_key: "about_company", revision: 1, draft: null }]);
      // Migration 010 rebuilt the file's use from the page, as it does on an upgraded site.
      expect(await target.db.selectFrom("media_references").select(["owner_type", "owner_id"]).execute()).toEqual([{ owner_type: "page", owner_id: "about_company" }]);
      expect(await filesOf(target.storage)).toEqual({ [picture]: { bytes: (await bytesOf(oldStorage, picture)).toString("base64"), downloadName: undefined } });
    } finally {
      await old.close();
    }
  });
});

describe("npm run backup and npm run restore", () => {
  const run = promisify(execFile);
  // Three npm processes start Node and open the database each: 6 s alone, past 20 s on a loaded CI machine.
  it("backup prints the archive's path last; restore puts it into a new DATA_DIR", { timeout: 90_000 }, async () => {
    const backupDir = path.join(work, "cli-backups");
    const sourceEnv = { ...process.env, DATA_DIR: t.env.DATA_DIR, DATABASE_URL: t.env.DATABASE_URL ?? "", BACKUP_DIR: backupDir, LOG_LEVEL: "silent" };
    const backup = await run("npm", ["run", "-s", "backup"], { env: sourceEnv, cwd: process.cwd() });
    const printed = backup.stdout.trim().split("\n").at(-1)!;
    expect(path.dirname(printed)).toBe(path.resolve(backupDir));
    expect(existsSync(printed)).toBe(true);

    const dataDir = path.join(work, "cli-restored");
    const restore = await run("npm", ["run", "-s", "restore", "--", printed], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" } });
    expect(restore.stdout).toMatch(/^Restored \d+ rows in \d+ tables into SQLite and \d+ files/);
    const restored = await openDatabase({ dataDir, logger: silent });
    try {
      expect(await contentOf({ db: restored.db, flavour: "sqlite" })).toEqual(sourceContent);
      expect(await filesOf(localStorage(path.join(dataDir, "uploads")))).toEqual(sourceFiles);
    } finally {
      await restored.close();
    }

    const again = await run("npm", ["run", "-s", "restore", "--", printed], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } }).catch((error: { code: number; stderr: string }) => error);
    expect(again).toMatchObject({ code: 1, stderr: expect.stringMatching(/not empty[\s\S]*--force/) });
  });
});

if (ENGINE === "sqlite") {
  describeAcrossEngines("SQLite + local files → PostgreSQL + S3, and back", () => {
    describeWithMoto("on moto_server", () => {
      let moto: Moto;
      beforeAll(async () => {
        moto = await startMoto();
      });
      afterAll(async () => {
        await moto?.stop();
      });

      it("moves every row and file to PostgreSQL and a bucket, and back to SQLite and local files", async () => {
        const bucket = `site-${randomBytes(4).toString("hex")}`;
        await makeBucket(moto.endpoint, bucket);
        const grown = await openSite("postgres", s3EnvFor(moto.endpoint, bucket));
        const back = await openSite("sqlite");
        try {
          await restoreBackup(grown, archive, { force: false });
          expect(await contentOf(grown)).toEqual(sourceContent);
          expect(await filesOf(grown.storage)).toEqual(sourceFiles);
          expect(existsSync(path.join(grown.dataDir, "uploads"))).toBe(false);

          const fromBucket = await makeBackup(grown, path.join(work, "s3-backups"));
          expect(fromBucket.fileCount).toBe(Object.keys(sourceFiles).length);
          await restoreBackup(back, fromBucket.path, { force: false });
          expect(await contentOf(back)).toEqual(sourceContent);
          expect(await filesOf(back.storage)).toEqual(sourceFiles);
        } finally {
          await grown.close();
          await back.close();
        }
      });
    });
  });
}
