// Sentences from the vocabulary: people and how to reach them, what customers
// ask, what the news says, how a case went, what is said in a LINE chat and
// what a page of the site tells. Every choice is the given Random's, so the
// same stream writes the same words.
import type { Random } from "./random.ts";
import {
  DAYS, DISTRICTS, ENGLISH_NAMES, GENERIC_QUESTIONS, GIVEN_NAMES, MAIL_DOMAINS, NAME_DECORATIONS, NICKNAMES, SEASONS,
  SPAM_BODIES, SPAM_DOMAINS, SPAM_NAMES, SPAM_SUBJECTS, SURNAMES, TIMES_OF_DAY, TITLES_OF_ADDRESS, TOPICS, type District, type Topic,
} from "./vocabulary.ts";

export interface Person {
  surname: string;
  given: string;
  /** 陳怡君, or 陳先生 as many sign. */
  name: string;
  email: string;
}

export function person(random: Random): Person {
  const [surname, surnameRoman] = random.pick(SURNAMES);
  const [given, givenRoman] = random.pick(GIVEN_NAMES);
  const name = random.chance(0.55) ? `${surname}${random.pick(TITLES_OF_ADDRESS)}` : `${surname}${given}`;
  const local = random.weighted<string>([
    [`${givenRoman}${surnameRoman}`, 3],
    [`${givenRoman}.${surnameRoman}`, 2],
    [`${surnameRoman}${givenRoman}${random.int(1, 99)}`, 3],
    [`${givenRoman}${random.int(1960, 2005)}`, 2],
    [`${random.pick(ENGLISH_NAMES).toLowerCase()}${surnameRoman}`, 1],
  ]);
  return { surname, given, name, email: `${local}@${random.weighted(MAIL_DOMAINS)}` };
}

/** How a LINE user calls themself: a name, an English name, a nickname, sometimes with an emoji, or a committee. */
export function lineDisplayName(random: Random): string {
  const [surname] = random.pick(SURNAMES);
  const [given] = random.pick(GIVEN_NAMES);
  const name = random.weighted<string>([
    [`${surname}${given}`, 4],
    [`${random.pick(ENGLISH_NAMES)} ${surname}`, 2],
    [random.pick(ENGLISH_NAMES), 1],
    [random.pick(NICKNAMES), 2],
    [`${random.pick(DISTRICTS).district.slice(0, 2)}${random.pick(["社區管委會", "大樓管理室", "里辦公處"])}`, 1],
  ]);
  return random.chance(0.12) ? `${random.pick(NAME_DECORATIONS)} ${name}` : name;
}

export const district = (random: Random): District =>
  // Keelung first: the company's home, where most of the work is.
  random.weighted(DISTRICTS.map((entry) => [entry, entry.city === "基隆市" ? 3 : entry.city === "臺北市" ? 1.5 : 1] as const));

export const placeName = (where: District) => `${where.city}${where.district}`;

export function address(random: Random, where: District): string {
  const floor = random.chance(0.6) ? `${random.int(2, 15)}樓` : "";
  const lane = random.chance(0.35) ? `${random.int(1, 300)}巷` : "";
  return `${placeName(where)}${random.pick(where.streets)}${lane}${random.int(1, 420)}號${floor}`;
}

/** A Taiwanese telephone number as people type it: mobile or landline, with dashes, spaces, brackets or none. */
export function phone(random: Random, where: District): string {
  if (random.chance(0.68)) {
    const [a, b, c] = [`09${random.int(0, 9)}${random.int(0, 9)}`, random.digits(3), random.digits(3)];
    return random.weighted<string>([[`${a}-${b}-${c}`, 5], [`${a}${b}${c}`, 4], [`${a} ${b} ${c}`, 1], [`${a}-${b}${c}`, 1]]);
  }
  const [exchange, line] = [random.pick(where.exchanges), String(random.int(0, 9999)).padStart(4, "0")];
  return random.weighted<string>([[`02-${exchange}-${line}`, 5], [`02${exchange}${line}`, 3], [`(02)${exchange}-${line}`, 2], [`02-${exchange}${line}`, 1]]);
}

export const topicOf = (random: Random): Topic => random.pick(TOPICS);
export const topicNamed = (name: string): Topic => TOPICS.find((topic) => topic.name === name) ?? TOPICS[0]!;
export const topicForService = (key: string, label: string): Topic =>
  TOPICS.find((topic) => topic.key === key) ?? { ...TOPICS.find((topic) => topic.name === "居家清潔")!, name: label, key };

export const price = (random: Random, topic: Topic): number => {
  const [low, high] = topic.price;
  const step = high >= 10_000 ? 1000 : high >= 1000 ? 100 : 10;
  return Math.round((low + random.next() * (high - low)) / step) * step;
};
export const money = (amount: number) => `NT$${amount.toLocaleString("en-US")}`;

const sentence = (text: string) => (/[。？！～）」]$/.test(text) ? text : `${text}。`);
const joined = (parts: string[]) => parts.map(sentence).join("");

// Contact form ---------------------------------------------------------------

export function contactSubject(random: Random, topic: Topic, where: District): string {
  return random.weighted<string>([
    [`${topic.name}報價`, 4],
    [`詢問${topic.name}費用`, 4],
    [`${where.district}${random.pick(topic.buildings)}${topic.name}`, 2],
    [`預約${topic.name}`, 2],
    [`${topic.name}問題請教`, 1],
    [random.pick(["請問可以估價嗎", "想預約服務", "詢價", "服務詢問"]), 2],
    ["", 1],
  ]);
}

export function contactMessage(random: Random, topic: Topic, where: District): string {
  const building = random.pick(topic.buildings);
  const greeting = random.pick(["您好", "你好", "老闆您好", "您好，在網路上看到你們", "朋友介紹", "您好，之前有請你們來過"]);
  const situation = random.chance(0.7) ? `我們是${placeName(where)}的${building}，${random.pick(topic.details)}` : random.pick(topic.details);
  const need = random.chance(0.6) ? `最近發現${random.pick(topic.problems)}` : `想安排${topic.name}`;
  const parts = [`${greeting}，${situation}，${need}`, random.chance(0.5) ? `${random.pick(GENERIC_QUESTIONS)}？` : `想請問${topic.name}的費用怎麼算？`];
  if (random.chance(0.45)) parts.push(`${random.pick(DAYS)}${random.pick(TIMES_OF_DAY)}比較方便`);
  if (random.chance(0.3)) parts.push(`地址是${address(random, where)}`);
  parts.push(random.pick(["麻煩回電，謝謝", "謝謝", "再麻煩您回覆", "可以的話請加 LINE 聯絡", "請用 email 回覆報價單，謝謝", "感謝"]));
  return joined(parts);
}

export function spamMessage(random: Random): { name: string; email: string; subject: string; message: string } {
  const domain = random.pick(SPAM_DOMAINS);
  const link = `https://${domain}/${random.pick(["offer", "free-audit", "start", "p", "go"])}?ref=${random.hex(6)}`;
  return {
    name: random.pick(SPAM_NAMES),
    email: `${random.pick(["info", "sales", "seo", "hello", "contact"])}${random.int(1, 999)}@${random.chance(0.5) ? domain : "gmail.com"}`,
    subject: random.pick(SPAM_SUBJECTS),
    message: random.pick(SPAM_BODIES).replace("{link}", link) + (random.chance(0.3) ? `\n\n${link}\nhttps://${random.pick(SPAM_DOMAINS)}/` : ""),
  };
}

// News -------------------------------------------------------------------------

export function postTitle(random: Random, topic: Topic, year: number): string {
  const where = district(random);
  return random.weighted<string>([
    [`${topic.name}多久做一次？${random.pick(["專業師傅告訴你", "一次看懂", "常見問題整理"])}`, 2],
    [`${random.pick(SEASONS)}一定要做的${topic.name}`, 2],
    [`${random.pick(topic.problems)}怎麼辦？${random.int(3, 7)} 個處理方法`, 3],
    [`${topic.name}費用怎麼算？${year} 年${where.city.slice(0, 2)}行情整理`, 2],
    [`${where.district}${random.pick(topic.buildings)}${topic.name}實錄`, 2],
    [`自己做還是找專業？${topic.name}的${random.int(3, 6)} 個重點`, 2],
    [`${topic.name}前要準備什麼？${random.pick(["完整清單", "師傅的小提醒", "一篇看懂"])}`, 1],
    [`${random.pick(topic.buildings)}${topic.name}的常見問題`, 2],
  ]);
}

export function postSummary(random: Random, topic: Topic): string {
  return joined([random.pick(topic.tips), `這篇整理${topic.name}的${random.pick(["重點", "流程", "費用與注意事項", "常見迷思"])}，${random.pick(["讓您一次看懂", "給您參考", "幫您省時又省錢"])}`]);
}

/** A paragraph of two or three different sentences about the topic. */
function paragraph(random: Random, topic: Topic): string {
  const [first, second, third] = random.sample(topic.works, 3);
  const [tip, secondTip, thirdTip] = random.sample(topic.tips, 3);
  const sentences = [
    `很多${random.pick(topic.buildings)}的客戶反映${random.pick(topic.problems)}，${tip}`,
    `師傅到現場會先${first}，再${second ?? first}${third ? `，最後${third}` : ""}`,
    thirdTip ? `${secondTip}，另外${thirdTip}` : `${secondTip ?? tip}`,
    `以我們處理過的案子來說，${random.pick(topic.details)}，整個${topic.name}大約需要 ${random.int(2, 8)} 小時`,
    `${random.pick(SEASONS)}是許多人安排${topic.name}的時間，建議提早預約`,
    `${random.pick(topic.problems)}時，不建議自己用強酸或漂白水處理，容易傷到材質`,
  ];
  return `<p>${joined(random.sample(sentences, random.int(2, 3)))}</p>`;
}

/** A post's body as the editor writes it: paragraphs, a heading or two, sometimes a list. */
export function postHtml(random: Random, topic: Topic): string {
  const blocks = [paragraph(random, topic)];
  const sections = random.int(1, 3);
  for (let index = 0; index < sections; index++) {
    blocks.push(`<h2>${random.pick([`${topic.name}的流程`, "常見問題", "注意事項", `為什麼要做${topic.name}`, "費用參考", "保養建議"])}</h2>`);
    blocks.push(paragraph(random, topic));
    if (random.chance(0.4)) blocks.push(`<ul>${random.sample(topic.works, random.int(2, 4)).map((work) => `<li>${work}</li>`).join("")}</ul>`);
  }
  blocks.push(`<p>${random.pick(["有任何問題，歡迎透過 LINE 或聯絡表單詢問，我們會盡快回覆。", "需要估價的話，歡迎來電或加 LINE，師傅可以到現場評估。", "我們服務基隆、台北與新北地區，歡迎預約。"])}</p>`);
  return blocks.join("\n");
}

// Cases ------------------------------------------------------------------------

export function caseTitle(random: Random, topic: Topic, where: District): string {
  const building = random.pick(topic.buildings);
  return random.weighted<string>([
    [`${placeName(where)}${building}${topic.name}`, 3],
    [`${where.district}${building}${topic.name}工程`, 2],
    [`${where.city.slice(0, 2)}${random.pick(["某", ""])}${building}${random.pick(topic.groups)}${topic.name}`, 1],
  ]);
}

export function caseDescription(random: Random, topic: Topic, where: District): string {
  return joined([
    `客戶位於${placeName(where)}，${random.pick(topic.details)}，${random.pick(topic.problems)}`,
    `現場勘查後，我們${random.sample(topic.works, 3).join("，")}`,
    `施工約 ${random.int(2, 10)} 小時完成，${random.pick(["客戶很滿意", "完工後與客戶一起驗收", "之後每半年定期保養", "成效明顯"])}`,
  ]);
}

export const groupDescription = (random: Random, topic: Topic) => sentence(`${random.pick(topic.problems)}，${random.pick(topic.works)}`);

// LINE chat --------------------------------------------------------------------

export function chatOpening(random: Random, topic: Topic, where: District): string {
  return random.weighted<string>([
    [`您好，想詢問${topic.name}`, 3],
    [`請問${topic.name}怎麼收費？`, 3],
    [`你好 我在${where.district}，${random.pick(topic.buildings)}要${topic.name}`, 2],
    [`${random.pick(topic.problems)}，可以幫忙處理嗎`, 2],
    [`請問${random.pick(DAYS)}有空嗎？想做${topic.name}`, 2],
    [`哈囉～之前有請你們來過，這次想再約${topic.name}`, 1],
  ]);
}

export function chatFollowUp(random: Random, topic: Topic, where: District): string {
  return random.weighted<string>([
    [random.pick(["好的", "好", "OK", "收到", "了解", "嗯嗯", "👌", "好的謝謝"]), 6],
    [`${random.pick(GENERIC_QUESTIONS)}？`, 3],
    [`地址是${address(random, where)}`, 1],
    [`${random.pick(DAYS)}${random.pick(TIMES_OF_DAY)}可以嗎？`, 2],
    [`${random.pick(topic.details)}`, 2],
    [random.pick(["師傅大概幾點到？", "可以刷卡嗎？", "需要先付訂金嗎？", "停車位我再幫忙留", "我下午都在家", "大門密碼等等傳給你"]), 2],
    [`可以開發票嗎？統編 ${random.digits(8)}`, 1],
  ]);
}

export const chatClosing = (random: Random) =>
  random.pick(["謝謝！", "感謝🙏", "太好了 謝謝你們", "辛苦了～", "再麻煩了", "好的 謝謝師傅", "收到 謝謝"]);

export function staffReply(random: Random, topic: Topic, where: District, first: boolean): string {
  if (first) return random.pick(["您好，感謝您的詢問😊", "您好，這裡是客服，很高興為您服務", "您好～收到您的訊息了", "您好，謝謝您再次找我們"]);
  return random.weighted<string>([
    [`${topic.name}依${topic.unit}計算，${where.city.slice(0, 2)}一般約 ${money(price(random, topic))} 起，實際以現場狀況為準`, 3],
    ["方便提供現場照片嗎？我們可以先幫您估價", 3],
    [`師傅預計${random.pick(DAYS)}${random.pick(TIMES_OF_DAY)}到府，出發前會先電話聯絡您`, 3],
    [`已幫您預約${random.pick(DAYS)}${random.pick(TIMES_OF_DAY)}，如需更改請提前告知`, 2],
    ["好的，收到照片了，稍後回覆報價", 2],
    ["付款方式可以現金、轉帳或刷卡，也可以開立發票", 1],
    [`提醒您${random.pick(DAYS)}的${topic.name}服務，師傅會準時抵達`, 2],
    [`施工完成，${random.pick(topic.works)}，附上完工照片給您參考`, 1],
    ["不客氣，有任何問題歡迎隨時詢問", 2],
  ]);
}

// Pages -----------------------------------------------------------------------

export function pageParagraphs(random: Random, topic: Topic, where: District): string[] {
  return [
    `<p>${joined([`我們在${placeName(where)}提供${topic.name}服務`, random.pick(topic.tips), `從${random.sample(topic.works, 2).join("到")}，都由受過訓練的師傅完成`])}</p>`,
    `<h2>服務內容</h2><ul>${topic.features.map((feature) => `<li>${feature}</li>`).join("")}</ul>`,
    `<h2>常見情況</h2><p>${joined(random.sample(topic.problems, 2).map((problem) => `${problem}，是${random.pick(topic.buildings)}常見的情況`))}</p>`,
    `<h2>費用參考</h2><p>${joined([`${topic.name}依${topic.unit}計價，約 ${money(topic.price[0])} 至 ${money(topic.price[1])}`, "實際費用以現場評估為準，歡迎預約免費估價"])}</p>`,
  ];
}
