// The activity log: ten years of the staff signing in and handling what came
// (messages marked, posts and cases written, customers' records, pages and
// settings), each entry in the words its operation writes and naming a record
// that existed at that time.
import { contactStatusLabels } from "#contract/contact.ts";
import type { Made, VolumeContext } from "./context.ts";
import { fillTables } from "./insert-batches.ts";
import { iso } from "./timeline.ts";

interface Sources {
  posts: Made[];
  cases: Made[];
  contacts: Made[];
  customers: Made[];
  pages: Made[];
}

/** One of the records made before `at` (they are sorted by time), or none yet. */
function before(records: readonly Made[], at: number, pick: (count: number) => number): Made | undefined {
  let [low, high] = [0, records.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (records[middle]!.at < at) low = middle + 1;
    else high = middle;
  }
  return low === 0 ? undefined : records[pick(low)];
}

export async function fillActivity(context: VolumeContext, count: number, sources: Sources): Promise<void> {
  const { writer, random, timeline, adminId } = context;
  const admin = await writer.db.selectFrom("admin_users").select("name").where("id", "=", adminId).executeTakeFirstOrThrow();
  const moments = timeline.sortedMoments(random, count);
  const pick = (available: number) => random.int(0, available - 1);

  await fillTables(writer, "activity", async (open) => {
    const entries = open("activity_log", ["admin_user_id", "action", "entity_type", "entity_id", "summary", "created_at"]);
    for (const at of moments) {
      const kind = random.weighted<string>([
        ["auth.login", 30], ["contact.status", 26], ["blog.update", 9], ["blog.create", 5], ["portfolio.update", 5], ["portfolio.create", 3],
        ["customer.update", 4], ["customer.message", 8], ["contact.note", 3], ["page.update", 3], ["settings.update", 2],
      ]);
      const entry = entryOf(kind, at);
      await entries.add([adminId, entry?.action ?? "auth.login", entry?.type ?? "admin", entry?.id ?? String(adminId), entry?.summary ?? `${admin.name} 登入後台`, iso(at)]);
    }
  });

  /** The entry of this kind at `at`; none when it would name a record not made yet (a sign-in then). */
  function entryOf(kind: string, at: number): { action: string; type: string; id: string; summary: string } | undefined {
    const of = (records: readonly Made[]) => before(records, at, pick);
    switch (kind) {
      case "contact.status": {
        const contact = of(sources.contacts);
        return contact && { action: kind, type: "contact", id: String(contact.id), summary: `將「${contact.name}」的聯絡表單標為${contactStatusLabels[random.weighted([["replied", 6], ["read", 3], ["closed", 1]] as const)]}` };
      }
      case "contact.note": {
        const contact = of(sources.contacts);
        return contact && { action: kind, type: "contact", id: String(contact.id), summary: `更新「${contact.name}」聯絡表單的備註` };
      }
      case "blog.create":
      case "blog.update": {
        const post = of(sources.posts);
        return post && { action: kind, type: "blog_post", id: String(post.id), summary: `${kind === "blog.create" ? "新增" : "更新"}文章「${post.name}」` };
      }
      case "portfolio.create":
      case "portfolio.update": {
        const found = of(sources.cases);
        return found && { action: kind, type: "portfolio", id: String(found.id), summary: `${kind === "portfolio.create" ? "新增" : "更新"}案例「${found.name}」` };
      }
      case "customer.update":
      case "customer.message": {
        const customer = of(sources.customers);
        return customer && { action: kind, type: "customer", id: String(customer.id), summary: kind === "customer.update" ? `更新客戶「${customer.name}」的資料` : `傳送 LINE 訊息給「${customer.name}」` };
      }
      case "page.update": {
        const page = of(sources.pages);
        return page && { action: kind, type: "page", id: String(page.id), summary: `更新頁面「${page.name}」` };
      }
      case "settings.update":
        return { action: kind, type: "settings", id: "", summary: `更新網站設定（${random.int(1, 6)} 項）` };
      default:
        return undefined;
    }
  }
}
