// Issue 27: a database as full as ten busy years make it, for measuring. At
// scale 1: 5,000 news posts, 2,000 cases of four photo groups, 200,000 contact
// messages, 10,000 LINE customers with 1,000,000 messages, 50,000 activity
// entries and 100 free pages, all in Traditional Chinese, over the ten years
// before `now`; scale N multiplies every count (0 writes nothing). The same
// seed and scale write the same content. A database holding more than a first
// start seeds is refused unless `force` (restore-target.ts says what that is).
//
// Rows are written straight into the tables, as the restore does, not through
// the operation runner: a million operations would take hours, and the rows are
// made the way the operations make them (their stored shapes, search columns
// and file references), which is what measuring needs.
import { sql } from "kysely";
import type { Db } from "#server/db/database.ts";
import { readOnly } from "#server/db/database.ts";
import type { SqlFlavour } from "#server/db/migrations/portable.ts";
import type { FileStorage } from "#server/integrations/storage.ts";
import { whatTargetHolds } from "#server/modules/backups/restore-target.ts";
import { fillActivity } from "./activity.ts";
import { fillBlog } from "./blog.ts";
import { fillCases } from "./cases.ts";
import { fillContacts } from "./contacts.ts";
import type { VolumeContext } from "./context.ts";
import { fillLine } from "./line.ts";
import { writePictures } from "./media.ts";
import { fillPages } from "./pages.ts";
import { Random } from "./random.ts";
import { Timeline } from "./timeline.ts";

/** Ten busy years. */
export const SCALE_ONE = { posts: 5_000, cases: 2_000, contacts: 200_000, customers: 10_000, messages: 1_000_000, activity: 50_000, pages: 100 } as const;
export type VolumeCounts = { [K in keyof typeof SCALE_ONE]: number };

export const DEFAULT_SEED = 27;

export interface VolumeOptions {
  scale: number;
  seed?: number;
  force?: boolean;
  /** The end of the ten years; default the start of today (UTC), so that runs on one day write the same. */
  now?: Date;
  log?: (line: string) => void;
}

export class VolumeTargetNotEmptyError extends Error {
  override name = "VolumeTargetNotEmptyError";
  constructor(holds: string[]) {
    super(`The database is not empty: it holds ${holds.join("; ")}. Run it again with --force to add the volume to what is there.`);
  }
}

export const countsAt = (scale: number): VolumeCounts =>
  Object.fromEntries(Object.entries(SCALE_ONE).map(([name, count]) => [name, Math.round(count * scale)])) as VolumeCounts;

export async function seedVolume(deps: { db: Db; flavour: SqlFlavour; storage: FileStorage }, options: VolumeOptions): Promise<VolumeCounts> {
  const counts = countsAt(options.scale);
  const log = options.log ?? (() => {});
  if (Object.values(counts).every((count) => count === 0)) return counts;
  const holds = await whatTargetHolds({ db: readOnly(deps.db), flavour: deps.flavour, storage: deps.storage });
  if (holds.length > 0 && !options.force) throw new VolumeTargetNotEmptyError(holds);

  const admin = await deps.db.selectFrom("admin_users").select("id").orderBy("id").executeTakeFirst();
  if (!admin) throw new Error("The database has no administrator: start the site once (or run this with ADMIN_EMAIL / ADMIN_PASSWORD) to seed it");
  const started = performance.now();
  const random = new Random(options.seed ?? DEFAULT_SEED);
  const today = options.now ?? new Date(new Date().setUTCHours(0, 0, 0, 0));
  const timeline = new Timeline(today);
  const writer = { db: deps.db, flavour: deps.flavour, log };
  const pictures = await writePictures(writer, deps.storage, random.fork("pictures"), timeline);
  const context = (name: string): VolumeContext => ({ writer, random: random.fork(name), timeline, adminId: admin.id, pictures });

  const posts = await fillBlog(context("blog"), counts.posts);
  const cases = await fillCases(context("cases"), counts.cases);
  const pages = await fillPages(context("pages"), counts.pages);
  const contacts = await fillContacts(context("contacts"), counts.contacts);
  const customers = await fillLine(context("line"), counts.customers, counts.messages);
  await fillActivity(context("activity"), counts.activity, { posts, cases, contacts, customers, pages });
  // The tables as a site that grew over years has them, which autovacuum would take a while to reach (and would
  // otherwise do during the bench): the planners' statistics, and on PostgreSQL the visibility map too, by which
  // a count read off an index skips the rows of pages nothing has changed since.
  await sql`${sql.raw(deps.flavour === "postgres" ? "vacuum analyze" : "analyze")}`.execute(deps.db);
  log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s (seed ${random.seed}, scale ${options.scale}, ten years to ${today.toISOString().slice(0, 10)})`);
  return { ...counts, pages: pages.length };
}
