// The two JSON pages' services as stored (decision 031): a choice of the
// services of 服務管理, never a second copy of them. What a client posts, the
// editor's choices or the spec's full entries (000 §3), is turned into that
// choice in the transaction that saves the page:
// - an entry naming its service (service_id, or the spec's id / key / title)
//   keeps only what its card says differently (service-cards.ts's overrides);
// - an entry naming no service becomes one: a service item in 服務管理, with
//   its category (found by name or made), so what was typed is entered once;
// - a service the spec's entries leave out is hidden on the page (a service
//   added later still shows, at the end); an empty list chooses nothing yet:
//   every service;
// - an entry's key is kept on its service (decision 044): a new service keeps
//   it, a service known only as `service_{id}` takes it (its automatic type
//   and cases follow), and a key the save cannot keep refuses the save.
import { DEFAULT_ITEM_PRICE_UNIT, serviceItemInputSchema } from "#contract/services.ts";
import {
  IMPLICIT_KEY,
  implicitKeyOf,
  overridesOf,
  SERVICE_KEY_MAX,
  SERVICE_KEY_MESSAGES,
  sourceOfEntry,
  type ServiceCardSource,
  type ServiceChoice,
} from "#contract/service-cards.ts";
import type { Db } from "#server/db/database.ts";
import { AppError, badRequest, conflict } from "#server/lib/errors.ts";
import { mediaRepo } from "#server/modules/media/media.repo.ts";
import { cardLookOf } from "#server/modules/seed/service-catalogue.ts";
import { followServiceKey } from "#server/modules/service-types/service-types.operations.ts";
import { serviceCategoriesRepo, serviceItemsRepo } from "#server/modules/services/services.repo.ts";
import { toCardSource } from "#server/modules/services/services.service.ts";

/**
 * What happens to a key that cannot be kept: a client's save is refused, so
 * it knows (`refuse`); the one-time upgrade of an installation's typed cards
 * must not stop the start, and leaves the service its own key (`keep-own`).
 */
export type KeyConflicts = "refuse" | "keep-own";

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** Every service (hidden or inactive ones too: a page may choose one now and show it when it is active again). */
const allSources = async (db: Db): Promise<ServiceCardSource[]> => (await serviceItemsRepo.cardRows(db)).map(toCardSource);

async function categoryIdFor(db: Db, name: unknown, stamp: string): Promise<number | null> {
  const wanted = typeof name === "string" ? name.trim().slice(0, 60) : "";
  if (!wanted) return null;
  const found = await serviceCategoriesRepo.findByName(db, wanted);
  if (found) return found.id;
  return serviceCategoriesRepo.insert(db, { name: wanted, description: "", display_order: (await serviceCategoriesRepo.ids(db)).length + 1, is_active: 1, created_at: stamp, updated_at: stamp });
}

/**
 * A typed card made a service of 服務管理. Its picture is registered to the
 * item here, in the page's transaction: the runner's file effects name the
 * page, and the page no longer holds the picture.
 */
async function serviceFromEntry(db: Db, entry: Record<string, unknown>, stamp: string): Promise<ServiceCardSource> {
  const parsed = serviceItemInputSchema.safeParse({
    name: entry.title,
    description: entry.description ?? "",
    features: Array.isArray(entry.features) ? entry.features.filter((line) => typeof line === "string") : [],
    main_image: typeof entry.image === "string" ? entry.image : "",
    price: typeof entry.price === "number" || typeof entry.price === "string" ? entry.price : null,
    price_unit: typeof entry.price_unit === "string" && entry.price_unit.trim() ? entry.price_unit : DEFAULT_ITEM_PRICE_UNIT,
  });
  if (!parsed.success) {
    const reason = parsed.error.issues[0]?.message ?? "資料不正確";
    const message = `服務卡片「${String(entry.title ?? "").slice(0, 40)}」無法建立為服務項目：${reason}`;
    throw badRequest(message, { content: message });
  }
  const item = parsed.data;
  const id = await serviceItemsRepo.insert(db, {
    category_id: await categoryIdFor(db, entry.category_name, stamp),
    name: item.name,
    description: item.description,
    features: JSON.stringify(item.features),
    service_references: "[]",
    main_image: item.main_image,
    price: item.price,
    price_unit: item.price_unit,
    display_order: (await serviceItemsRepo.ids(db)).length + 1,
    is_active: 1,
    created_at: stamp,
    updated_at: stamp,
  });
  if (item.main_image) {
    const files = await mediaRepo.findByPaths(db, [item.main_image]);
    await mediaRepo.holdReferenced(db, files.map((file) => file.id));
    await mediaRepo.replaceReferences(db, { type: "service-item", id: String(id) }, files.map((file) => ({ media_id: file.id, field: "main_image" })), stamp);
  }
  return toCardSource((await serviceItemsRepo.cardRows(db)).find((row) => row.id === id)!);
}

const cardNameOf = (entry: Record<string, unknown>): string => String(entry.title ?? "").trim().slice(0, 40);
const refused = (error: (message: string, errors?: Record<string, string>) => AppError, message: string) => error(message, { content: message });

/**
 * The service as the entry's key names it: a service without a key of its own
 * takes the posted one, in the save's transaction. A key that is another
 * service's, that would change a key already given (cases use it), or that a
 * service made later would get as its `service_{id}`, cannot be kept.
 */
async function keyedSource(db: Db, entry: Record<string, unknown>, source: ServiceCardSource, key: string, sources: ServiceCardSource[], conflicts: KeyConflicts, stamp: string): Promise<ServiceCardSource> {
  const card = cardNameOf(entry);
  const owner = sources.find((other) => other.key === key && other.id !== source.id);
  const reserved = IMPLICIT_KEY.exec(key);
  // Ids only grow (the tables' autoincrement): `service_{n}` up to the newest id is no other service's but its own or none's.
  const laterId = reserved !== null && Number(reserved[1]) > Math.max(...sources.map((other) => other.id));
  const refusal = owner
    ? refused(conflict, SERVICE_KEY_MESSAGES.takenByAnother(card, key, owner.name))
    : source.key !== implicitKeyOf(source.id)
      ? refused(conflict, SERVICE_KEY_MESSAGES.alreadyKeyed(source.name, source.key, key))
      : laterId
        ? refused(badRequest, SERVICE_KEY_MESSAGES.reservedForLater(card, key))
        : null;
  if (refusal) {
    if (conflicts === "refuse") throw refusal;
    return source;
  }
  await serviceItemsRepo.setKey(db, source.id, key, stamp);
  await followServiceKey(db, source.key, key, stamp);
  const keyed = { ...source, key, ...cardLookOf(key) };
  sources[sources.indexOf(source)] = keyed;
  return keyed;
}

/** An entry's key as posted: trimmed; blank is none. */
function postedKeyOf(entry: Record<string, unknown>, seen: Set<string>, conflicts: KeyConflicts): string {
  const key = typeof entry.key === "string" ? entry.key.trim() : "";
  if (key.length > SERVICE_KEY_MAX) {
    if (conflicts === "refuse") throw refused(badRequest, SERVICE_KEY_MESSAGES.tooLong(cardNameOf(entry)));
    return "";
  }
  if (!key || conflicts !== "refuse") return key;
  if (seen.has(key)) throw refused(badRequest, SERVICE_KEY_MESSAGES.repeated(cardNameOf(entry), key));
  seen.add(key);
  return key;
}

/** A posted `services` list as the page's choice of services; answers how many services it made. */
export async function choicesFromPosted(
  db: Db,
  posted: readonly unknown[],
  stamp: string,
  conflicts: KeyConflicts = "refuse",
): Promise<{ choices: ServiceChoice[]; created: number }> {
  const sources = await allSources(db);
  const chosen = new Set<number>();
  const keys = new Set<string>();
  const choices: ServiceChoice[] = [];
  let created = 0;
  for (const entry of posted) {
    if (!isRecord(entry)) continue;
    const key = postedKeyOf(entry, keys, conflicts);
    const named = Number.isInteger(entry.service_id) ? sources.find((source) => source.id === entry.service_id) : undefined;
    let source = named ?? (Number.isInteger(entry.service_id) ? undefined : sourceOfEntry(entry, sources));
    if (source && chosen.has(source.id)) continue;
    if (!source) {
      // A choice of a service deleted meanwhile is dropped; a typed card without a name is nothing to keep.
      if (Number.isInteger(entry.service_id) || typeof entry.title !== "string" || !entry.title.trim()) continue;
      source = await serviceFromEntry(db, entry, stamp);
      sources.push(source);
      created += 1;
    }
    if (key && key !== source.key) source = await keyedSource(db, entry, source, key, sources, conflicts, stamp);
    chosen.add(source.id);
    choices.push({ service_id: source.id, ...(entry.hidden === true ? { hidden: true } : {}), ...overridesOf(entry, source) });
  }
  // The spec's entries are the page's whole list: a service they leave out is hidden. A choice list (the pages
  // screen's) names the services its editor knew: one added since shows, at the end.
  const specStyle = posted.some((entry) => !isRecord(entry) || !Number.isInteger(entry.service_id));
  if (specStyle) for (const source of sources) if (!chosen.has(source.id)) choices.push({ service_id: source.id, hidden: true });
  return { choices, created };
}

/**
 * A JSON page's content as stored: its `services` turned into the choice
 * (content that is not one of the two pages, or has no list, is left as it is).
 */
export async function withServiceChoices(
  db: Db,
  pageKey: string,
  content: string,
  stamp: string,
  conflicts: KeyConflicts = "refuse",
): Promise<{ content: string; created: number }> {
  if (pageKey !== "home_services" && pageKey !== "services_page") return { content, created: 0 };
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { content, created: 0 };
  }
  // An empty list is a page that has chosen nothing yet (the defaults' form): every service, as GET gives it back.
  if (!isRecord(parsed) || !Array.isArray(parsed.services) || parsed.services.length === 0) return { content, created: 0 };
  const { choices, created } = await choicesFromPosted(db, parsed.services, stamp, conflicts);
  return { content: JSON.stringify({ ...parsed, services: choices }), created };
}
