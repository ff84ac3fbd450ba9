// Lighthouse (mobile) on every public page type as visitors get them: the
// production server on its own fresh data directory; the home page without
// banners and then with three active image banners (photo-sized JPEGs uploaded
// through the banners screen's API); Lighthouse navigations in Debian's
// Chromium (default mobile emulation, simulated throttling; three runs a page,
// the median one reported), each page's weight from the median run's network
// log. Offline: Chromium's background networking and component updates are off,
// and the pages are served from 127.0.0.1.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { tmpdir } from "node:os";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse, { generateReport, type Artifacts, type Flags, type Result } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import sharp from "sharp";
import { defaultSettings, type SettingKey } from "#contract/settings.ts";
import { BUILT_PAGE_KEY, builtPageTree } from "./built-page.ts";
import { rawGet, header } from "./http.ts";
import { BENCH_ADMIN, freePort, startServer, type RunningServer } from "./server.ts";
import { signIn } from "./upload.ts";

export const CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"];
export const LIGHTHOUSE_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];
/** Where the full reports go (gitignored), for the Lighthouse viewer or a browser. */
export const REPORT_DIR = ".tmp/lighthouse";

export const BANNER_WIDTH = 1920;
export const BANNER_HEIGHT = 1080;

/** One audit that kept its category from a full score, with what the report names as the cause. */
export interface FailingAudit {
  category: LighthouseCategory;
  id: string;
  title: string;
  score: number;
  displayValue?: string;
  /** Elements, URLs or reasons from the audit's details, one line each (at most 8). */
  items: string[];
  /** How many items the details held. */
  itemCount: number;
}

/** A kind of public page, with what it may weigh. */
export interface PageType {
  /** The report's file name under REPORT_DIR. */
  id: string;
  path: string;
  /** Measured after the content is created: three banners (the home page with banners), a dozen cases with photos (the gallery) and eight news posts (the news and an article). */
  withContent?: boolean;
  /** JavaScript budget, gzip: 100 KB for the home page (its carousel), 60 KB for a page without an interactive part. */
  jsBudgetKb: number;
  /** The status the page answers (404 for the not-found page). */
  status?: number;
  /**
   * Audits a page fails on purpose, left out of its category score with the reason:
   * a 404 answers 404 and is kept out of search results.
   */
  exempt?: Array<{ audit: string; why: string }>;
  /** Settings saved (through the settings API) for this page type alone, put back after it. */
  settings?: Record<string, string>;
  /** Addresses Chromium refuses to fetch (Lighthouse's blockedUrlPatterns): the bench never reaches the internet. */
  blockedUrls?: string[];
}

/** The article the `post` page type opens. */
const ARTICLE_SLUG = "spring-cleaning-tips";

export const PAGE_TYPES: PageType[] = [
  { id: "home", path: "/", jsBudgetKb: 100 },
  { id: "about", path: "/about", jsBudgetKb: 60 },
  { id: "services", path: "/services", jsBudgetKb: 60 },
  { id: "service", path: "/services/1", jsBudgetKb: 60 },
  // The gallery is interactive (search, filter, the case's modal): the interactive page's budget.
  { id: "portfolio", path: "/portfolio", jsBudgetKb: 100 },
  // Interactive (the form's and the map's islands share React): the interactive page's budget, as the home page's.
  { id: "contact", path: "/contact", jsBudgetKb: 100 },
  {
    id: "not-found",
    path: "/no-such-page",
    status: 404,
    jsBudgetKb: 60,
    exempt: [
      { audit: "http-status-code", why: "a page that does not exist answers 404" },
      { audit: "is-crawlable", why: "a 404 page is kept out of search results" },
      { audit: "errors-in-console", why: "Chromium logs the page's own 404 status as a console error" },
    ],
  },
  // The home page in the dark scheme (theme_mode, decision 028).
  { id: "home-dark", path: "/", jsBudgetKb: 100, settings: { theme_mode: "dark" } },
  // With a Google Analytics id: the loader runs after the page is interactive. Offline, Google's tag
  // itself is refused (blocked), so this measures what our page does, not Google's script.
  {
    id: "home-analytics",
    path: "/",
    jsBudgetKb: 100,
    settings: { google_analytics: "G-BENCH12345" },
    blockedUrls: ["*googletagmanager.com*", "*google-analytics.com*"],
    exempt: [{ audit: "errors-in-console", why: "offline, Chromium logs the blocked request for Google's tag" }],
  },
  { id: "home-banners", path: "/", withContent: true, jsBudgetKb: 100 },
  { id: "portfolio-cases", path: "/portfolio", withContent: true, jsBudgetKb: 100 },
  // The news with eight posts, three featured, each with its picture: static, no island.
  { id: "blog", path: "/blog", withContent: true, jsBudgetKb: 60 },
  // An article with its picture, paragraphs and related posts; its share links and view count are an island.
  { id: "post", path: `/blog/${ARTICLE_SLUG}`, withContent: true, jsBudgetKb: 100 },
  // A free page built with the page builder: text, a photo, service cards with their links, buttons (立即預約, 撥打電話) and a YouTube video (its player's small island).
  { id: "built", path: `/${BUILT_PAGE_KEY}`, withContent: true, jsBudgetKb: 60 },
];

export interface PageResult {
  page: PageType;
  url: string;
  lighthouseVersion: string;
  chromeVersion: string;
  /** Lighthouse's CPU benchmark of this machine (simulated throttling scales by it). */
  benchmarkIndex?: number;
  /** 0–100 per category, of the median run (exempt audits left out); null when Lighthouse could not score it. */
  scores: Record<LighthouseCategory, number | null>;
  /** The same for every run, in order. */
  runScores: Array<Record<LighthouseCategory, number | null>>;
  metrics: { fcpMs?: number; lcpMs?: number; tbtMs?: number; cls?: number };
  /** Everything the page loaded but images and video, as transferred. */
  transferWithoutImages: number;
  /** The scripts the page loaded, each gzipped as served. */
  scriptGzipBytes: number;
  scriptCount: number;
  lcpElement?: string;
  failing: FailingAudit[];
  runWarnings: string[];
  reportHtml: string;
}

export interface LighthouseRun {
  pages: PageResult[];
  banners: Array<{ title: string; imageUrl: string; uploadedBytes: number }>;
  /** Wall time of the Lighthouse runs (Chromium included), without the server and uploads. */
  lighthouseMs: number;
}

/** Every category at 100 on every page type (issue 10). */
export const PASSING_SCORE: Record<LighthouseCategory, number> = { performance: 100, accessibility: 100, "best-practices": 100, seo: 100 };
/** LCP budget under Lighthouse's simulated slow 4G and a slow phone's CPU (issue 32, decision 047). */
export const MAX_LCP_MS = 1000;
/** Blocking-time budget on the same slow phone: the page must be light to parse, not only to download. */
export const MAX_TBT_MS = 50;
/** Everything but images and video, per page. */
export const MAX_TRANSFER_WITHOUT_IMAGES = 120 * 1024;

const BANNERS = [
  { title: "專業居家清潔", subtitle: "基隆・台北・新北到府服務", description: "從廚房油垢到浴室水垢，一次打理乾淨。", hue: [210, 120, 60] },
  { title: "冷氣清洗保養", subtitle: "拆洗消毒，涼得安心", description: "分離式與窗型冷氣皆可，完工附前後對照照片。", hue: [60, 140, 200] },
  { title: "裝潢後細清", subtitle: "粉塵殘膠全面處理", description: "新屋入住前的最後一步，交給我們。", hue: [90, 170, 110] },
] as const;

/**
 * A 1920×1080 banner photo: a diagonal two-colour gradient, soft light blobs,
 * a few hard-edged shapes and sensor-like grain, JPEG quality 85 (a few hundred
 * KB, like a real hero photo, not a flat image that compresses to nothing).
 */
export async function bannerPhoto(index: number): Promise<Buffer> {
  const width = BANNER_WIDTH;
  const height = BANNER_HEIGHT;
  const [r0, g0, b0] = BANNERS[index % BANNERS.length]!.hue;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 0x51f15e + index * 7919;
  for (let y = 0; y < height; y++) {
    const v = y / height;
    for (let x = 0; x < width; x++) {
      const u = x / width;
      seed = (seed * 1664525 + 1013904223) >>> 0;
      const grain = ((seed >>> 24) & 31) - 16;
      const t = (u + v) / 2;
      const glow = 70 * Math.exp(-((u - 0.3) ** 2 + (v - 0.35) ** 2) * 9) + 40 * Math.exp(-((u - 0.75) ** 2 + (v - 0.7) ** 2) * 14);
      const texture = 18 * Math.sin(x * 0.045 + Math.sin(y * 0.013) * 4) * Math.sin(y * 0.037 + Math.cos(x * 0.009) * 3);
      const shape = (x % 320 < 140 && y % 270 < 110 && u > 0.55) ? -45 : 0;
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, r0 * (1 - t) + (255 - r0) * t * 0.6 + glow + texture + shape + grain));
      pixels[i + 1] = Math.max(0, Math.min(255, g0 * (1 - t) + (255 - g0) * t * 0.6 + glow + texture * 0.8 + shape + grain));
      pixels[i + 2] = Math.max(0, Math.min(255, b0 * (1 - t) + (255 - b0) * t * 0.6 + glow * 0.7 + texture * 0.5 + shape + grain));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

async function uploadImage(server: RunningServer, token: string, photo: Buffer, name: string, folder: string): Promise<string> {
  const form = new FormData();
  form.append("folder", folder);
  form.append("image", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), name);
  const res = await fetch(`${server.baseUrl}/api.php/upload`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await res.json()) as { data?: { url?: string }; message?: string };
  if (res.status !== 200 || !body.data?.url) throw new Error(`POST /api.php/upload answered ${res.status}: ${body.message ?? ""}`);
  return body.data.url;
}

async function post(server: RunningServer, token: string, path: string, entry: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(entry),
  });
  const body = (await res.json()) as { message?: string; errors?: unknown };
  if (res.status !== 200) throw new Error(`POST ${path} answered ${res.status}: ${body.message ?? ""} ${JSON.stringify(body.errors ?? "")}`);
}

/** A dozen cases, three featured, each with a before/after group of photo-sized pictures (the gallery as a company fills it). */
async function createCases(server: RunningServer, token: string): Promise<number> {
  const pictures: string[] = [];
  for (let index = 0; index < 4; index++) pictures.push(await uploadImage(server, token, await bannerPhoto(index), `case-${index + 1}.jpg`, "portfolios"));
  const types = ["water_tank_service", "floor_cleaning", "stone_polishing", "high_altitude_cleaning"];
  const count = 12;
  for (let index = 0; index < count; index++) {
    await post(server, token, "/admin-api.php/portfolios", {
      title: `基隆社區大樓清潔案例 ${index + 1}`,
      description: "清潔前後對照，施工兩天完成。",
      client: ["基隆市信義區", "台北市大安區", "新北市板橋區"][index % 3],
      category: types[index % types.length],
      technologies: ["高壓沖洗", "環保藥劑", "除垢", "消毒", "拋光"].slice(0, 2 + (index % 4)),
      featured: index < 3,
      completed_at: `2026-0${1 + (index % 9)}-15`,
      photo_groups: [{ before_image: pictures[index % 4], after_image: pictures[(index + 1) % 4] }],
    });
  }
  return count;
}

/**
 * Eight published posts in two categories, three featured, each with a photo-sized
 * picture; the newest is a real-length article (a summary, headings, paragraphs,
 * a list) whose category holds three more posts, its related posts.
 */
async function createPosts(server: RunningServer, token: string): Promise<void> {
  const pictures: string[] = [];
  for (let index = 0; index < 4; index++) pictures.push(await uploadImage(server, token, await bannerPhoto(index + 1), `news-${index + 1}.jpg`, "blog"));
  const categoryId = async (name: string, slug: string) => {
    const res = await fetch(`${server.baseUrl}/admin-api.php/blog/categories`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name, slug }),
    });
    const body = (await res.json()) as { data?: { category?: { id: number } }; message?: string };
    if (!body.data?.category) throw new Error(`POST /admin-api.php/blog/categories answered ${res.status}: ${body.message ?? ""}`);
    return body.data.category.id;
  };
  const tips = await categoryId("清潔知識", "tips");
  const news = await categoryId("公司公告", "news");
  const paragraph = "大樓與住家的清潔，最怕的是看不到的角落：冷氣濾網、水塔底部、排水管與窗溝。這些地方累積的灰塵與水垢，不只影響外觀，也關係到家人的健康。我們整理了現場人員多年的經驗，讓您在專業清潔之間也能自己維持。";
  const titles = ["冷氣清洗前後差多少？實測告訴你", "公司榮獲社區管委會優良廠商", "石材地板晶化保養的三個重點", "颱風過後的居家清潔順序", "水塔多久要清洗一次？", "新北服務據點正式啟用", "浴室水垢的天然清潔法"];
  const day = 86_400_000;
  for (const [index, title] of titles.entries()) {
    await post(server, token, "/admin-api.php/blog/posts", {
      title,
      summary: index % 2 === 0 ? "" : `${title}：重點整理與現場經驗分享。`,
      content: `<p>${paragraph}</p><p>${paragraph}</p>`,
      featured_image: pictures[index % pictures.length],
      status: "published",
      is_featured: index < 3 ? 1 : 0,
      published_at: new Date(Date.now() - (titles.length - index + 1) * day).toISOString(),
      category_id: index % 3 === 1 ? news : tips,
      tags: ["居家清潔", index % 2 === 0 ? "清潔技巧" : "公司消息"].join(","),
    });
  }
  await post(server, token, "/admin-api.php/blog/posts", {
    title: "春季大掃除的五個小技巧：從高處到低處，一次做對",
    slug: ARTICLE_SLUG,
    summary: "換季時節是大掃除的好時機。依照由上而下、先乾後濕的順序，省時又不重工。",
    content: [
      `<p>${paragraph}</p>`,
      "<h2>一、由上而下，先乾後濕</h2>",
      `<p>先處理燈具、櫃頂與冷氣出風口的灰塵，再擦拭桌面，最後才拖地。${paragraph}</p>`,
      "<h2>二、準備對的工具</h2>",
      "<ul><li>超細纖維抹布：吸附灰塵不留毛屑</li><li>軟毛刷：處理窗溝與紗窗</li><li>中性清潔劑：適用大多數表面</li></ul>",
      "<h2>三、最難的交給專業</h2>",
      `<p>高處外窗、水塔與石材地板需要專業設備與安全措施。${paragraph}</p>`,
      '<p>需要協助嗎？歡迎<a href="/contact">預約到府評估</a>，我們將為您安排最合適的清潔方案。</p>',
    ].join(""),
    featured_image: pictures[0],
    status: "published",
    published_at: new Date(Date.now() - day).toISOString(),
    category_id: tips,
    tags: "居家清潔,大掃除,清潔技巧",
  });
}

/** The free page built with the page builder, published with its SEO texts; its pictures uploaded to the media library. */
async function createBuiltPage(server: RunningServer, token: string): Promise<void> {
  const photo = await uploadImage(server, token, await bannerPhoto(2), "living-room.jpg", "pages");
  const poster = await uploadImage(server, token, await bannerPhoto(0), "water-tank.jpg", "pages");
  await post(server, token, "/admin-api.php/pages", {
    page_key: BUILT_PAGE_KEY,
    title: "春季大掃除方案",
    content: JSON.stringify({ builder: builtPageTree(photo, poster), html: "" }),
    meta_title: "春季大掃除方案｜專業到府清潔",
    meta_description: "基隆、台北、新北春季大掃除：居家清潔、水塔清洗消毒與社區大樓維護，專人到府評估、報價透明，完工附清潔前後照片。",
    meta_keywords: "大掃除,居家清潔,水塔清洗",
    is_active: 1,
  });
}

interface Chain {
  url: string;
  navStartToEndTime: number;
  isLongest?: boolean;
  children?: Record<string, Chain>;
}

/** The longest critical request chain of a network-tree, as "url (end ms)" steps. */
function longestChain(chains: Record<string, Chain>): string[] {
  const steps: string[] = [];
  let level: Chain[] = Object.values(chains);
  while (level.length > 0) {
    const next = level.find((chain) => chain.isLongest) ?? level.reduce((a, b) => (b.navStartToEndTime > a.navStartToEndTime ? b : a));
    steps.push(`${next.url} (${Math.round(next.navStartToEndTime)} ms)`);
    level = Object.values(next.children ?? {});
  }
  return steps;
}

/** What an audit's details name: elements (selector and HTML), URLs, source locations or reasons. */
function detailLines(details: unknown): { lines: string[]; count: number } {
  const d = details as { type?: string; items?: unknown[] } | undefined;
  if (!d || !Array.isArray(d.items)) return { lines: [], count: 0 };
  const flatten = (item: unknown): unknown[] => {
    const it = item as { type?: string; items?: unknown[] };
    // "list" details hold tables; "checklist"-like details hold plain objects.
    if (it && it.type && Array.isArray(it.items)) return it.items.flatMap(flatten);
    return [item];
  };
  const items = d.items.flatMap(flatten);
  const describe = (value: unknown): string => {
    if (value === null || value === undefined) return "";
    if (typeof value !== "object") return String(value);
    const v = value as Record<string, unknown>;
    if (v.type === "node") {
      const parts = [v.selector ? String(v.selector) : "", v.snippet ? String(v.snippet).replace(/\s+/g, " ").slice(0, 160) : ""].filter(Boolean);
      const why = typeof v.explanation === "string" ? ` — ${v.explanation.replace(/\s+/g, " ").slice(0, 300)}` : "";
      return parts.join(" ") + why;
    }
    if (v.type === "source-location") return `${String(v.url ?? "")}:${Number(v.line ?? 0) + 1}:${Number(v.column ?? 0) + 1}`;
    if (v.type === "url" || v.type === "code" || v.type === "text") return String(v.value ?? "");
    if (typeof v.formattedDefault === "string") return v.formattedDefault;
    return "";
  };
  const lines: string[] = [];
  for (const item of items) {
    const fields = item as Record<string, unknown>;
    const parts: string[] = [];
    if (fields.type === "list-section") {
      // Insight sections: a request chain (the longest one, as URL and end time) or a titled text.
      const value = fields.value as { type?: string; chains?: Record<string, Chain>; value?: unknown } | undefined;
      if (value?.type === "network-tree") parts.push(`longest chain: ${longestChain(value.chains ?? {}).join(" → ")}`);
      else if (fields.title) parts.push(`${String(fields.title)}: ${describe(value)}`);
      const line = parts.join("").replace(/\s+/g, " ").trim();
      if (line && !lines.includes(line)) lines.push(line);
      continue;
    }
    const node = fields.type === "node" ? item : fields.node;
    if (node) parts.push(describe(node));
    for (const key of ["url", "groupLabel", "source", "sourceLocation", "description", "reason", "issueType", "failureReason", "label", "value", "wastedBytes", "totalBytes", "total", "duration"]) {
      if (key in fields && !(key === "value" && node)) {
        const text = describe(fields[key]);
        if (!text) continue;
        if (key === "wastedBytes" || key === "totalBytes") parts.push(`${key} ${text}`);
        else if (key === "total" || key === "duration") parts.push(`${Math.round(Number(text))} ms`);
        else parts.push(text);
      }
    }
    const subItems = (fields.subItems as { items?: unknown[] } | undefined)?.items;
    if (subItems?.length) parts.push(`(${subItems.map((s) => Object.values(s as object).map(describe).filter(Boolean).join(" ")).slice(0, 3).join("; ")})`);
    const line = parts.filter(Boolean).join(" | ").replace(/\s+/g, " ").trim();
    if (line && !lines.includes(line)) lines.push(line);
  }
  return { lines: lines.slice(0, 8), count: items.length };
}

/**
 * The issues behind `inspector-issues`, which the report itself names only by
 * type ("Content security policy"): from the artifacts, one line each.
 */
function inspectorIssueLines(issues: Artifacts["InspectorIssues"] | undefined): string[] {
  const lines: string[] = [];
  for (const [kind, list] of Object.entries(issues ?? {}) as Array<[string, unknown[]]>) {
    for (const issue of list) {
      const i = issue as Record<string, unknown> & {
        sourceCodeLocation?: { url?: string; lineNumber?: number; columnNumber?: number };
        request?: { url?: string };
      };
      const where = i.sourceCodeLocation ? ` at ${i.sourceCodeLocation.url ?? "?"}:${(i.sourceCodeLocation.lineNumber ?? 0) + 1}:${(i.sourceCodeLocation.columnNumber ?? 0) + 1}` : "";
      if (kind === "contentSecurityPolicyIssue") {
        const blocked = i.blockedURL ? ` blocked ${String(i.blockedURL)}` : "";
        lines.push(`CSP ${String(i.contentSecurityPolicyViolationType ?? "")}: directive ${String(i.violatedDirective ?? "?")}${i.isReportOnly ? " (report-only)" : ""}${blocked}${where}`);
      } else {
        const { sourceCodeLocation: _where, ...rest } = i;
        lines.push(`${kind}: ${JSON.stringify(rest).slice(0, 300)}${where}`);
      }
    }
  }
  return [...new Set(lines)];
}

/** The element a node-carrying audit (the LCP breakdown) names first. */
function firstNode(details: unknown): string | undefined {
  const items = (details as { items?: unknown[] } | undefined)?.items ?? [];
  const node = items.find((item) => (item as { type?: string }).type === "node");
  return node ? detailLines({ type: "list", items: [node] }).lines[0] : undefined;
}

/**
 * Audits that kept a category under 100, per category: binary audits that
 * failed, and for performance the metrics and insights under 0.9 (Lighthouse's
 * own "passed" line). Categories at 100 list nothing.
 */
function failingAudits(lhr: Result, issues: Artifacts["InspectorIssues"] | undefined, exempt: ReadonlySet<string>): FailingAudit[] {
  const failing: FailingAudit[] = [];
  for (const category of LIGHTHOUSE_CATEGORIES) {
    const cat = lhr.categories[category];
    if (!cat || cat.score === 1) continue;
    for (const ref of cat.auditRefs) {
      if (exempt.has(ref.id)) continue;
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || ["notApplicable", "informative", "manual", "error"].includes(audit.scoreDisplayMode)) continue;
      if (audit.score >= (category === "performance" ? 0.9 : 1)) continue;
      let { lines, count } = detailLines(audit.details);
      if (audit.id === "inspector-issues") {
        const fromArtifacts = inspectorIssueLines(issues);
        if (fromArtifacts.length > 0) [lines, count] = [fromArtifacts.slice(0, 8), fromArtifacts.length];
      }
      failing.push({ category, id: audit.id, title: audit.title, score: audit.score, displayValue: audit.displayValue, items: lines, itemCount: count });
    }
  }
  return failing;
}

/** A category's score as Lighthouse computes it (the weighted mean of its audits), without the exempt audits. */
function categoryScore(lhr: Result, category: LighthouseCategory, exempt: ReadonlySet<string>): number | null {
  const cat = lhr.categories[category];
  if (!cat) return null;
  if (exempt.size === 0) return cat.score === null ? null : Math.round(cat.score * 100);
  let weighted = 0;
  let weights = 0;
  for (const ref of cat.auditRefs) {
    const score = lhr.audits[ref.id]?.score;
    if (exempt.has(ref.id) || ref.weight === 0 || score === null || score === undefined) continue;
    weighted += ref.weight * score;
    weights += ref.weight;
  }
  return weights === 0 ? null : Math.round((weighted / weights) * 100);
}

interface NetworkRecord {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/** What the page loaded but images and video, and its scripts gzipped as the server keeps them (asked for gzip). */
async function pageWeight(lhr: Result): Promise<{ transferWithoutImages: number; scriptGzipBytes: number; scriptCount: number }> {
  const records = ((lhr.audits["network-requests"]?.details as { items?: NetworkRecord[] } | undefined)?.items ?? []) as NetworkRecord[];
  let transferWithoutImages = 0;
  let scriptGzipBytes = 0;
  let scriptCount = 0;
  for (const record of records) {
    if (record.resourceType === "Image" || record.resourceType === "Media") continue;
    transferWithoutImages += record.transferSize ?? 0;
    // Our own scripts only: the bench is offline (a blocked outside script was never ours to weigh).
    if (record.resourceType !== "Script" || !record.url.startsWith("http://127.0.0.1")) continue;
    const res = await rawGet(record.url, { "accept-encoding": "gzip" });
    scriptGzipBytes += header(res, "content-encoding") === "gzip" ? res.body.length : gzipSync(res.body, { level: 9 }).length;
    scriptCount += 1;
  }
  return { transferWithoutImages, scriptGzipBytes, scriptCount };
}

/** `runCount` Lighthouse runs of one URL, each in a fresh Chromium; the median run (Lighthouse's own choice) and every run's result. */
async function runLighthouse(url: string, runCount: number, chromeRef: { current?: Awaited<ReturnType<typeof launch>> }, expectedStatus = 200, blockedUrls: string[] = []) {
  // A run Lighthouse itself gives up on (NO_NAVSTART, an interstitial: seen now and then on a busy machine) is tried again, up to twice.
  const runs: Array<{ lhr: Result; issues: Artifacts["InspectorIssues"] | undefined }> = [];
  const runtimeErrors: string[] = [];
  for (let attempt = 0; runs.length < runCount && attempt < runCount + 2; attempt++) {
    chromeRef.current = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: "silent", handleSIGINT: false });
    const flags: Flags = {
      port: chromeRef.current.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...LIGHTHOUSE_CATEGORIES],
      formFactor: "mobile",
      throttlingMethod: "simulate",
      // The 404 page is measured on purpose (Lighthouse otherwise refuses an error status).
      ignoreStatusCode: expectedStatus !== 200,
      blockedUrlPatterns: blockedUrls,
    };
    try {
      const runner = await lighthouse(url, flags);
      if (!runner) throw new Error("Lighthouse returned no result");
      if (runner.lhr.runtimeError) runtimeErrors.push(`${runner.lhr.runtimeError.code}: ${runner.lhr.runtimeError.message}`);
      else runs.push({ lhr: runner.lhr, issues: runner.artifacts?.InspectorIssues });
    } finally {
      chromeRef.current.kill();
      chromeRef.current = undefined;
    }
  }
  if (runs.length === 0) throw new Error(`Lighthouse failed every run of ${url}: ${runtimeErrors.join("; ")}`);
  const lhr = computeMedianRun(runs.map((run) => run.lhr));
  return { lhr, runs, issues: runs.find((run) => run.lhr === lhr)?.issues, runtimeErrors };
}

async function measurePage(server: RunningServer, page: PageType, runCount: number, chromeRef: { current?: Awaited<ReturnType<typeof launch>> }): Promise<PageResult> {
  const url = `${server.baseUrl}${page.path}`;
  // One request first, so the first render and the cache fills are not what Lighthouse measures.
  await (await fetch(url)).arrayBuffer();
  const { lhr, runs, issues, runtimeErrors } = await runLighthouse(url, runCount, chromeRef, page.status, page.blockedUrls);
  const exempt = new Set((page.exempt ?? []).map((entry) => entry.audit));
  const scoresOf = (result: Result) =>
    Object.fromEntries(LIGHTHOUSE_CATEGORIES.map((category) => [category, categoryScore(result, category, exempt)])) as Record<LighthouseCategory, number | null>;

  mkdirSync(REPORT_DIR, { recursive: true });
  const reportHtml = path.join(REPORT_DIR, `${page.id}.report.html`);
  writeFileSync(path.join(REPORT_DIR, `${page.id}.report.json`), JSON.stringify(lhr, null, 2));
  writeFileSync(reportHtml, generateReport(lhr, "html"));

  const numeric = (id: string) => lhr.audits[id]?.numericValue;
  return {
    page,
    url,
    lighthouseVersion: lhr.lighthouseVersion,
    chromeVersion: lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? lhr.environment.hostUserAgent,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    scores: scoresOf(lhr),
    runScores: runs.map((run) => scoresOf(run.lhr)),
    metrics: {
      fcpMs: numeric("first-contentful-paint"),
      lcpMs: numeric("largest-contentful-paint"),
      tbtMs: numeric("total-blocking-time"),
      cls: numeric("cumulative-layout-shift"),
    },
    ...(await pageWeight(lhr)),
    lcpElement: firstNode(lhr.audits["lcp-breakdown-insight"]?.details),
    failing: failingAudits(lhr, issues, exempt),
    runWarnings: [
      ...runtimeErrors.map((error) => `a run was repeated after ${error}`),
      // A 404 page is measured on purpose.
      ...lhr.runWarnings.map(String).filter((warning: string) => !(page.id === "not-found" && /status code|404/i.test(warning))),
      ...Object.values<Result["audits"][string]>(lhr.audits)
        .filter((audit) => audit.scoreDisplayMode === "error")
        .map((audit) => `audit ${audit.id} could not run: ${audit.errorMessage ?? "no reason given"}`),
    ],
    reportHtml,
  };
}

/**
 * The whole step: a server on a fresh data directory; every page type without
 * banners, then three banners, the cases, the news and the built page, and the
 * pages measured with them. The server and
 * Chromium are stopped and the data directory removed whatever happens.
 */
export async function lighthousePages(
  pages: PageType[],
  runCount = 3,
  onPage?: (result: PageResult) => void,
  onFailure?: (page: PageType, reason: string) => void,
): Promise<LighthouseRun> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM} (as root: apt-get update && apt-get install -y chromium fonts-noto-cjk)`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-lighthouse-"));
  let server: RunningServer | undefined;
  const chromeRef: { current?: Awaited<ReturnType<typeof launch>> } = {};
  const stopOnSignal = () => {
    try {
      chromeRef.current?.kill();
    } catch {
      // Already gone.
    }
    void (server?.stop(1000) ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once("SIGINT", stopOnSignal);
  process.once("SIGTERM", stopOnSignal);
  try {
    server = await startServer({ dataDir, port: await freePort() });
    const results: PageResult[] = [];
    const banners: LighthouseRun["banners"] = [];
    let lighthouseMs = 0;
    let adminToken: string | undefined;
    const saveSettings = async (patch: Record<string, string>) => {
      adminToken ??= await signIn(server!, BENCH_ADMIN.email, BENCH_ADMIN.password);
      await post(server!, adminToken, "/admin-api.php/settings", patch);
    };
    const measureAll = async (selected: PageType[]) => {
      for (const page of selected) {
        const started = performance.now();
        try {
          if (page.settings) await saveSettings(page.settings);
          const result = await measurePage(server!, page, runCount, chromeRef).finally(async () => {
            // Back to the defaults the other page types are measured with.
            if (page.settings) await saveSettings(Object.fromEntries(Object.keys(page.settings).map((key) => [key, defaultSettings[key as SettingKey]])));
          });
          results.push(result);
          onPage?.(result);
        } catch (error) {
          // One page Lighthouse cannot measure is a miss of its own; the other pages are still measured.
          onFailure?.(page, error instanceof Error ? error.message : String(error));
        }
        lighthouseMs += performance.now() - started;
      }
    };
    await measureAll(pages.filter((page) => !page.withContent));

    const withContent = pages.filter((page) => page.withContent);
    if (withContent.length > 0) {
      const token = await signIn(server, BENCH_ADMIN.email, BENCH_ADMIN.password);
      for (const [index, banner] of BANNERS.entries()) {
        const photo = await bannerPhoto(index);
        const imageUrl = await uploadImage(server, token, photo, `banner-${index + 1}.jpg`, "banners");
        await post(server, token, "/api.php/hero-banners", {
          title: banner.title,
          subtitle: banner.subtitle,
          description: banner.description,
          media_type: "image",
          image_url: imageUrl,
          button_text: "立即諮詢",
          button_link: "/contact",
          is_active: true,
          sort_order: index,
        });
        banners.push({ title: banner.title, imageUrl, uploadedBytes: photo.length });
      }
      await createCases(server, token);
      await createPosts(server, token);
      if (withContent.some((page) => page.id === "built")) await createBuiltPage(server, token);
      await measureAll(withContent);
    }
    return { pages: results, banners, lighthouseMs };
  } finally {
    process.removeListener("SIGINT", stopOnSignal);
    process.removeListener("SIGTERM", stopOnSignal);
    try {
      chromeRef.current?.kill();
    } catch {
      // Already gone.
    }
    await server?.stop(5000);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
