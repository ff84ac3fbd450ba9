// Cleaning cases (portfolios): each of one of the seeded service types, with
// four photo groups of before and after pictures from the shared files, kept
// as a case's save keeps them (portfolios.operations.ts: groups in display
// order, comparison on, every picture registered as in use by the case).
import { defaultPhotoGroupTitle } from "#contract/portfolios.ts";
import { caseSearchColumns } from "#server/modules/portfolios/portfolio-search.ts";
import type { Made, VolumeContext } from "./context.ts";
import { fillTables, nextIdOf } from "./insert-batches.ts";
import { caseDescription, caseTitle, district, groupDescription, placeName, topicForService } from "./text.ts";
import { DAY_MS, iso } from "./timeline.ts";

const GROUPS_PER_CASE = 4;

export async function fillCases(context: VolumeContext, count: number): Promise<Made[]> {
  const { writer, random, timeline, pictures } = context;
  const { db } = writer;
  const types = await db.selectFrom("service_types").select(["value", "label"]).orderBy("sort_order").orderBy("id").execute();
  if (types.length === 0) throw new Error("There is no service type to file cases under: the first-start seed makes them");
  const made: Made[] = [];
  const moments = timeline.sortedMoments(random, count);
  let caseId = await nextIdOf(db, "portfolios");

  await fillTables(writer, "cases", async (open) => {
    const cases = open("portfolios", [
      "id", "title", "description", "client", "category", "technologies", "images", "completed_at", "featured", "status", "created_at", "updated_at",
      "search_title", "search_body",
    ]);
    const groups = open("portfolio_photo_groups", ["portfolio_id", "title", "description", "before_image", "after_image", "single_images", "display_order", "comparison_enabled"]);
    const references = open("media_references", ["media_id", "owner_type", "owner_id", "field", "created_at"]);
    for (const created of moments) {
      const id = caseId++;
      const type = random.pick(types);
      const topic = topicForService(type.value, type.label);
      const where = district(random);
      const title = caseTitle(random, topic, where);
      const description = caseDescription(random, topic, where);
      const client = placeName(where);
      const edited = random.chance(0.15) ? Math.min(created + random.int(1, 60) * DAY_MS, timeline.end - 1000) : created;
      const search = caseSearchColumns({ title, description, client });
      await cases.add([
        id, title, description, client, type.value, JSON.stringify(random.sample(topic.features, random.int(2, 4))), "[]",
        iso(created - random.int(0, 14) * DAY_MS).slice(0, 10), random.chance(0.03) ? 1 : 0, random.chance(0.94) ? "active" : "inactive",
        iso(created), iso(edited), search.search_title, search.search_body,
      ]);
      const used = new Map<string, number>();
      const titles = random.sample(topic.groups, GROUPS_PER_CASE);
      for (let position = 1; position <= GROUPS_PER_CASE; position++) {
        const pair = random.pick(pictures.pairs);
        const extra = random.chance(0.3) ? [random.pick(pictures.pairs).after] : [];
        await groups.add([
          id, titles[position - 1] ?? defaultPhotoGroupTitle(position), groupDescription(random, topic), pair.before.path, pair.after.path,
          JSON.stringify(extra.map((picture) => picture.path)), position, 1,
        ]);
        used.set(`${pair.before.id}:before_image`, pair.before.id);
        used.set(`${pair.after.id}:after_image`, pair.after.id);
        for (const picture of extra) used.set(`${picture.id}:single_images`, picture.id);
      }
      for (const [key, mediaId] of used) await references.add([mediaId, "portfolio", String(id), key.slice(key.indexOf(":") + 1), iso(edited)]);
      made.push({ id, name: title, at: created });
    }
  });
  return made;
}
