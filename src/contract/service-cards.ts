// A service is entered once (docs/decisions/031-services-entered-once.md): the
// services page and the home page's core-services grid show the services of
// 服務管理. A page stores only its choice of them (which, in which order) and
// the few things its card may say differently (an override); the page JSON the
// spec's GET returns (000 §3 "Service entry inside page content") is produced
// from the two here. Free of React and of the server: the server produces the
// public pages with it, the pages screen its preview.
import type { ServiceEntry } from "./pages.ts";

/** A service of 服務管理 as a card shows it unless a page overrides it: the item's fields and its default icon. */
export interface ServiceCardSource {
  id: number;
  /**
   * The spec's entry key, the value of its automatic service type: the built-in catalogue's key for a
   * catalogue service, the key a client gave it (decision 044), else `service_{id}`.
   */
  key: string;
  name: string;
  description: string;
  features: string[];
  main_image: string;
  price: number | null;
  price_unit: string;
  category_name: string;
  is_active: 0 | 1;
  icon: string;
  iconBg: string;
  iconColor: string;
}

/** What a page may say differently on a service's card; everything else (features, price, category, the detail page) is the service's own. */
export interface CardOverrides {
  title?: string;
  description?: string;
  icon?: string;
  iconBg?: string;
  iconColor?: string;
  badge?: string;
  button?: { text: string; link: string };
  image?: string;
}

/** One service on a page: its id in 服務管理, whether the page leaves it out, and its overrides. */
export interface ServiceChoice extends CardOverrides {
  service_id: number;
  hidden?: boolean;
}

/** The key a service has until a client gives it one (decision 044). */
export const implicitKeyOf = (id: number): string => `service_${id}`;

/** A key of the implicit form names the service of that number. */
export const IMPLICIT_KEY = /^service_(\d+)$/;

/** A key is a service type's code, and is held to its limit. */
export const SERVICE_KEY_MAX = 60;

/** Why a client's key cannot be kept: the save is refused, naming the card (decision 044). */
export const SERVICE_KEY_MESSAGES = {
  tooLong: (card: string) => `服務卡片「${card}」的代碼不能超過 ${SERVICE_KEY_MAX} 個字元`,
  repeated: (card: string, key: string) => `服務卡片「${card}」的代碼「${key}」和另一張卡片相同，每張卡片的代碼必須不同`,
  takenByAnother: (card: string, key: string, owner: string) => `服務卡片「${card}」的代碼「${key}」已經是服務項目「${owner}」的代碼，請改用其他代碼`,
  alreadyKeyed: (service: string, key: string, wanted: string) => `服務項目「${service}」的代碼是「${key}」，不能改為「${wanted}」；案例的服務類型用這個代碼，請沿用「${key}」`,
  reservedForLater: (card: string, key: string) => `服務卡片「${card}」的代碼「${key}」會和之後新增的服務項目自動取得的代碼相同，請改用其他代碼`,
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
const text = (value: unknown, max = 2000): string | undefined => (typeof value === "string" ? value.trim().slice(0, max) : undefined);

/** Whether stored or posted content's `services` is a choice list (every entry names its service_id). */
export const isChoiceList = (value: unknown): boolean => Array.isArray(value) && value.every((entry) => isRecord(entry) && Number.isInteger(entry.service_id));

/**
 * The overrides an entry carries against its service: only what differs (a
 * title equal to the service's name follows later renames); a blank text is no
 * override. Icon, colours, badge and button have no counterpart in 服務管理:
 * a value differing from the service's default is kept.
 */
export function overridesOf(entry: Record<string, unknown>, source: ServiceCardSource): CardOverrides {
  const found: CardOverrides = {};
  const differs = (field: "title" | "description" | "icon" | "iconBg" | "iconColor" | "badge" | "image", own: string, max?: number) => {
    const value = text(entry[field], max);
    if (value && value !== own) found[field] = value;
  };
  differs("title", source.name, 100);
  differs("description", source.description);
  differs("icon", source.icon, 40);
  differs("iconBg", source.iconBg, 60);
  differs("iconColor", source.iconColor, 60);
  differs("badge", "", 40);
  differs("image", source.main_image, 500);
  if (isRecord(entry.button)) {
    const button = { text: text(entry.button.text, 40) ?? "", link: text(entry.button.link, 500) ?? "" };
    if (button.text || button.link) found.button = button;
  }
  return found;
}

/** A stored choice list read back (entries that are not choices dropped). */
export function choicesOf(value: unknown): ServiceChoice[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<number>();
  const choices: ServiceChoice[] = [];
  for (const entry of value) {
    if (!isRecord(entry) || !Number.isInteger(entry.service_id) || seen.has(entry.service_id as number)) continue;
    seen.add(entry.service_id as number);
    const choice: ServiceChoice = { service_id: entry.service_id as number };
    if (entry.hidden === true) choice.hidden = true;
    for (const field of ["title", "description", "icon", "iconBg", "iconColor", "badge", "image"] as const) {
      const value = text(entry[field]);
      if (value) choice[field] = value;
    }
    if (isRecord(entry.button)) choice.button = { text: text(entry.button.text) ?? "", link: text(entry.button.link) ?? "" };
    choices.push(choice);
  }
  return choices;
}

/**
 * Every service of 服務管理 in the page's order: its chosen ones first as the
 * page lists them, then those the page has never seen (added since it was
 * saved: a new service shows at once, at the end), in 服務管理's order.
 */
export function arrangedChoices(sources: readonly ServiceCardSource[], stored: unknown): ServiceChoice[] {
  const known = new Set(sources.map((source) => source.id));
  const listed = choicesOf(stored).filter((choice) => known.has(choice.service_id));
  const mentioned = new Set(listed.map((choice) => choice.service_id));
  return [...listed, ...sources.filter((source) => !mentioned.has(source.id)).map((source) => ({ service_id: source.id }))];
}

/** The page's cards as the spec's entries: each shown, active service with the page's overrides over its own fields, numbered 1, 2, 3… */
export function cardsOf(sources: readonly ServiceCardSource[], stored: unknown): ServiceEntry[] {
  const byId = new Map(sources.map((source) => [source.id, source]));
  return arrangedChoices(sources, stored)
    .filter((choice) => !choice.hidden && byId.get(choice.service_id)?.is_active === 1)
    .map((choice, index) => {
      const source = byId.get(choice.service_id)!;
      return {
        id: source.id,
        key: source.key,
        order: index + 1,
        title: choice.title || source.name,
        description: choice.description || source.description,
        icon: choice.icon || source.icon,
        iconBg: choice.iconBg || source.iconBg,
        iconColor: choice.iconColor || source.iconColor,
        features: source.features,
        image: choice.image || source.main_image,
        badge: choice.badge || "",
        button: choice.button ?? { text: "", link: "" },
        price: source.price,
        price_unit: source.price_unit,
        category_name: source.category_name,
      };
    });
}

/**
 * The service a spec-style entry (000 §3, as a client posts it) stands for: by
 * its `id` (what GET gives), its key, then its title as the service's name.
 */
export function sourceOfEntry(entry: Record<string, unknown>, sources: readonly ServiceCardSource[]): ServiceCardSource | undefined {
  const id = Number(entry.id);
  const key = typeof entry.key === "string" ? entry.key.trim() : "";
  const title = typeof entry.title === "string" ? entry.title.trim() : "";
  return (
    (Number.isInteger(id) && id > 0 ? sources.find((source) => source.id === id) : undefined) ??
    (key ? sources.find((source) => source.key === key) : undefined) ??
    (title ? sources.find((source) => source.name === title) : undefined)
  );
}
