// What the findings look for (issue 24), said as advice (decision 041): what a
// visitor meets, who it hurts, and what to do about it in the words of the
// dialogs that fix it (each finding's 前往修改 opens that dialog). Each rule
// reads an element's generated HTML, and the tree where the HTML cannot tell
// (an image's decorative choice, a video's title, where a button goes).
import { DomUtils } from "htmlparser2";
import { destinationOf, type LinkTarget, type SiteLinks } from "#contract/page-builder/link-target.ts";
import type { BuilderElement } from "#contract/page-builder/tree.ts";
import { colourWords } from "#web/lib/colour-words.ts";
import { luminance, withContrast } from "#web/ui/theme-css.ts";
import { contrastRatio, formatRatio, MIN_TEXT_CONTRAST } from "./contrast.ts";
import { backgroundOf, hasClass, type PlacedElement, type Tag } from "./reading-order.ts";

export type FindingRule = "image-alt" | "heading-order" | "contrast" | "link-name" | "video-title" | "button";

export interface Issue {
  rule: FindingRule;
  message: string;
  /** The fix is in the container's settings (its background), not in the element's own dialog. */
  inContainer?: boolean;
}

const READERS = "使用螢幕閱讀器的人";

export const FINDING_MESSAGES = {
  imageAlt: `這張圖片沒有文字說明，${READERS}和搜尋引擎不知道圖片裡是什麼。請在「替代文字」寫一句描述；如果圖片只是裝飾，請勾選「裝飾性圖片」。`,
  textImageAlt: `文字裡的圖片沒有文字說明，${READERS}和搜尋引擎不知道圖片裡是什麼。請在文字中點選圖片，按「編輯圖片說明」寫一句描述。`,
  imageLink: `這張圖片是一個連結，但沒有文字說明，${READERS}聽不出它會前往哪裡。請在「替代文字」寫出連結的去處，例如「查看水塔清洗服務」。`,
  linkName: `這個連結沒有文字，${READERS}聽不出它會前往哪裡。請在文字中選取連結，為它加上文字。`,
  videoTitle: `這部影片沒有標題，${READERS}只會聽到「影片」，不知道內容是什麼。請在「影片標題」寫出影片的內容。`,
  headingOne: "這段文字用了和頁面名稱一樣大的標題（H1），一頁只該有一個，搜尋引擎會分不清頁面的主題。請改用「大標題」。",
  buttonText: (subject: string) => `${subject}沒有文字，訪客不知道按下去會做什麼，所以不會顯示在網站上。請輸入文字，例如「立即預約」。`,
  buttonTarget: (subject: string) => `${subject}還沒有選擇要前往的地方，所以不會顯示在網站上。請選擇要前往的頁面，或輸入網址。`,
  noPhone: (subject: string) => `${subject}要撥打網站設定的公司電話，但網站設定還沒有填寫，所以不會顯示在網站上。請到「網站設定」的「基本設定」填寫公司電話，或改選其他要前往的地方。`,
  noLine: (subject: string) => `${subject}要開啟網站設定的 LINE 加好友網址，但網站設定還沒有填寫，所以不會顯示在網站上。請到「網站設定」的「社群媒體」填寫，或改選其他要前往的地方。`,
} as const;

const within = (node: Tag, test: (tag: Tag) => boolean) => DomUtils.findAll(test, node.children);
const insideLink = (node: Tag) => {
  for (let parent = node.parent; parent && "name" in parent; parent = parent.parent) if (parent.name === "a") return true;
  return false;
};

function imageAlt(placed: PlacedElement, element: BuilderElement): Issue[] {
  // A picture inside a link is the link's words: the link rule speaks for it.
  const missing = within(placed.node, (tag) => tag.name === "img" && !insideLink(tag)).filter((img) => {
    const alt = img.attribs.alt;
    if (alt === undefined) return true;
    // The image element writes alt="" for a decorative picture and for one whose alt text is missing.
    return alt.trim() === "" && element.type === "image" && !element.decorative;
  });
  if (missing.length === 0) return [];
  return [{ rule: "image-alt", message: element.type === "image" ? FINDING_MESSAGES.imageAlt : FINDING_MESSAGES.textImageAlt }];
}

function linkName(placed: PlacedElement): Issue[] {
  // A button's link (and a card's) is the button rule's: it knows why one has no words or nowhere to go.
  return within(placed.node, (tag) => tag.name === "a" && tag.attribs["data-pb-target"] === undefined).flatMap((link): Issue[] => {
    const images = within(link, (tag) => tag.name === "img");
    const words = [link.attribs["aria-label"] ?? "", DomUtils.textContent(link), ...images.map((img) => img.attribs.alt ?? "")].join("").trim();
    if (words) return [];
    return [{ rule: "link-name", message: images.length > 0 ? FINDING_MESSAGES.imageLink : FINDING_MESSAGES.linkName }];
  });
}

function videoTitle(element: BuilderElement): Issue[] {
  return element.type === "video" && element.title.trim() === "" ? [{ rule: "video-title", message: FINDING_MESSAGES.videoTitle }] : [];
}

/** What keeps a link (a button, a card's link) off the visitor's page: no words, no target, or the setting it follows empty. */
function linkIssues(subject: string, text: string, target: LinkTarget, links: SiteLinks | undefined): Issue[] {
  if (!text.trim()) return [{ rule: "button", message: FINDING_MESSAGES.buttonText(subject) }];
  if (destinationOf(target, links) !== "missing") return [];
  if (target.kind === "phone") return [{ rule: "button", message: FINDING_MESSAGES.noPhone(subject) }];
  if (target.kind === "line") return [{ rule: "button", message: FINDING_MESSAGES.noLine(subject) }];
  return [{ rule: "button", message: FINDING_MESSAGES.buttonTarget(subject) }];
}

function buttons(element: BuilderElement, links: SiteLinks | undefined): Issue[] {
  if (element.type === "button") return linkIssues("這個按鈕", element.text, element.target, links);
  if (element.type === "serviceCard" && element.action.look !== "none") return linkIssues(element.action.look === "button" ? "卡片下方的按鈕" : "卡片下方的連結", element.action.text, element.action.target, links);
  return [];
}

/** A background the text reads on: the chosen one lightened (under dark text) or darkened (under light text) just enough. */
export function readableBackground(background: string, text: string): string {
  return withContrast(background, [text], MIN_TEXT_CONTRAST, luminance(text) < 0.18 ? "#ffffff" : "#000000");
}

/**
 * Words on a background someone chose: a service card's own, else the
 * container's. The words are in the theme's text colour (the text dialog
 * offers no colours and the sanitiser keeps no `style`, so text carries none of
 * its own). On the page's own background the theme answers for the contrast;
 * a button carries its own colours (page-builder.css).
 */
function contrast(placed: PlacedElement, element: BuilderElement, textColour: string): Issue[] {
  if (element.type === "video" || element.type === "code" || element.type === "spacer" || element.type === "button") return [];
  if (DomUtils.textContent(placed.node).trim() === "") return [];
  const card = within(placed.node, (tag) => hasClass(tag, "pb-card"))[0];
  const cardBackground = card ? backgroundOf(card) : "";
  const background = cardBackground || placed.background;
  if (!background) return [];
  const ratio = contrastRatio(textColour, background);
  if (ratio === null || ratio >= MIN_TEXT_CONTRAST) return [];
  const where = cardBackground ? "卡片" : "容器";
  return [
    {
      rule: "contrast",
      message: `${colourWords(textColour)}的文字放在${colourWords(background)}的${where}背景上，對比只有 ${formatRatio(ratio)}（至少需要 ${MIN_TEXT_CONTRAST}:1），很多人會看不清楚，在陽光下的手機上更難讀。建議把${where}的背景顏色改成${colourWords(readableBackground(background, textColour))}。`,
      inContainer: !cardBackground,
    },
  ];
}

/** What is wrong with one element wherever it stands (the same at every width it is shown at). */
export function elementIssues(placed: PlacedElement, element: BuilderElement, textColour: string, links: SiteLinks | undefined): Issue[] {
  return [...imageAlt(placed, element), ...linkName(placed), ...videoTitle(element), ...buttons(element, links), ...contrast(placed, element, textColour)];
}

const HEADING = /^h([1-6])$/;

/** A heading level by the text toolbar's name for it (大標題, 小標題), deeper ones by their number. */
const levelName = (level: number) => (level === 2 ? "大標題" : level === 3 ? "小標題" : `第 ${level} 層標題（H${level}）`);

function skippedMessage(level: number, previous: number, inCard: boolean): string {
  const skipped = Array.from({ length: level - previous - 1 }, (_, index) => previous + 1 + index);
  const missing = skipped.length === 1 ? `一層${levelName(skipped[0]!)}` : ` ${skipped.length} 層標題（${skipped.map(levelName).join("、")}）`;
  const why = "搜尋引擎和使用螢幕閱讀器的人會看不懂段落之間的關係";
  if (inCard) return `這張卡片的標題是${levelName(level)}，但前面少了${missing}，${why}。請在卡片前面加一段有「${levelName(previous + 1)}」的文字，說明這些卡片是什麼。`;
  return `這個${levelName(level)}前面少了${missing}，${why}。請把它改成「${levelName(previous + 1)}」，或在它前面加一個${levelName(previous + 1)}。`;
}

/**
 * Headings in the order read at one width, the page's title counting as the
 * H1 before them all: each may go one level deeper than the one before, or
 * back up to any level (WCAG 1.3.1, the outline a screen reader lists).
 */
export function headingIssues(order: readonly PlacedElement[]): Array<Issue & { id: string }> {
  const issues: Array<Issue & { id: string }> = [];
  let previous = 1;
  for (const placed of order) {
    for (const heading of within(placed.node, (tag) => HEADING.test(tag.name))) {
      if (DomUtils.textContent(heading).trim() === "") continue;
      const level = Number(HEADING.exec(heading.name)![1]);
      if (level === 1) {
        issues.push({ id: placed.id, rule: "heading-order", message: FINDING_MESSAGES.headingOne });
      } else if (level > previous + 1) {
        issues.push({ id: placed.id, rule: "heading-order", message: skippedMessage(level, previous, hasClass(heading, "pb-card-title")) });
      }
      previous = level;
    }
  }
  return issues;
}
