// The LINE inbox: customers and their conversations, in both directions. Most
// customers wrote 20–150 messages, a few (building managers, shops under
// contract) thousands. A conversation comes in sessions: the customer asks,
// the staff answer, a few turns, thanks or a sticker. Messages are stored as
// the webhook stores a customer's (line-events.ts: storedMessageOf, the photo
// as its download job keeps it) and as a send stores the staff's (line-send.ts:
// storedFormOf, delivered); ids rise with the time they were said across the
// whole inbox, as the webhook writes them. A customer's last interaction and
// last message are those of its newest message; only the newest incoming
// messages of recent conversations are still unread.
import { messageSearchColumns, customerSearchColumns } from "#server/modules/customers/customer-search.ts";
import { storedMessageOf, type LineWebhookEvent } from "#server/modules/customers/line-events.ts";
import { storedFormOf } from "#server/modules/customers/line-send.ts";
import type { Made, VolumeContext } from "./context.ts";
import { fillTables, nextIdOf } from "./insert-batches.ts";
import type { Random } from "./random.ts";
import { address, chatClosing, chatFollowUp, chatOpening, district, lineDisplayName, staffReply, topicOf } from "./text.ts";
import { DAY_MS, iso } from "./timeline.ts";
import { STICKERS, type District, type Topic } from "./vocabulary.ts";

/** The customer list's last-message line is cut there (line-events.operations.ts). */
const LAST_MESSAGE_LENGTH = 200;
const UNREAD_WITHIN_MS = 14 * DAY_MS;
const OUTGOING = 1;

interface Stored {
  message_type: string;
  message_content: string;
  media_url: string;
  file_name: string;
  summary: string;
}

/** How many messages each customer has: skewed, adding up to exactly `total`. */
function messageCounts(random: Random, customers: number, total: number): Int32Array {
  const weights = new Float64Array(customers);
  const heavy = new Set(random.sample([...Array(customers).keys()], Math.round(customers * 0.001)));
  for (let index = 0; index < customers; index++) {
    weights[index] = heavy.has(index) ? random.int(5000, 20000) : random.chance(0.9) ? random.int(20, 150) : random.int(3, 19);
  }
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = new Int32Array(customers);
  let given = 0;
  for (let index = 0; index < customers; index++) {
    counts[index] = Math.max(1, Math.floor((weights[index]! / sum) * total));
    given += counts[index]!;
  }
  // What rounding left (or took one too many): spread over the customers in turn.
  for (let index = 0; given !== total; index = (index + 1) % customers) {
    if (given < total) [counts[index], given] = [counts[index]! + 1, given + 1];
    else if (counts[index]! > 1) [counts[index], given] = [counts[index]! - 1, given - 1];
  }
  return counts;
}

export async function fillLine(context: VolumeContext, customerCount: number, messageCount: number): Promise<Made[]> {
  const { writer, random, timeline, pictures } = context;
  if (customerCount === 0) return [];
  const counts = messageCounts(random, customerCount, Math.max(messageCount, customerCount));
  const total = counts.reduce((a, b) => a + b, 0);

  // Customers in the order they first wrote: their ids rise with it.
  const firstAt = Array.from({ length: customerCount }, () => Math.floor(timeline.moment(random)));
  const byFirst = [...firstAt.keys()].sort((a, b) => firstAt[a]! - firstAt[b]!);

  const at = new Float64Array(total);
  const owner = new Int32Array(total);
  const direction = new Uint8Array(total);
  const stored: Stored[] = new Array(total);
  const offsets = new Int32Array(customerCount + 1);
  const subjects: Array<{ topic: Topic; where: District }> = [];

  for (const [customer, original] of byFirst.entries()) {
    const count = counts[original]!;
    const start = offsets[customer]!;
    offsets[customer + 1] = start + count;
    const topic = topicOf(random);
    const where = district(random);
    subjects.push({ topic, where });
    const sessions = Math.max(1, Math.round(count / random.int(4, 10)));
    const sessionStarts = Array.from({ length: sessions }, (_, index) => (index === 0 ? firstAt[original]! : timeline.after(random, firstAt[original]!))).sort((a, b) => a - b);
    let previous = 0;
    let said = 0;
    for (let session = 0; session < sessions; session++) {
      const size = Math.floor(((session + 1) * count) / sessions) - Math.floor((session * count) / sessions);
      let moment = Math.max(sessionStarts[session]!, previous + 60_000);
      let side = 0;
      let greeted = false;
      for (let turn = 0; turn < size; turn++) {
        const index = start + said++;
        if (turn > 0) {
          moment += random.int(20, 1200) * 1000;
          if (random.chance(0.6)) side = 1 - side;
        }
        at[index] = moment;
        owner[index] = customer;
        direction[index] = side;
        const last = turn === size - 1 && turn > 0;
        if (side === OUTGOING) {
          stored[index] = staffMessage(random, topic, where, !greeted, pictures.chatOutgoing);
          greeted = true;
        } else {
          stored[index] = customerMessage(random, topic, where, turn === 0 ? "opening" : last ? "closing" : "follow-up", pictures.chatIncoming);
        }
      }
      previous = moment;
    }
    // Conversations that run into the present are squeezed before it, still in order.
    const end = start + count;
    for (let index = end - 1; index >= start; index--) at[index] = Math.min(at[index]!, index === end - 1 ? timeline.end - 1000 : at[index + 1]! - 1000);
  }

  const order = new Uint32Array(total).map((_, index) => index).sort((a, b) => at[a]! - at[b]! || a - b);
  const { db } = writer;
  let messageId = await nextIdOf(db, "line_messages");
  const customerBase = await nextIdOf(db, "line_customers");
  const made: Made[] = [];

  await fillTables(writer, "line", async (open) => {
    const customers = open("line_customers", [
      "id", "line_user_id", "display_name", "line_display_name", "status_message", "tags", "notes", "is_following", "last_interaction", "last_message",
      "profile_refreshed_at", "created_at", "updated_at", "search_title", "search_body",
    ]);
    for (let customer = 0; customer < customerCount; customer++) {
      const id = customerBase + customer;
      const newest = offsets[customer + 1]! - 1;
      const lineName = lineDisplayName(random);
      // Some customers the staff renamed (the name then stays theirs; LINE's is kept apart).
      const name = random.chance(0.1) ? `${lineName}（${subjects[customer]!.topic.name}）` : lineName;
      const tags = JSON.stringify(random.chance(0.25) ? random.sample(["老客戶", "VIP", "社區", "店家", "待報價", "已成交", "基隆", "台北", "定期保養"], random.int(1, 3)) : []);
      const notes = random.chance(0.15) ? `${address(random, subjects[customer]!.where)}，${random.pick(["每半年提醒一次", "停車不方便", "要先打電話", "付款用轉帳", "管理員姓王"])}` : "";
      const search = customerSearchColumns({ display_name: name, notes, tags });
      const first = at[offsets[customer]!]!;
      const last = at[newest]!;
      await customers.add([
        id, `U${random.hex(24)}${id.toString(16).padStart(8, "0")}`, name, lineName,
        random.chance(0.2) ? random.pick(["平安喜樂", "歡迎光臨", "今天也要加油💪", "忙碌中", "🌿"]) : "", tags, notes, random.chance(0.92) ? 1 : 0,
        iso(last), [...stored[newest]!.summary].slice(0, LAST_MESSAGE_LENGTH).join(""), iso(last), iso(first), iso(last), search.search_title, search.search_body,
      ]);
      made.push({ id, name, at: first });
    }
    await customers.flush();

    const messages = open("line_messages", [
      "id", "customer_id", "line_message_id", "message_type", "message_content", "media_url", "file_name", "direction", "is_read", "created_at",
      "delivery_status", "delivery_method", "delivery_error", "delivery_started_at", "search_body",
    ]);
    for (const index of order) {
      const id = messageId++;
      const customer = owner[index]!;
      const message = stored[index]!;
      const when = iso(at[index]!);
      const search = messageSearchColumns(message);
      if (direction[index] === OUTGOING) {
        const failed = random.chance(0.004);
        await messages.add([
          id, customerBase + customer, uuidFor(random, id), message.message_type, message.message_content, message.media_url, message.file_name, "outgoing", 1, when,
          failed ? "failed" : "sent", random.chance(0.7) ? "reply" : "push", failed ? "LINE 拒絕了這則訊息，客戶可能已封鎖官方帳號" : "", when, search.search_body,
        ]);
      } else {
        await messages.add([
          id, customerBase + customer, `${random.digits(7)}${String(id).padStart(11, "0")}`, message.message_type, message.message_content, message.media_url,
          message.file_name, "incoming", unread(index, customer) ? 0 : 1, when, "", "", "", null, search.search_body,
        ]);
      }
    }

    /** The customer's newest messages after the staff's last answer, in a conversation of the last two weeks. */
    function unread(index: number, customer: number): boolean {
      const newest = offsets[customer + 1]! - 1;
      if (timeline.end - at[newest]! > UNREAD_WITHIN_MS) return false;
      for (let later = index; later <= newest; later++) if (direction[later] === OUTGOING) return false;
      return true;
    }
  });
  return made;
}

function customerMessage(random: Random, topic: Topic, where: District, role: "opening" | "follow-up" | "closing", photos: readonly string[]): Stored {
  const kind = random.weighted<string>(
    role === "opening" ? [["text", 90], ["image", 10]]
    : role === "closing" ? [["text", 65], ["sticker", 35]]
    : [["text", 80], ["sticker", 8], ["image", 9], ["location", 3]],
  );
  const id = random.digits(18);
  let event: NonNullable<LineWebhookEvent["message"]>;
  if (kind === "sticker") {
    const [packageId, stickerId] = random.pick(STICKERS);
    event = { id, type: "sticker", packageId, stickerId };
  } else if (kind === "image") {
    event = { id, type: "image" };
  } else if (kind === "location") {
    const place = address(random, where);
    event = { id, type: "location", title: random.pick(["我家", "公司", "店面", ""]), address: place, latitude: 25.13 + random.next() * 0.02, longitude: 121.74 + random.next() * 0.03 };
  } else {
    event = { id, type: "text", text: role === "opening" ? chatOpening(random, topic, where) : role === "closing" ? chatClosing(random) : chatFollowUp(random, topic, where) };
  }
  const message = storedMessageOf(event)!;
  // A photo is as its download job leaves it: kept in the storage, the message pointing at it.
  return { ...message, media_url: kind === "image" ? random.pick(photos) : message.media_url };
}

function staffMessage(random: Random, topic: Topic, where: District, first: boolean, photos: readonly string[]): Stored {
  if (!first && random.chance(0.04)) {
    const photo = random.pick(photos);
    return storedFormOf({ type: "image", imageUrl: photo }, photo);
  }
  return storedFormOf({ type: "text", message: staffReply(random, topic, where, first), quick_replies: [] }, "");
}

/** A send's retry key, shaped as the randomUUID it is; unique by the message's id. */
function uuidFor(random: Random, id: number): string {
  const tail = id.toString(16).padStart(12, "0");
  return `${random.hex(8)}-${random.hex(4)}-4${random.hex(3)}-${random.pick(["8", "9", "a", "b"])}${random.hex(3)}-${tail}`;
}
