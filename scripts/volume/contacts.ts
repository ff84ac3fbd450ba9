// Messages of the contact form, ten years of them: people asking about a
// service (with the telephone numbers and addresses they type), about a fifth
// spam in English with links; the older a message, the likelier the staff have
// replied to it. Stored as the form stores them (contacts.operations.ts: the
// sender's address and browser, the suspect mark, how the staff were told).
import { contactSearchColumns } from "#server/modules/contacts/contact-search.ts";
import type { Made, VolumeContext } from "./context.ts";
import { fillTables, nextIdOf } from "./insert-batches.ts";
import type { Random } from "./random.ts";
import { contactMessage, contactSubject, district, money, person, phone, price, spamMessage, topicOf } from "./text.ts";
import { DAY_MS, iso } from "./timeline.ts";
import { SPAM_USER_AGENTS, USER_AGENTS } from "./vocabulary.ts";

/** Address blocks of Taiwanese providers (HiNet, Chunghwa mobile, Taiwan Mobile, FarEasTone, cable). */
const TAIWAN_BLOCKS = [[1, 160, 175], [36, 224, 239], [42, 72, 79], [49, 158, 159], [61, 216, 231], [101, 8, 15], [111, 240, 255], [114, 24, 47], [118, 160, 171], [220, 128, 143]] as const;
/** Notices began with migration 007: older messages record none. */
const NOTICES_SINCE_MS = 3 * 365 * DAY_MS;

function taiwanAddress(random: Random): string {
  const [first, low, high] = random.pick(TAIWAN_BLOCKS);
  return `${first}.${random.int(low, high)}.${random.int(0, 255)}.${random.int(1, 254)}`;
}

function statusOf(random: Random, ageMs: number, spam: boolean): string {
  if (spam) return random.weighted([["read", 50], ["new", 30], ["closed", 20]]);
  if (ageMs < 2 * DAY_MS) return random.weighted([["new", 60], ["read", 25], ["replied", 15]]);
  if (ageMs < 14 * DAY_MS) return random.weighted([["replied", 45], ["read", 35], ["new", 15], ["closed", 5]]);
  return random.weighted([["replied", 72], ["closed", 12], ["read", 13], ["new", 3]]);
}

export async function fillContacts(context: VolumeContext, count: number): Promise<Made[]> {
  const { writer, random, timeline } = context;
  const made: Made[] = [];
  const moments = timeline.sortedMoments(random, count);
  let contactId = await nextIdOf(writer.db, "contacts");

  await fillTables(writer, "contacts", async (open) => {
    const contacts = open("contacts", [
      "id", "name", "email", "phone", "company", "subject", "message", "status", "source", "client_ip", "user_agent", "suspect_reason", "notice",
      "staff_note", "created_at", "updated_at", "search_title", "search_body",
    ]);
    for (const created of moments) {
      const id = contactId++;
      const spam = random.chance(0.2);
      const age = timeline.end - created;
      const status = statusOf(random, age, spam);
      let fields: { name: string; email: string; phone: string; company: string; subject: string; message: string; staff_note: string };
      let sender: { ip: string; agent: string; source: string; suspect: string };
      if (spam) {
        const words = spamMessage(random);
        fields = { ...words, phone: random.chance(0.2) ? `+1 ${random.digits(3)}-${random.digits(3)}-${random.digits(4)}` : "", company: random.chance(0.3) ? "Global Marketing Ltd." : "", staff_note: "" };
        sender = { ip: `${random.int(5, 223)}.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`, agent: random.pick([...SPAM_USER_AGENTS, ...USER_AGENTS]), source: "", suspect: random.chance(0.6) ? "fast" : "" };
      } else {
        const who = person(random);
        const where = district(random);
        const topic = topicOf(random);
        fields = {
          name: who.name,
          email: who.email,
          phone: phone(random, where),
          company: random.chance(0.15) ? random.pick([`${where.district}${random.pick(["社區管理委員會", "大樓管委會"])}`, `${who.surname}記${random.pick(["餐廳", "小吃店", "企業社"])}`, `${random.pick(["安心", "宏達", "長榮", "海港", "和平"])}${random.pick(["有限公司", "診所", "幼兒園", "物業管理"])}`]) : "",
          subject: contactSubject(random, topic, where),
          message: contactMessage(random, topic, where),
          staff_note: status === "replied" && random.chance(0.08) ? random.pick([`已報價 ${money(price(random, topic))}，客戶考慮中`, "已約到府估價", "客戶已成交，已排入行程", "電話未接，已改用 email 回覆", "老客戶，報價打九折"]) : "",
        };
        sender = {
          ip: taiwanAddress(random),
          agent: random.pick(USER_AGENTS),
          source: random.weighted([["", 55], ["home", 15], ["services", 15], ["portfolio", 8], [`services/${random.int(1, 12)}`, 7]]),
          suspect: random.chance(0.01) ? "fast" : "",
        };
      }
      const notice = age > NOTICES_SINCE_MS ? "" : sender.suspect || random.chance(0.1) ? "held" : "sent";
      const handled = status === "new" ? created : Math.min(created + random.int(1, 72) * 3600_000, timeline.end - 1000);
      const search = contactSearchColumns(fields);
      await contacts.add([
        id, fields.name, fields.email, fields.phone, fields.company, fields.subject, fields.message, status, sender.source, sender.ip, sender.agent,
        sender.suspect, notice, fields.staff_note, iso(created), iso(handled), search.search_title, search.search_body,
      ]);
      made.push({ id, name: fields.name, at: created });
    }
  });
  return made;
}
