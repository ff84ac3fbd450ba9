// What the findings look for (issue 24): each rule reads an element's
// generated HTML, and the tree where the HTML cannot tell (an image's
// decorative choice and a video's title both render as a label either way).
// Messages are in the words staff use in the dialogs.
import { DomUtils } from "htmlparser2";
import type { BuilderElement } from "#contract/page-builder/tree.ts";
import { contrastRatio, formatRatio, MIN_TEXT_CONTRAST } from "./contrast.ts";
import { backgroundOf, hasClass, type PlacedElement, type Tag } from "./reading-order.ts";

export type FindingRule = "image-alt" | "heading-order" | "contrast" | "link-name" | "video-title";

export interface Issue {
  rule: FindingRule;
  message: string;
}

export const FINDING_MESSAGES = {
  imageAlt: "圖片缺少替代文字（或請勾選「裝飾性圖片」）",
  textImageAlt: "文字中的圖片缺少替代文字（請點選圖片，再按「編輯圖片說明」）",
  imageLink: "圖片連結缺少替代文字（請說明連結會前往哪裡）",
  linkName: "連結沒有文字",
  videoTitle: "影片缺少標題",
  headingOne: "內文不應使用 H1（頁面標題已是 H1），請改用 H2",
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
  return within(placed.node, (tag) => tag.name === "a").flatMap((link): Issue[] => {
    const images = within(link, (tag) => tag.name === "img");
    const words = [link.attribs["aria-label"] ?? "", DomUtils.textContent(link), ...images.map((img) => img.attribs.alt ?? "")].join("").trim();
    if (words) return [];
    return [{ rule: "link-name", message: images.length > 0 ? FINDING_MESSAGES.imageLink : FINDING_MESSAGES.linkName }];
  });
}

function videoTitle(element: BuilderElement): Issue[] {
  return element.type === "video" && element.title.trim() === "" ? [{ rule: "video-title", message: FINDING_MESSAGES.videoTitle }] : [];
}

/**
 * Words on a background someone chose: a service card's own, else the
 * container's. The words are in the theme's text colour (the text dialog
 * offers no colours and the sanitiser keeps no `style`, so text carries none of
 * its own). On the page's own background the theme answers for the contrast.
 */
function contrast(placed: PlacedElement, element: BuilderElement, textColour: string): Issue[] {
  if (element.type === "video" || element.type === "code" || element.type === "spacer") return [];
  if (DomUtils.textContent(placed.node).trim() === "") return [];
  const card = within(placed.node, (tag) => hasClass(tag, "pb-card"))[0];
  const background = (card ? backgroundOf(card) : "") || placed.background;
  if (!background) return [];
  const ratio = contrastRatio(textColour, background);
  if (ratio === null || ratio >= MIN_TEXT_CONTRAST) return [];
  return [{ rule: "contrast", message: `文字與背景的對比不足（${formatRatio(ratio)}，至少需要 ${MIN_TEXT_CONTRAST}:1）` }];
}

/** What is wrong with one element wherever it stands (the same at every width it is shown at). */
export function elementIssues(placed: PlacedElement, element: BuilderElement, textColour: string): Issue[] {
  return [...imageAlt(placed, element), ...linkName(placed), ...videoTitle(element), ...contrast(placed, element, textColour)];
}

const HEADING = /^h([1-6])$/;

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
        const skipped = Array.from({ length: level - previous - 1 }, (_, index) => `H${previous + 1 + index}`).join("、");
        issues.push({ id: placed.id, rule: "heading-order", message: `標題層級跳過了 ${skipped}` });
      }
      previous = level;
    }
  }
  return issues;
}
