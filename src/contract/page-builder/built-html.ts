// The builder's own HTML (render.ts) read back into a tree: what comes back
// when someone edits a built page's HTML source, or a client saves only the
// `html` of a builder save. Each element's view leaves enough in its markup
// (classes, data attributes, the img and video tags) to rebuild its fields;
// ids are kept when they are valid and unique. Markup inside a column that is
// not an element of ours goes the older-HTML way (legacy-html.ts).
import { DomUtils, type parseDocument } from "htmlparser2";
import { youtubeThumbnail } from "../youtube.ts";
import { isMediaAddress, type Alignment } from "./element-fields.ts";
import { BUTTON_TEXT_LIMIT } from "./elements/button.ts";
import { NO_CARD_ACTION } from "./elements/service-card.ts";
import { SERVICE_CARD_ICONS, type ServiceCardIcon } from "./icons.ts";
import { isOutsideAddress, isSitePath, SERVICE_NAME_LIMIT, type LinkTarget } from "./link-target.ts";
import { ELEMENT_TYPES, type BuilderContainer, type BuilderElement, type ElementType } from "./tree.ts";

export type Node = ReturnType<typeof parseDocument>["children"][number];
export type Tag = Extract<Node, { attribs: Record<string, string> }>;

export const isTag = (node: Node): node is Tag => "attribs" in node;
export const classesOf = (node: Tag) => (node.attribs.class ?? "").split(/\s+/).filter(Boolean);
const find = (node: Tag, test: (tag: Tag) => boolean): Tag | null => DomUtils.findOne(test, node.children);
const byName = (node: Tag, name: string) => find(node, (tag) => tag.name === name);
const byClass = (node: Tag, name: string) => find(node, (tag) => classesOf(tag).includes(name));
const textOf = (node: Tag | null) => (node ? DomUtils.textContent(node).trim() : "");
const inner = (node: Tag) => DomUtils.getInnerHTML(node, { encodeEntities: "utf8" }).trim();
const styleValue = (node: Tag | null, property: string) => new RegExp(`(?:^|;)\\s*${property}\\s*:\\s*([^;]+)`, "i").exec(node?.attribs.style ?? "")?.[1]?.trim() ?? "";
const colourOr = (value: string, fallback: string) => (/^#[0-9a-fA-F]{6}$/.test(value) ? value : fallback);
const mediaOr = (value: string | undefined) => (value && isMediaAddress(value) ? value : "");

const alignmentOf = (node: Tag | null): Alignment => {
  const named = node ? classesOf(node).find((entry) => entry.startsWith("pb-align-"))?.slice(9) : undefined;
  return named === "center" || named === "right" ? named : "left";
};

/** A link drawn by link-target.ts back as its words (without what is said to screen readers only) and its target. */
function linkOf(anchor: Tag, limit: number): { text: string; target: LinkTarget } {
  const shown = anchor.children.filter((child) => !(isTag(child) && classesOf(child).includes("pb-sr-only")));
  const text = DomUtils.textContent(shown).trim().slice(0, limit);
  const href = anchor.attribs.href ?? "";
  switch (anchor.attribs["data-pb-target"]) {
    case "phone":
      return { text, target: { kind: "phone" } };
    case "line":
      return { text, target: { kind: "line" } };
    case "page":
      return { text, target: { kind: "page", path: isSitePath(href) ? href : "" } };
    case "address":
      return { text, target: { kind: "address", url: isOutsideAddress(href) ? href : "" } };
    default:
      return { text, target: { kind: "contact", service: (anchor.attribs["data-pb-service"] ?? "").trim().slice(0, SERVICE_NAME_LIMIT) } };
  }
}

/** The element type a `.pb-element` wrapper says it holds (`pb-<type>-element`), or null. */
export function builtElementType(node: Tag): ElementType | null {
  const name = classesOf(node).find((entry) => /^pb-.+-element$/.test(entry))?.slice(3, -8);
  return name && (ELEMENT_TYPES as readonly string[]).includes(name) ? (name as ElementType) : null;
}

/** One `.pb-element` back as its element (null: its markup is not the view's, the caller keeps it another way). */
export function builtElementOf(node: Tag, type: ElementType, id: string): BuilderElement | null {
  switch (type) {
    case "text": {
      const text = byClass(node, "pb-text");
      return text ? { id, type, html: inner(text) } : null;
    }
    case "image": {
      const img = byName(node, "img");
      if (!img) return null;
      const link = find(node, (tag) => tag.name === "a")?.attribs.href ?? "";
      // The view writes alt="" for a decorative picture and for a missing description alike: the finding asks.
      return { id, type, src: mediaOr(img.attribs.src), alt: img.attribs.alt ?? "", decorative: false, link, caption: textOf(byName(node, "figcaption")) };
    }
    case "video": {
      const youtube = byClass(node, "pb-youtube");
      if (youtube) {
        const videoId = youtube.attribs["data-youtube"] ?? "";
        const poster = byName(youtube, "img")?.attribs.src ?? "";
        return { id, type, source: "youtube", src: "", youtube: byClass(youtube, "pb-youtube-link")?.attribs.href ?? videoId, poster: poster === youtubeThumbnail(videoId) ? "" : mediaOr(poster), title: youtube.attribs["data-title"] ?? "" };
      }
      const video = byName(node, "video");
      if (!video) return null;
      return { id, type, source: "upload", src: mediaOr(byName(video, "source")?.attribs.src ?? video.attribs.src), youtube: "", poster: mediaOr(video.attribs.poster), title: video.attribs["aria-label"] ?? "" };
    }
    case "code": {
      const frame = byClass(node, "pb-code");
      return frame ? { id, type, html: frame.attribs.srcdoc ?? "", title: frame.attribs.title ?? "嵌入內容", height: Number(frame.attribs.height) || 200, note: "" } : null;
    }
    case "spacer": {
      const height = Number.parseInt(styleValue(byClass(node, "pb-spacer"), "height"), 10);
      return { id, type, height: Number.isFinite(height) ? height : 40 };
    }
    case "serviceCard": {
      const card = byClass(node, "pb-card");
      if (!card) return null;
      const icon = byClass(card, "pb-card-icon");
      const named = icon?.attribs["data-icon"] ?? "";
      const actionLink = find(card, (tag) => tag.name === "a" && classesOf(tag).some((entry) => entry === "pb-card-link" || entry === "pb-button"));
      return {
        id,
        type,
        icon: (SERVICE_CARD_ICONS as readonly string[]).includes(named) ? (named as ServiceCardIcon) : "star",
        iconColor: colourOr(styleValue(icon, "color"), "#1d4ed8"),
        backgroundColor: colourOr(styleValue(card, "background-color"), "#ffffff"),
        title: textOf(byClass(card, "pb-card-title")),
        description: textOf(byClass(card, "pb-card-text")),
        items: DomUtils.findAll((tag) => tag.name === "li", byClass(card, "pb-card-items")?.children ?? []).map(textOf),
        alignment: alignmentOf(card),
        action: actionLink ? { look: classesOf(actionLink).includes("pb-button") ? "button" : "link", ...linkOf(actionLink, 40) } : NO_CARD_ACTION,
      };
    }
    case "button": {
      const anchor = find(node, (tag) => tag.name === "a" && classesOf(tag).includes("pb-button"));
      if (!anchor) return null;
      const classes = classesOf(anchor);
      return { id, type, ...linkOf(anchor, BUTTON_TEXT_LIMIT), look: classes.includes("pb-button-secondary") ? "secondary" : "primary", fullWidthOnPhone: classes.includes("pb-button-wide"), alignment: alignmentOf(byClass(node, "pb-button-row")) };
    }
  }
}

/** A column's width from its class (`pb-w-66-67` → 66.67), or null. */
export function builtColumnWidth(node: Tag): number | null {
  const match = classesOf(node)
    .map((entry) => /^pb-w-(\d+)(?:-(\d+))?$/.exec(entry))
    .find(Boolean);
  return match ? Number(`${match[1]}.${match[2] ?? "0"}`) : null;
}

/** A `section.pb-container`'s mobile rules and background as its classes and style say. */
export function builtContainerLook(node: Tag): { order: BuilderContainer["mobile"]["order"]; gap: BuilderContainer["mobile"]["gap"]; background: string } {
  const classes = classesOf(node);
  const gap = classes.find((entry) => entry.startsWith("pb-gap-"))?.slice(7);
  return {
    order: classes.includes("pb-reverse") ? "reverse" : "normal",
    gap: gap === "none" || gap === "small" || gap === "large" ? gap : "medium",
    background: colourOr(styleValue(node, "background-color"), ""),
  };
}

/** A container of older HTML: no rules of its own. */
export const PLAIN_CONTAINER_LOOK: ReturnType<typeof builtContainerLook> = { order: "normal", gap: "medium", background: "" };
