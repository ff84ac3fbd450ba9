// `npm run bench -- volume` (issue 27): how the answers grow with the data. Per
// engine (SQLite in a temporary DATA_DIR; PostgreSQL in a database created on
// 127.0.0.1:5432 as user postgres and dropped afterwards) and per scale (0 =
// the fresh database, 0.1 and 1 = `npm run seed:volume -- --scale S`, 1 being
// ten busy years), the production server (as `npm start` runs it) is started on
// it; the scales' servers run side by side and every call below is timed one
// request at a time on one keep-alive connection per server (warm-up, then
// VOLUME_SAMPLES samples, the full body read, taken in rounds that alternate
// between the scales so that a busy moment of the machine falls on each alike):
// p50 and p99 per call and scale, and the p99's growth from scale 0 to the
// largest scale.
//
// Calls: the public pages (/, /blog page 1 and its last page, /blog?search=水塔,
// a post, /portfolio with a service type and with a search), the public calls of
// 000 §7, the back office's lists with their filters and searches (contacts,
// LINE customers, a busy customer's newest and oldest page of messages, posts,
// cases, media), the dashboard's calls, and LINE's webhook with 10 messages a
// request; then the webhook from several connections at once for
// VOLUME_WEBHOOK_SECONDS, as messages stored a second (counted in the database).
//
// The server keeps public pages and public JSON in memory, so those are measured
// twice: as served (warm: what visitors get) and uncached. A page's uncached row
// asks each time under another Host (the page cache keys by host, path and the
// parameters the page reads; every such answer must say x-cache: MISS): that is
// the render, with the data it reads still in the in-memory cache except a
// search's; the data's own cost is in the API rows. A cached JSON call's
// uncached row varies a parameter the answer reads without changing what it
// lists (exclude=<an id no post has>), and says so in its name. Searches are
// never cached: their rows take another word from SEARCH_WORDS each time.
// A scale-0 database is empty except for what a call needs to exist (one
// published post in a category, one case, one LINE customer with a tag and a
// few messages), added through the API before measuring.
//
// Goals, judged on the largest scale measured against scale 0: no call's p99
// grows more than 2× (both p99 taken as at least what identical work reached at
// their scale — the calls answered from memory, a control group: below that the
// figure is the machine's scheduling, not the call), none is above 100 ms; the
// webhook stores at least 1,000 messages a second. Tables first, then the step's
// rows go to bench.ts's summary, which exits non-zero on a missed goal.
//
// VOLUME_SCALES=0,0.1 npm run bench -- volume   → only these scales (default 0,0.1,1).
// VOLUME_ENGINES=sqlite npm run bench -- volume → only this engine (default sqlite,postgres).
// VOLUME_SAMPLES=50 …                           → samples per call and scale (default 200).
// VOLUME_WEBHOOK_SECONDS=2 …                    → length of the parallel webhook run (default 5).
// VOLUME_DATA=/path/to/data-dir | postgres://…  → measure this one database as it is, no seeding
//   and nothing dropped (while tuning). It must have been filled with the bench's administrator:
//   ADMIN_EMAIL=bench-admin@example.com ADMIN_PASSWORD=bench-password-123 DATA_DIR=… npm run seed:volume -- --scale 1
//   The run sets the LINE channel settings and adds webhook messages to it.
import { spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { signLineBody, startFakeLine, type FakeLine } from "#tests/mocks/fake-line.ts";
import { otherLoad, watchCpu } from "./cpu.ts";
import { asLoadGenerator } from "./cpus.ts";
import { BENCH_ADMIN, freePort, startServer, type RunningServer } from "./server.ts";
import { signIn } from "./upload.ts";

type Engine = "sqlite" | "postgres";

const SAMPLES = Math.max(10, Number(process.env.VOLUME_SAMPLES ?? 200) || 200);
const WARM_UP = 20;
/** The samples of a call are taken in this many rounds, alternating between the scales' servers. */
const ROUNDS = 5;
const WEBHOOK_SECONDS = Math.max(1, Number(process.env.VOLUME_WEBHOOK_SECONDS ?? 5) || 5);
const WEBHOOK_CONNECTIONS = 8;
const MESSAGES_PER_REQUEST = 10;
/** Distinct LINE users the webhook's messages come from (their profiles are read once). */
const WEBHOOK_USERS = 20;

const MAX_GROWTH = 2;
const MAX_P99_MS = 100;
const MIN_WEBHOOK_MESSAGES_PER_SECOND = 1000;
/** p99s below this are compared as this: a sub-millisecond p99 doubles with one context switch. */
const NOISE_FLOOR_MS = 1;

const POSTGRES_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";
/** LINE's shape: 32 hex digits. */
const CHANNEL_SECRET = "0123456789abcdef0123456789abcdef";
const CHANNEL_TOKEN = "volume-bench-channel-access-token";

/** Two-character words of the trade, taken in turn by the search rows (searches are never cached). */
const SEARCH_WORDS = [
  "水塔", "清洗", "冷氣", "地毯", "油汙", "除霉", "打蠟", "消毒", "玻璃", "廚房",
  "浴室", "沙發", "窗簾", "磁磚", "水管", "外牆", "裝潢", "抽風", "除蟎", "石材",
  "地板", "排水", "水垢", "清潔", "保養", "防水", "頂樓", "管線", "灰塵", "油煙",
];
const wordOf = (i: number) => encodeURIComponent(SEARCH_WORDS[i % SEARCH_WORDS.length]!);

/** One row of the report, for bench.ts's summary (same shape as its own). */
export interface VolumeRow {
  section: string;
  metric: string;
  value: string;
  budget: string;
  pass?: boolean;
}

const fmtMs = (ms: number) => (!Number.isFinite(ms) ? "—" : ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- databases

interface Target {
  engine: Engine;
  /** SQLite's folder; for PostgreSQL the server's uploads and log. */
  dataDir: string;
  databaseUrl?: string;
  query<T extends Record<string, unknown>>(sql: string): Promise<T[]>;
  drop(): Promise<void>;
}

async function postgresProblem(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return undefined;
  } catch (error) {
    return `PostgreSQL is not reachable at ${POSTGRES_ADMIN_URL} (${error instanceof Error ? error.message : String(error)}): its columns were not measured. Start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`;
  } finally {
    await client.end().catch(() => {});
  }
}

function sqliteQuery(dataDir: string) {
  return async <T extends Record<string, unknown>>(sql: string): Promise<T[]> => {
    const db = new DatabaseSync(path.join(dataDir, "site.db"), { readOnly: true });
    try {
      return db.prepare(sql).all() as T[];
    } finally {
      db.close();
    }
  };
}

function postgresQuery(url: string) {
  return async <T extends Record<string, unknown>>(sql: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  };
}

async function freshTarget(engine: Engine, scale: number): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-volume-${engine}-`));
  if (engine === "sqlite") return { engine, dataDir, query: sqliteQuery(dataDir), drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = `bench_volume_${String(scale).replace(".", "_")}_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    engine,
    dataDir,
    databaseUrl: url.toString(),
    query: postgresQuery(url.toString()),
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** VOLUME_DATA: a database filled beforehand, measured as it is and kept. */
function givenTarget(given: string): Target {
  if (/^postgres(ql)?:\/\//.test(given)) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bench-volume-given-"));
    return { engine: "postgres", dataDir, databaseUrl: given, query: postgresQuery(given), drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const dataDir = path.resolve(given);
  return { engine: "sqlite", dataDir, query: sqliteQuery(dataDir), drop: async () => {} };
}

const databaseEnv = (target: Target): Record<string, string> => (target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {});

/** `npm run seed:volume -- --scale S` on the target, as an operator would run it; its output goes to a log beside the data. */
async function seed(target: Target, scale: number): Promise<number> {
  const log = path.join(target.dataDir, `seed-${scale}.log`);
  const out = createWriteStream(log);
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: target.dataDir, ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password };
  delete env.DATABASE_URL;
  Object.assign(env, databaseEnv(target));
  const started = performance.now();
  const child = spawn("npm", ["run", "-s", "seed:volume", "--", "--scale", String(scale)], { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  const ms = performance.now() - started;
  await new Promise((resolve) => out.end(resolve));
  if (code !== 0) {
    const tail = readFileSync(log, "utf8").split("\n").filter(Boolean).slice(-15).join("\n");
    throw new Error(`npm run seed:volume -- --scale ${scale} exited with ${code} on ${target.engine}:\n${tail}`);
  }
  return ms;
}

// ---------------------------------------------------------------- HTTP

interface Answer {
  ms: number;
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

interface Outgoing {
  method?: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request on the agent's connection, timed from sending to the last byte of the body (kept as sent: no decompression). */
function send(agent: Agent, baseUrl: string, outgoing: Outgoing): Promise<Answer> {
  const url = new URL(outgoing.path, baseUrl);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(
      url,
      { method: outgoing.method ?? "GET", agent, headers: { ...outgoing.headers, ...(outgoing.body === undefined ? {} : { "content-length": String(Buffer.byteLength(outgoing.body)) }) }, timeout: 60_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timeout: ${outgoing.method ?? "GET"} ${outgoing.path}`)));
    req.on("error", reject);
    req.end(outgoing.body);
  });
}

/** JSON calls made while preparing (not timed). */
function client(server: RunningServer, token: string) {
  const call = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${server.baseUrl}${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { success?: boolean; data?: T; message?: string; errors?: unknown };
    if (!res.ok || json.success === false) throw new Error(`${method} ${route} answered ${res.status}: ${json.message ?? ""} ${json.errors ? JSON.stringify(json.errors) : ""}`);
    return json.data as T;
  };
  return { get: <T>(route: string) => call<T>("GET", route), post: <T>(route: string, body: unknown) => call<T>("POST", route, body), put: <T>(route: string, body: unknown) => call<T>("PUT", route, body) };
}
type Api = ReturnType<typeof client>;

// ---------------------------------------------------------------- LINE

let lineCounter = Date.now() * 1000;

/** A webhook request as LINE sends it: `count` text messages, each with its own event and message ids, signed. */
function webhookRequest(users: readonly string[], count: number, text: (k: number) => string): Outgoing {
  const events = Array.from({ length: count }, (_, k) => {
    const id = String(++lineCounter);
    return {
      type: "message",
      mode: "active",
      timestamp: Date.now(),
      webhookEventId: `01VOLUME${id}`,
      deliveryContext: { isRedelivery: false },
      replyToken: `reply-${id}`,
      source: { type: "user", userId: users[lineCounter % users.length]! },
      message: { id, type: "text", quoteToken: "q", text: text(k) },
    };
  });
  const body = JSON.stringify({ destination: "Uvolumebench", events });
  return { method: "POST", path: "/line-webhook.php", headers: { "content-type": "application/json; charset=utf-8", "x-line-signature": signLineBody(body, CHANNEL_SECRET) }, body };
}

const lineUser = (tag: string, n: number) => `U${`${tag}${n}`.padStart(32, "0")}`;

// ---------------------------------------------------------------- what is measured

interface Call {
  /** Stable across scales (the rows are matched by it). */
  name: string;
  request: (i: number) => Outgoing;
  /** The x-cache every answer must carry (pages). */
  cache?: "HIT" | "MISS";
}

interface Measured {
  p50: number;
  p99: number;
  /** Why the row does not count (a status other than 2xx, a cache answer other than expected). */
  problem?: string;
}

/** What the calls are aimed at, found in the data once the server is up. */
interface Aims {
  postSlug: string;
  postId: number;
  lastBlogPage: number;
  blogCategorySlug: string;
  blogCategoryId: number;
  caseCategory: string;
  themeId: number;
  serviceId: number;
  customerTag: string;
  busyCustomerId: number;
  busyCustomerMessages: number;
  oldestBefore?: number;
  lastContactPage: number;
}

const BR = { "accept-encoding": "br, gzip" };
const PUBLIC_BEARER = { ...BR, authorization: "Bearer public" };

function callsFor(aims: Aims, token: string, webhookUsers: readonly string[], runTag: string): Call[] {
  const admin = { ...BR, authorization: `Bearer ${token}` };
  const get = (name: string, route: string, headers: Record<string, string> = BR): Call => ({ name, request: () => ({ path: route, headers }) });
  const varied = (name: string, route: (i: number) => string, headers: Record<string, string> = BR): Call => ({ name, request: (i) => ({ path: route(i), headers }) });
  const page = (label: string, route: string): Call[] => [
    { name: `page ${label} (as served)`, request: () => ({ path: route, headers: BR }), cache: "HIT" },
    // Another Host each time: the page cache misses and the page is rendered for this request.
    { name: `page ${label} (render: new Host)`, request: (i) => ({ path: route, headers: { ...BR, host: `r${runTag}-${i}.volume.bench` } }), cache: "MISS" },
  ];
  const slug = encodeURIComponent(aims.postSlug);
  // An id no post has, another each request of every row: part of the cached answer's key, nothing left out of the list.
  let unique = 0;
  const noPost = () => 2_000_000_000 - ++unique;
  const blogCategory = encodeURIComponent(aims.blogCategorySlug);
  const caseCategory = encodeURIComponent(aims.caseCategory);
  const tag = encodeURIComponent(aims.customerTag);
  const customer = `/admin-api.php/customers/${aims.busyCustomerId}`;
  return [
    ...page("/", "/"),
    ...page("/blog", "/blog"),
    ...page("/blog last page", `/blog?page=${aims.lastBlogPage}`),
    ...page("/blog?search=水塔", `/blog?search=${encodeURIComponent("水塔")}`),
    ...page("/blog/{post}", `/blog/${slug}`),
    ...page("/portfolio?category", `/portfolio?category=${caseCategory}`),
    ...page("/portfolio?search", `/portfolio?search=${encodeURIComponent("清洗")}`),

    get("api settings (cached)", "/api.php/settings"),
    get("api themes/{active}", `/api.php/themes/${aims.themeId}`),
    get("api hero-banners (cached)", "/api.php/hero-banners"),
    get("api pages/services_page (cached)", "/api.php/pages/services_page"),
    get("api pages/home_services (cached)", "/api.php/pages/home_services"),
    get("api pages/about_company (cached)", "/api.php/pages/about_company"),
    get("api services/{id} (cached)", `/api.php/services/${aims.serviceId}`),
    get("api service-types (Bearer public)", "/admin-api.php/service-types", PUBLIC_BEARER),
    get("api portfolios p1 (Bearer public)", "/admin-api.php/portfolios?page=1&limit=9", PUBLIC_BEARER),
    varied("api portfolios search (Bearer public; word varied)", (i) => `/admin-api.php/portfolios?page=1&limit=9&search=${wordOf(i)}`, PUBLIC_BEARER),
    get("api blog/posts p1 (as served)", "/api.php/blog/posts?page=1&limit=6"),
    varied("api blog/posts p1 (uncached: exclude varied)", () => `/api.php/blog/posts?page=1&limit=6&exclude=${noPost()}`),
    varied("api blog/posts last page (uncached: exclude varied)", () => `/api.php/blog/posts?page=${aims.lastBlogPage}&limit=6&exclude=${noPost()}`),
    varied("api blog/posts category (uncached: exclude varied)", () => `/api.php/blog/posts?page=1&limit=6&category=${blogCategory}&exclude=${noPost()}`),
    varied("api blog/posts search (word varied)", (i) => `/api.php/blog/posts?page=1&limit=6&search=${wordOf(i)}`),
    get("api blog/posts related (as served)", `/api.php/blog/posts?limit=3&category=${blogCategory}&exclude=${aims.postId}`),
    get("api blog/featured", "/api.php/blog/featured?limit=3"),
    get("api blog/categories", "/api.php/blog/categories"),
    get("api blog/tags", "/api.php/blog/tags?limit=8"),
    get("api blog/post/{slug}", `/api.php/blog/post/${slug}`),

    get("admin contacts p1", "/admin-api.php/contacts?page=1&limit=10", admin),
    get("admin contacts last page", `/admin-api.php/contacts?page=${aims.lastContactPage}&limit=10`, admin),
    get("admin contacts status=new", "/admin-api.php/contacts?page=1&limit=10&status=new", admin),
    varied("admin contacts search (word varied)", (i) => `/admin-api.php/contacts?page=1&limit=10&search=${wordOf(i)}`, admin),
    get("admin customers p1", "/admin-api.php/customers?page=1&limit=20", admin),
    varied("admin customers search (word varied)", (i) => `/admin-api.php/customers?page=1&limit=20&search=${wordOf(i)}`, admin),
    get("admin customers tag", `/admin-api.php/customers?page=1&limit=20&tag=${tag}`, admin),
    get("admin conversation newest page", customer, admin),
    get("admin conversation oldest page", aims.oldestBefore === undefined ? customer : `${customer}?before=${aims.oldestBefore}&limit=50`, admin),
    get("admin posts p1", "/admin-api.php/blog/posts?page=1&limit=20", admin),
    varied("admin posts search (word varied)", (i) => `/admin-api.php/blog/posts?page=1&limit=20&search=${wordOf(i)}`, admin),
    get("admin posts category+published", `/admin-api.php/blog/posts?page=1&limit=20&category=${aims.blogCategoryId}&status=published`, admin),
    get("admin blog categories", "/admin-api.php/blog/categories", admin),
    get("admin cases p1", "/admin-api.php/portfolios?page=1&limit=10", admin),
    varied("admin cases search (word varied)", (i) => `/admin-api.php/portfolios?page=1&limit=10&search=${wordOf(i)}`, admin),
    get("admin cases category", `/admin-api.php/portfolios?page=1&limit=10&category=${caseCategory}`, admin),
    get("admin media", "/admin-api.php/media", admin),
    get("admin dashboard stats", "/admin-api.php/stats", admin),
    get("admin dashboard activity", "/admin-api.php/activity?limit=10", admin),
    get("admin notifications (15 s poll)", "/admin-api.php/notifications", admin),
    { name: `LINE webhook, ${MESSAGES_PER_REQUEST} messages`, request: (i) => webhookRequest(webhookUsers, MESSAGES_PER_REQUEST, (k) => `請問${SEARCH_WORDS[(i + k) % SEARCH_WORDS.length]}的價格？`) },
  ];
}

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))]!;

/** One call on one server: its connection, its request count (the varied rows' counter), its timings. */
class Sampler {
  readonly #agent = new Agent({ keepAlive: true, maxSockets: 1 });
  readonly #baseUrl: string;
  readonly #call: Call;
  #sent = 0;
  readonly #times: number[] = [];
  #problem: string | undefined;

  constructor(baseUrl: string, call: Call) {
    this.#baseUrl = baseUrl;
    this.#call = call;
  }

  /** `count` requests one after another; kept as samples unless warming up. */
  async take(count: number, keep: boolean): Promise<void> {
    for (let n = 0; n < count && this.#problem === undefined; n++) {
      try {
        const answer = await send(this.#agent, this.#baseUrl, this.#call.request(this.#sent++));
        if (answer.status < 200 || answer.status >= 300) {
          this.#problem = `answered ${answer.status}: ${answer.body.toString("utf8").slice(0, 160)}`;
        } else if (keep && this.#call.cache && answer.headers["x-cache"] !== this.#call.cache) {
          // Checked on samples only: a page served from the cache is rendered once, while warming up.
          this.#problem = `x-cache ${answer.headers["x-cache"] ?? "missing"}, not ${this.#call.cache}`;
        }
        if (keep) this.#times.push(answer.ms);
      } catch (error) {
        this.#problem = error instanceof Error ? error.message : String(error);
      }
    }
  }

  done(): Measured {
    this.#agent.destroy();
    if (this.#times.length === 0) return { p50: NaN, p99: NaN, problem: this.#problem ?? "no sample" };
    const sorted = [...this.#times].sort((a, b) => a - b);
    return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), problem: this.#problem };
  }
}

/**
 * Each call on every scale's server: warmed up on each, then the samples in ROUNDS
 * alternating rounds (scale 0, 0.1, 1, scale 0, …), so that a busy moment of the
 * machine falls on every scale alike rather than on one column.
 */
async function measureSideBySide(prepared: Prepared[]) {
  const perRound = Math.ceil(SAMPLES / ROUNDS);
  for (const [index, call] of prepared[0]!.calls.entries()) {
    const samplers = prepared.map((p) => new Sampler(p.server.baseUrl, p.calls[index]!));
    for (const sampler of samplers) await sampler.take(WARM_UP, false);
    for (let round = 0; round < ROUNDS; round++) {
      for (const sampler of samplers) await sampler.take(Math.min(perRound, SAMPLES - round * perRound), true);
    }
    for (const [n, sampler] of samplers.entries()) prepared[n]!.run.results.set(call.name, sampler.done());
  }
}

/** The webhook from several connections at once: messages stored a second, counted in the database. */
async function webhookThroughput(target: Target, baseUrl: string, users: readonly string[]): Promise<{ stored: number; seconds: number; perSecond: number; refused: number }> {
  const count = async () => Number((await target.query<{ n: number | string }>("select count(*) as n from line_messages"))[0]!.n);
  const before = await count();
  let refused = 0;
  const started = performance.now();
  const until = started + WEBHOOK_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: WEBHOOK_CONNECTIONS }, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        while (performance.now() < until) {
          const answer = await send(agent, baseUrl, webhookRequest(users, MESSAGES_PER_REQUEST, (k) => `想預約${SEARCH_WORDS[k]}，謝謝`)).catch(() => undefined);
          if (answer?.status !== 200) refused++;
          // No server to answer: the count below says what was stored until then.
          if (!answer) break;
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const stored = (await count()) - before;
  return { stored, seconds, perSecond: stored / seconds, refused };
}

// ---------------------------------------------------------------- preparing a database

/** What a call needs to exist on an empty database: one post in a category, one case, one LINE customer with a tag and messages. */
async function addMinimalContent(api: Api, server: RunningServer, users: readonly string[]) {
  const category = await api.post<{ id?: number; category?: { id: number } }>("/admin-api.php/blog/categories", { name: "水塔清洗", slug: "water-tower" });
  const categoryId = category.category?.id ?? category.id;
  await api.post("/admin-api.php/blog/posts", {
    title: "水塔清洗的三個步驟",
    slug: "water-tower-steps",
    summary: "定期清洗水塔，家裡的水才乾淨。",
    content: "<p>水塔清洗分為排水、刷洗與消毒三個步驟。</p>",
    status: "published",
    category_id: categoryId,
    tags: "水塔,清洗",
  });
  const types = await api.get<Array<{ value: string }>>("/admin-api.php/service-types");
  if (types.length === 0) throw new Error("the fresh database has no service types to file a case under");
  await api.post("/admin-api.php/portfolios", { title: "基隆透天水塔清洗", description: "三樓透天，水塔清洗與消毒。", client: "基隆市", category: types[0]!.value, status: "active", completed_at: "2026-01-15" });
  const agent = new Agent({ keepAlive: false });
  const answer = await send(agent, server.baseUrl, webhookRequest(users.slice(0, 1), 3, (k) => ["你好，想問水塔清洗", "三樓透天", "週六可以嗎？"][k]!));
  if (answer.status !== 200) throw new Error(`the webhook answered ${answer.status}: ${answer.body.toString("utf8")}`);
  const listed = await api.get<{ customers: Array<{ id: number; display_name: string }> }>("/admin-api.php/customers?page=1&limit=20");
  const customer = listed.customers[0];
  if (!customer) throw new Error("the webhook's customer is not listed");
  await api.put(`/admin-api.php/customers/${customer.id}`, { display_name: customer.display_name || "陳小姐", tags: "水塔,基隆", notes: "" });
}

async function findAims(target: Target, api: Api): Promise<Aims> {
  const posts = await api.get<{ posts: Array<{ id: number; slug: string; category_slug: string }>; pagination: { total_pages: number } }>("/api.php/blog/posts?page=1&limit=6");
  const categories = await api.get<{ categories: Array<{ id: number; slug: string; post_count: number }> }>("/api.php/blog/categories");
  const busiestCategory = [...categories.categories].sort((a, b) => b.post_count - a.post_count)[0];
  const post = posts.posts.find((p) => p.category_slug) ?? posts.posts[0];
  if (!post || !busiestCategory) throw new Error("no published post in a category to aim at");

  const types = await api.get<Array<{ value: string }>>("/admin-api.php/service-types");
  let caseCategory = "";
  let most = -1;
  for (const type of types) {
    const found = await api.get<{ pagination: { total: number } }>(`/admin-api.php/portfolios?page=1&limit=1&category=${encodeURIComponent(type.value)}`);
    if (found.pagination.total > most) [caseCategory, most] = [type.value, found.pagination.total];
  }
  const settings = await api.get<{ active_theme_id: number | string }>("/api.php/settings");
  const items = await api.get<Array<{ id: number; is_active?: boolean | number }>>("/admin-api.php/service-items");
  const item = items.find((i) => i.is_active === undefined || Boolean(i.is_active)) ?? items[0];
  if (!item) throw new Error("no service item to aim at");

  const [busy] = await target.query<{ customer_id: number | string; n: number | string }>(
    "select customer_id, count(*) as n from line_messages group by customer_id order by count(*) desc, customer_id limit 1",
  );
  if (!busy) throw new Error("no LINE customer with messages to aim at");
  const busyCustomerId = Number(busy.customer_id);
  // The oldest page as the chat reaches it: 50 before the 51st oldest message (read back 500 at a time).
  const ids: number[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await api.get<{ messages: Array<{ id: number }>; has_more: boolean }>(`/admin-api.php/customers/${busyCustomerId}?limit=500${before ? `&before=${before}` : ""}`);
    ids.unshift(...page.messages.map((m) => m.id));
    if (!page.has_more || page.messages.length === 0) break;
    before = page.messages[0]!.id;
  }
  const oldestBefore = ids.length > 1 ? ids[Math.min(50, ids.length - 1)] : undefined;

  const customers = await api.get<{ customers: Array<{ tags: string[] }> }>("/admin-api.php/customers?page=1&limit=100");
  const customerTag = customers.customers.find((c) => c.tags.length > 0)?.tags[0] ?? "水塔";
  const contacts = await api.get<{ pagination: { total_pages: number } }>("/admin-api.php/contacts?page=1&limit=10");

  return {
    postSlug: post.slug,
    postId: post.id,
    lastBlogPage: Math.max(1, posts.pagination.total_pages),
    blogCategorySlug: busiestCategory.slug,
    blogCategoryId: busiestCategory.id,
    caseCategory,
    themeId: Number(settings.active_theme_id) || 1,
    serviceId: item.id,
    customerTag,
    busyCustomerId,
    busyCustomerMessages: Number(busy.n),
    oldestBefore,
    lastContactPage: Math.max(1, contacts.pagination.total_pages),
  };
}

/** Waits until the server is quiet (start-up work on a large database, its first jobs), at most 60 s. */
async function settle(pid: number): Promise<boolean> {
  for (let second = 0; second < 60; second++) {
    const stop = watchCpu([pid]);
    await sleep(1000);
    const share = stop();
    if (!share || share.watchedCores < 0.1) return true;
  }
  return false;
}

// ---------------------------------------------------------------- one database

interface ScaleRun {
  label: string;
  seedMs?: number;
  results: Map<string, Measured>;
  webhook?: { stored: number; seconds: number; perSecond: number; refused: number };
  aims?: Aims;
  counts?: string;
  failure?: string;
  notes: string[];
}

async function countsOf(target: Target): Promise<string> {
  const tables = ["blog_posts", "portfolios", "contacts", "line_customers", "line_messages", "media_files"];
  const figures: string[] = [];
  for (const table of tables) {
    try {
      figures.push(`${table} ${Number((await target.query<{ n: number | string }>(`select count(*) as n from ${table}`))[0]!.n).toLocaleString("en-US")}`);
    } catch {
      figures.push(`${table} ?`);
    }
  }
  return figures.join(", ");
}

/** A database with its server up, ready to be measured. */
interface Prepared {
  run: ScaleRun;
  target: Target;
  server: RunningServer;
  line: FakeLine;
  users: string[];
  calls: Call[];
}

/** Starts the production server (and a fake LINE) on a filled database and finds what to aim at; on failure the run says why. */
async function prepare(target: Target, run: ScaleRun, options: { minimal: boolean }): Promise<Prepared | undefined> {
  let server: RunningServer | undefined;
  let line: FakeLine | undefined;
  try {
    line = await startFakeLine({ channelAccessToken: CHANNEL_TOKEN, quotaLimit: null });
    const runTag = `${target.engine}${run.label.replace(/\W/g, "")}${Date.now() % 100_000}`;
    const users = Array.from({ length: WEBHOOK_USERS }, (_, n) => lineUser(runTag, n));
    for (const user of users) line.setProfile(user, { displayName: "LINE 客戶", statusMessage: "" });
    server = await startServer({
      dataDir: target.dataDir,
      port: await freePort(),
      env: { ...databaseEnv(target), LINE_API_BASE_URL: line.baseUrl, LINE_DATA_API_BASE_URL: line.dataBaseUrl },
    });
    const token = await signIn(server, BENCH_ADMIN.email, BENCH_ADMIN.password);
    const api = client(server, token);
    await api.post("/admin-api.php/settings", { line_channel_secret: CHANNEL_SECRET, line_channel_access_token: CHANNEL_TOKEN });
    if (options.minimal) await addMinimalContent(api, server, users);
    run.aims = await findAims(target, api);
    run.counts = await countsOf(target);
    return { run, target, server, line, users, calls: callsFor(run.aims, token, users, runTag) };
  } catch (error) {
    run.failure = error instanceof Error ? error.message : String(error);
    console.error(error);
    if (server) console.error(`--- last server output ---\n${server.output()}`);
    await server?.stop(5000);
    await line?.close();
    return undefined;
  }
}

/** Every prepared scale of one engine: settled, measured side by side, then the webhook's rate on each in turn. */
/** Measures; returns what the machine was doing meanwhile, when that colours the figures. */
async function measureEngine(prepared: Prepared[]): Promise<string[]> {
  const machine: string[] = [];
  for (const p of prepared) {
    if (!(await settle(p.server.pid))) p.run.notes.push(`the server was still busy 60 s after start; measured anyway.`);
  }
  const load = await otherLoad();
  if (load && load.otherCores > 0.25) {
    machine.push(`other processes took ${load.otherCores.toFixed(2)} of ${load.cores} cores before measuring: every figure overstates the server (the scales alternate, so their ratios less so).`);
  }
  const watching = watchCpu(["self", ...prepared.map((p) => p.server.pid)]);
  await asLoadGenerator(async () => {
    await measureSideBySide(prepared);
    for (const p of prepared) p.run.webhook = await webhookThroughput(p.target, p.server.baseUrl, p.users);
  });
  const during = watching();
  if (during && during.otherCores > 0.25) {
    const database = prepared[0]!.target.engine === "postgres" ? " (PostgreSQL's own work among them)" : "";
    machine.push(`while measuring, processes other than the servers and the bench took ${during.otherCores.toFixed(2)} of ${during.cores} cores on average${database}.`);
  }
  for (const p of prepared) {
    explainFaults(p);
    const { exitCode, signalCode } = p.server.child;
    if (exitCode !== null || signalCode !== null) p.run.notes.push(`the server stopped while measured (exit code ${exitCode}, signal ${signalCode}); its last lines:\n${p.server.output()}`);
  }
  return machine;
}

/** A 500 names its request id (代碼 …): the server's own log line for it says what failed. */
function explainFaults(p: Prepared) {
  const logFile = path.join(p.target.dataDir, `server-${new URL(p.server.baseUrl).port}.log`);
  let lines: string[] | undefined;
  for (const [name, measured] of p.run.results) {
    const requestId = /代碼 ([0-9a-f-]{36})/.exec(measured.problem ?? "")?.[1];
    if (!requestId) continue;
    lines ??= readFileSync(logFile, "utf8").split("\n");
    for (const line of lines.filter((l) => l.includes(requestId) && /"level":(50|60)/.test(l))) {
      const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } };
      p.run.notes.push(`${name}: the server logged ${entry.err?.message ?? entry.msg ?? line}`);
    }
  }
}

// ---------------------------------------------------------------- report

/** Terminal columns of a string: CJK characters take two. */
const columns = (text: string) => [...text].reduce((sum, ch) => sum + (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch) ? 2 : 1), 0);
const pad = (text: string, width: number) => text + " ".repeat(Math.max(0, width - columns(text)));

interface Verdict {
  text: string;
  pass: boolean;
  growth?: number;
}

/**
 * Calls answered from memory (a kept page, a kept JSON answer): the same work at every scale, so
 * their p99s are what the machine's scheduling alone gives a call — a control group. On this
 * 2-core machine they reach 10–20 ms at any scale (a garbage collection, the other servers' work).
 */
const isControl = (name: string) => /\((as served|cached)\)$/.test(name);

/**
 * The p99 that identical work reached at a scale: the largest of the control calls' p99s (at least
 * NOISE_FLOOR_MS). A call's growth is judged with both its p99s taken as at least their scale's
 * ceiling: below it, growth cannot be told from noise (the controls' own ratios reach 10×).
 */
function noiseCeiling(run: ScaleRun): number {
  const p99s = [...run.results].filter(([name, measured]) => isControl(name) && !measured.problem && Number.isFinite(measured.p99)).map(([, measured]) => measured.p99);
  return Math.max(NOISE_FLOOR_MS, ...p99s);
}

function judge(first: Measured | undefined, last: Measured | undefined, compare: boolean, ceilings: { first: number; last: number }): Verdict {
  if (!last) return { text: "✗ not measured", pass: false };
  const problem = last.problem ?? first?.problem;
  if (problem) return { text: `✗ ${problem}`, pass: false };
  const missed: string[] = [];
  let growth: number | undefined;
  let withinNoise = false;
  if (compare && first) {
    growth = Math.max(last.p99, NOISE_FLOOR_MS) / Math.max(first.p99, NOISE_FLOOR_MS);
    const beyondNoise = Math.max(last.p99, ceilings.last) / Math.max(first.p99, ceilings.first);
    if (beyondNoise > MAX_GROWTH) missed.push(`>${MAX_GROWTH}×`);
    else withinNoise = growth > MAX_GROWTH;
  }
  if (last.p99 > MAX_P99_MS) missed.push(`>${MAX_P99_MS} ms`);
  if (missed.length > 0) return { text: `✗ ${missed.join(" ")}`, pass: false, growth };
  return { text: withinNoise ? "✓ within noise" : "✓", pass: true, growth };
}

function printEngine(engine: Engine, runs: ScaleRun[], rows: VolumeRow[], machine: string[]) {
  const section = `volume ${engine}`;
  const measured = runs.filter((run) => !run.failure);
  for (const run of runs) {
    if (run.failure) rows.push({ section, metric: `${run.label}: did not complete`, value: run.failure.split("\n")[0]!, budget: "measured", pass: false });
  }
  if (measured.length === 0) return;
  const first = measured[0]!;
  const last = measured.at(-1)!;
  const compare = measured.length > 1 && first.label === "scale 0";
  const ceilings = { first: noiseCeiling(first), last: noiseCeiling(last) };
  const names = [...new Set(measured.flatMap((run) => [...run.results.keys()]))];
  const header = ["call", ...measured.map((run) => `${run.label} p50/p99 ms`), ...(compare ? [`p99 ${last.label.replace("scale ", "")}/0`] : []), "verdict"];
  const body: string[][] = [];
  let passed = 0;
  for (const name of names) {
    const verdict = judge(first.results.get(name), last.results.get(name), compare, ceilings);
    if (verdict.pass) passed++;
    else rows.push({ section, metric: name, value: `p99 ${measured.map((run) => fmtMs(run.results.get(name)?.p99 ?? NaN)).join(" → ")} ms`, budget: compare ? `≤ ${MAX_GROWTH}× scale 0, ≤ ${MAX_P99_MS} ms` : `≤ ${MAX_P99_MS} ms`, pass: false });
    body.push([
      name,
      ...measured.map((run) => {
        const m = run.results.get(name);
        return m && Number.isFinite(m.p99) ? `${fmtMs(m.p50)} / ${fmtMs(m.p99)}` : "—";
      }),
      ...(compare ? [verdict.growth === undefined ? "—" : `${verdict.growth.toFixed(2)}×`] : []),
      verdict.text,
    ]);
  }
  const widths = header.map((h, i) => Math.max(columns(h), ...body.map((line) => columns(line[i]!))));
  const line = (cells: string[]) => cells.map((c, i) => pad(c, widths[i]!)).join("  ").trimEnd();
  console.log(`\n${engine === "sqlite" ? "SQLite (DATA_DIR)" : "PostgreSQL (DATABASE_URL)"}: ${SAMPLES} samples a call and scale after ${WARM_UP} warm-up requests, one keep-alive connection, in ${ROUNDS} rounds${measured.length > 1 ? " alternating between the scales" : ""}`);
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const cells of body) console.log(line(cells));
  if (compare) {
    const controls = names.filter(isControl).length;
    console.log(`noise: the largest p99 of the ${controls} calls answered from memory (the same work at every scale) was ${fmtMs(ceilings.first)} ms at ${first.label} and ${fmtMs(ceilings.last)} ms at ${last.label}; growth is judged above it (the p99 ratio column is raw)`);
  }
  for (const run of measured) {
    const webhook = run.webhook;
    const rate = webhook ? `${Math.round(webhook.perSecond).toLocaleString("en-US")} messages/s stored (${webhook.stored.toLocaleString("en-US")} in ${webhook.seconds.toFixed(1)} s, ${WEBHOOK_CONNECTIONS} connections${webhook.refused ? `, ${webhook.refused} requests refused` : ""})` : "not measured";
    const seeded = run.seedMs === undefined ? "not seeded" : `seeded in ${(run.seedMs / 1000).toFixed(1)} s`;
    console.log(`${run.label}: ${seeded}; ${run.counts ?? ""}`);
    console.log(`  webhook: ${rate}`);
    if (run.aims) console.log(`  aimed at: post ${run.aims.postSlug}, /blog last page ${run.aims.lastBlogPage}, case type ${run.aims.caseCategory}, customer ${run.aims.busyCustomerId} (${run.aims.busyCustomerMessages.toLocaleString("en-US")} messages), tag ${run.aims.customerTag}`);
    if (run.seedMs !== undefined) rows.push({ section, metric: `${run.label}: npm run seed:volume`, value: `${(run.seedMs / 1000).toFixed(1)} s`, budget: "" });
    if (webhook) {
      rows.push({ section, metric: `${run.label}: LINE webhook, messages stored a second`, value: Math.round(webhook.perSecond).toLocaleString("en-US"), budget: `≥ ${MIN_WEBHOOK_MESSAGES_PER_SECOND.toLocaleString("en-US")}`, pass: webhook.perSecond >= MIN_WEBHOOK_MESSAGES_PER_SECOND && webhook.refused === 0 });
    }
    for (const note of run.notes) console.log(`  * ${note}`);
  }
  for (const note of machine) console.log(`* ${note}`);
  rows.push({ section, metric: `calls meeting both goals at ${last.label}`, value: `${passed} of ${names.length}`, budget: "all", pass: passed === names.length });
}

function listed<T extends string>(variable: string | undefined, fallback: T[], parse: (word: string) => T | undefined): T[] {
  if (!variable) return fallback;
  const values = variable.split(",").map((word) => word.trim()).filter(Boolean).map(parse);
  if (values.some((value) => value === undefined)) throw new Error(`cannot read ${JSON.stringify(variable)}`);
  return values as T[];
}

async function stopAll(prepared: Prepared[]) {
  for (const p of prepared) {
    await p.server.stop(5000);
    await p.line.close();
  }
}

/** The step: every engine and scale asked for, their tables printed; the rows for bench.ts's summary returned. */
export async function volumeBench(): Promise<VolumeRow[]> {
  const rows: VolumeRow[] = [];
  const given = process.env.VOLUME_DATA;
  if (given) {
    const target = givenTarget(given);
    console.log(`\nvolume: measuring the given ${target.engine} database ${given} as it is`);
    const run: ScaleRun = { label: "given", results: new Map(), notes: [] };
    const prepared = await prepare(target, run, { minimal: false });
    let machine: string[] = [];
    try {
      if (prepared) machine = await measureEngine([prepared]);
    } finally {
      if (prepared) await stopAll([prepared]);
      await target.drop();
    }
    printEngine(target.engine, [run], rows, machine);
    return rows;
  }
  const engines = listed(process.env.VOLUME_ENGINES, ["sqlite", "postgres"] as Engine[], (word) => (word === "sqlite" || word === "postgres" ? word : undefined));
  const scales = listed(process.env.VOLUME_SCALES, ["0", "0.1", "1"], (word) => (Number.isFinite(Number(word)) && Number(word) >= 0 ? word : undefined)).map(Number);
  for (const engine of engines) {
    if (engine === "postgres") {
      const problem = await postgresProblem();
      if (problem) {
        console.error(`\n!!! ${problem}\n`);
        rows.push({ section: "volume postgres", metric: "PostgreSQL", value: "not reachable: not measured", budget: "measured", pass: false });
        continue;
      }
    }
    const runs = scales.map((scale): ScaleRun => ({ label: `scale ${scale}`, results: new Map(), notes: [] }));
    const targets: Target[] = [];
    const prepared: Prepared[] = [];
    let machine: string[] = [];
    try {
      // Every database filled first, then the servers started: none idles (or is slowed) through another's seeding.
      for (const [index, scale] of scales.entries()) {
        const run = runs[index]!;
        const target = await freshTarget(engine, scale);
        targets.push(target);
        if (scale === 0) continue;
        console.log(`\nvolume: seeding scale ${scale} on ${engine}…`);
        try {
          run.seedMs = await seed(target, scale);
          console.log(`  seeded in ${(run.seedMs / 1000).toFixed(1)} s`);
        } catch (error) {
          run.failure = error instanceof Error ? error.message : String(error);
          console.error(run.failure);
        }
      }
      for (const [index, scale] of scales.entries()) {
        if (runs[index]!.failure) continue;
        const ready = await prepare(targets[index]!, runs[index]!, { minimal: scale === 0 });
        if (ready) prepared.push(ready);
      }
      if (prepared.length > 0) {
        console.log(`\nvolume: measuring ${engine} at ${prepared.map((p) => p.run.label).join(", ")} side by side (${prepared[0]!.calls.length} calls)…`);
        machine = await measureEngine(prepared);
      }
    } catch (error) {
      // What was measured before still goes in the table; the step says it did not finish.
      console.error(error);
      rows.push({ section: `volume ${engine}`, metric: "the measurement did not complete", value: error instanceof Error ? error.message.split("\n")[0]! : String(error), budget: "measured", pass: false });
    } finally {
      await stopAll(prepared);
      for (const target of targets) await target.drop();
    }
    printEngine(engine, runs, rows, machine);
  }
  return rows;
}
