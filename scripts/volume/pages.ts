// Free pages, as staff build them in the page builder: one per district and
// service (`/keelung-xinyi-water-tank-cleaning`), stored as the pages module
// stores a builder save (built-page.ts: the tree checked and sanitised, its
// HTML generated) with the pictures it shows registered as in use. Keys never
// take a built-in page's, a reserved address or a page already there.
import { BUILDER_VERSION, type BuilderTree } from "#contract/page-builder/tree.ts";
import { BUILT_IN_PAGE_KEYS, LEGACY_SERVICES_PAGE_KEY, RESERVED_PAGE_KEYS } from "#contract/pages.ts";
import { uploadAddressesOfPageContent } from "#server/modules/media/file-addresses.ts";
import { normalizedPageContent } from "#server/modules/pages/built-page.ts";
import type { Made, VolumeContext } from "./context.ts";
import { fillTables, nextIdOf } from "./insert-batches.ts";
import { pageParagraphs, placeName } from "./text.ts";
import { DAY_MS, iso } from "./timeline.ts";
import { DISTRICTS, TOPICS } from "./vocabulary.ts";

const KEY_SHAPE = /^[a-z0-9][a-z0-9_-]{0,59}$/;

export async function fillPages(context: VolumeContext, count: number): Promise<Made[]> {
  const { writer, random, timeline, adminId, pictures } = context;
  const taken = new Set<string>([
    ...BUILT_IN_PAGE_KEYS, LEGACY_SERVICES_PAGE_KEY, ...RESERVED_PAGE_KEYS,
    ...(await writer.db.selectFrom("pages").select("page_key").execute()).map((row) => row.page_key),
  ]);
  const choices = random.sample(DISTRICTS.flatMap((where) => TOPICS.map((topic) => ({ where, topic }))), DISTRICTS.length * TOPICS.length)
    .filter(({ where, topic }) => {
      const key = `${where.slug}-${topic.slug}`;
      return KEY_SHAPE.test(key) && !taken.has(key);
    })
    .slice(0, count);
  const moments = timeline.sortedMoments(random, choices.length);
  const mediaIds = new Map(pictures.pairs.flatMap((pair) => [pair.before, pair.after]).map((picture) => [picture.path, picture.id]));
  let pageId = await nextIdOf(writer.db, "pages");
  const made: Made[] = [];

  await fillTables(writer, "pages", async (open) => {
    const pages = open("pages", ["id", "page_key", "title", "content", "meta_title", "meta_description", "meta_keywords", "is_active", "change_kind", "changed_by", "created_at", "updated_at"]);
    const references = open("media_references", ["media_id", "owner_type", "owner_id", "field", "created_at"]);
    for (const [index, { where, topic }] of choices.entries()) {
      const id = pageId++;
      const key = `${where.slug}-${topic.slug}`;
      const title = `${placeName(where)}${topic.name}`;
      const created = moments[index]!;
      const edited = random.chance(0.4) ? Math.min(created + random.int(1, 400) * DAY_MS, timeline.end - 1000) : created;
      const picture = random.pick(pictures.pairs).after;
      const [intro, services, cases, prices] = pageParagraphs(random, topic, where);
      let node = 0;
      const nodeId = () => `n${String(++node).padStart(5, "0")}`;
      const tree: BuilderTree = {
        version: BUILDER_VERSION,
        containers: [
          { id: nodeId(), layout: "1", columns: [{ id: nodeId(), elements: [{ id: nodeId(), type: "text", html: `<h1>${title}</h1>${intro}` }] }], mobile: { order: "normal", hidden: [], gap: "medium" }, background: "" },
          {
            id: nodeId(), layout: "1-1", mobile: { order: "normal", hidden: [], gap: "medium" }, background: "",
            columns: [
              { id: nodeId(), elements: [{ id: nodeId(), type: "text", html: services! }] },
              { id: nodeId(), elements: [{ id: nodeId(), type: "image", src: picture.path, alt: `${topic.name}完工照片`, decorative: false, link: "", caption: `${where.district}${topic.name}完工` }] },
            ],
          },
          { id: nodeId(), layout: "1", columns: [{ id: nodeId(), elements: [{ id: nodeId(), type: "text", html: `${cases}${prices}` }] }], mobile: { order: "normal", hidden: [], gap: "medium" }, background: "#f5f7fa" },
        ],
      };
      const content = await normalizedPageContent(key, JSON.stringify({ builder: tree, html: "" }));
      await pages.add([
        id, key, title, content, `${title}｜專業清潔服務`, `${placeName(where)}${topic.name}服務：${topic.features.join("、")}。免費到府估價。`,
        [topic.name, where.district, where.city, "清潔公司"].join(","), random.chance(0.9) ? 1 : 0, edited > created ? "save" : "create", adminId, iso(created), iso(edited),
      ]);
      for (const [field, addresses] of Object.entries(uploadAddressesOfPageContent(content))) {
        for (const address of new Set(addresses)) {
          const mediaId = mediaIds.get(address);
          if (mediaId !== undefined) await references.add([mediaId, "page", key, field, iso(edited)]);
        }
      }
      made.push({ id, name: title, at: created });
    }
  });
  return made;
}
