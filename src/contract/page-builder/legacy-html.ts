// Older pages' HTML back into the builder's tree (002 §3): the spec's
// `container` / `column` / `text` markup (a column's width in its style) and
// loose HTML alike, and the builder's own HTML (built-html.ts: a page whose
// source was edited keeps its elements, ids and phone rules). What the parser recognises becomes text, picture and video
// elements; anything else becomes a code element with a note, so nothing is
// ever lost (nor run: a code element shows in a sandboxed frame). Gutenberg's
// "this block contains unexpected content" is the failure this avoids.
import { DomUtils, ElementType, parseDocument } from "htmlparser2";
import { youtubeIdFrom } from "../youtube.ts";
import { COLUMN_LAYOUTS, type ColumnLayout } from "./layouts.ts";
import { builtColumnWidth, builtContainerLook, PLAIN_CONTAINER_LOOK, builtElementOf, builtElementType, classesOf, isTag, type Node, type Tag } from "./built-html.ts";
import { isMediaAddress, nodeId } from "./element-fields.ts";
import { BUILDER_VERSION, type BuilderColumn, type BuilderContainer, type BuilderElement, type BuilderTree } from "./tree.ts";

/** Older pages' markup (002 §3: a block with the `container` class) or the builder's own (`pb-page`, `pb-container`): such a page opens in the builder. */
export const hasLegacyBuilderMarkup = (html: string) => /<(?:div|section)\b[^>]*\bclass\s*=\s*["'][^"']*\b(?:container|pb-page)\b/i.test(html);

export const LEGACY_NOTE = "舊版頁面中無法辨識的內容，已原樣保留為程式碼區塊（只在隔離的框架中顯示）";

/** Tags whose content is text the rich-text editor can hold. */
const TEXT_TAGS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "blockquote", "pre", "table", "hr", "br", "strong", "b", "em", "i", "u", "s", "a", "span", "small", "mark", "code", "sub", "sup", "figure", "figcaption", "li"]);

/**
 * Ids for a parsed tree: deterministic (the same HTML gives the same tree), unique within the page.
 * The builder's own HTML names its nodes (`data-pb-id`): those are kept, once each.
 */
function idMaker() {
  let n = 0;
  const used = new Set<string>();
  const fresh = (kind: string) => {
    let id: string;
    do id = `${kind}${(++n).toString(36).padStart(5, "0")}`;
    while (used.has(id));
    used.add(id);
    return id;
  };
  const kept = (node: Tag, kind: string) => {
    const id = node.attribs["data-pb-id"] ?? "";
    if (!nodeId.safeParse(id).success || used.has(id)) return fresh(kind);
    used.add(id);
    return id;
  };
  return { fresh, kept };
}
type Ids = ReturnType<typeof idMaker>;
const hasClass = (node: Node, name: string) => isTag(node) && classesOf(node).includes(name);
const isBlank = (node: Node) => (node.type === ElementType.Text && node.data.trim() === "") || node.type === ElementType.Comment;
// Characters as they are (only markup is escaped): the text dialog and the stored JSON read Chinese, not &#x…; entities.
const outer = (nodes: readonly Node[]) => DomUtils.getOuterHTML(nodes as Node[], { encodeEntities: "utf8" }).trim();

/** The width a column's style gives (`width: 50%`), if any. */
function widthOf(node: Tag): number | null {
  const match = /(?:^|;)\s*(?:flex-basis|width)\s*:\s*([\d.]+)\s*%/i.exec(node.attribs.style ?? "");
  return match ? Number(match[1]) : null;
}

/** The predefined layout nearest to these widths with as many columns (null: none has that many). */
function nearestLayout(widths: readonly (number | null)[]): ColumnLayout | null {
  const candidates = COLUMN_LAYOUTS.filter((layout) => layout.columns.length === widths.length);
  if (candidates.length === 0) return null;
  const given = widths.map((width) => width ?? 100 / widths.length);
  const distance = (layout: ColumnLayout) => layout.columns.reduce((sum, width, index) => sum + Math.abs(width - given[index]!), 0);
  return candidates.reduce((best, layout) => (distance(layout) < distance(best) ? layout : best));
}

/** One piece of a column: one of the builder's own elements, a picture, a video, text, or (unknown) code. */
function elementsOf(nodes: readonly Node[], ids: Ids): BuilderElement[] {
  const elements: BuilderElement[] = [];
  let text: Node[] = [];
  const flushText = () => {
    const html = outer(text);
    if (html) elements.push({ id: ids.fresh("t"), type: "text", html });
    text = [];
  };
  for (const node of nodes) {
    if (isBlank(node)) continue;
    if (node.type === ElementType.Text) {
      text.push(node);
      continue;
    }
    if (!isTag(node)) continue;
    const builtType = hasClass(node, "pb-element") ? builtElementType(node) : null;
    const built = builtType ? builtElementOf(node, builtType, ids.kept(node, builtType.charAt(0))) : null;
    if (built) {
      flushText();
      elements.push(built);
      continue;
    }
    const image = node.name === "img" ? node : null;
    if (image && isMediaAddress(image.attribs.src ?? "") && image.attribs.src) {
      flushText();
      const alt = image.attribs.alt ?? "";
      elements.push({ id: ids.fresh("i"), type: "image", src: image.attribs.src, alt, decorative: image.attribs.alt === "", link: "", caption: "" });
      continue;
    }
    const youtube = node.name === "iframe" ? youtubeIdFrom(node.attribs.src ?? "") : null;
    if (youtube) {
      flushText();
      elements.push({ id: ids.fresh("v"), type: "video", source: "youtube", src: "", youtube, poster: "", title: node.attribs.title ?? "" });
      continue;
    }
    const video = node.name === "video" ? (node.attribs.src ?? DomUtils.findOne((child) => child.name === "source", node.children)?.attribs.src ?? "") : "";
    if (video && isMediaAddress(video)) {
      flushText();
      elements.push({ id: ids.fresh("v"), type: "video", source: "upload", src: video, youtube: "", poster: isMediaAddress(node.attribs.poster ?? "") ? (node.attribs.poster ?? "") : "", title: node.attribs.title ?? node.attribs["aria-label"] ?? "" });
      continue;
    }
    if (hasClass(node, "text")) {
      flushText();
      const html = DomUtils.getInnerHTML(node, { encodeEntities: "utf8" }).trim();
      if (html) elements.push({ id: ids.fresh("t"), type: "text", html });
      continue;
    }
    if (TEXT_TAGS.has(node.name) && !DomUtils.findOne((child) => !TEXT_TAGS.has(child.name) && child.name !== "img", node.children)) {
      text.push(node);
      continue;
    }
    flushText();
    elements.push({ id: ids.fresh("c"), type: "code", html: outer([node]), title: "嵌入內容", height: 200, note: LEGACY_NOTE });
  }
  flushText();
  return elements;
}

interface ParsedColumn {
  width: number | null;
  nodes: readonly Node[];
  /** The builder's own column hidden on phones. */
  hiddenOnPhones?: boolean;
}

function containerOf(columns: ParsedColumn[], ids: Ids, section?: Tag): BuilderContainer {
  const id = section ? ids.kept(section, "b") : ids.fresh("b");
  let layout = nearestLayout(columns.map((column) => column.width));
  let groups = columns;
  if (!layout) {
    // More columns than any layout has: the last layout-sized group takes the rest, nothing is dropped.
    layout = nearestLayout(columns.slice(0, 6).map((column) => column.width))!;
    groups = [...columns.slice(0, 5), { width: null, nodes: columns.slice(5).flatMap((column) => column.nodes) }];
  }
  const built: BuilderColumn[] = groups.map((column) => ({ id: ids.fresh("k"), elements: elementsOf(column.nodes, ids) }));
  const hidden = built.filter((_, index) => groups[index]!.hiddenOnPhones).map((column) => column.id);
  const look = section ? builtContainerLook(section) : PLAIN_CONTAINER_LOOK;
  return { id, layout: layout.id, columns: built, mobile: { order: look.order, hidden, gap: look.gap }, background: look.background };
}

/** The builder's own container (`section.pb-container`, render.ts): its columns with their widths and phone rules. */
function builtContainerOf(section: Tag, ids: Ids): BuilderContainer {
  const row = section.children.find((child): child is Tag => hasClass(child, "pb-columns") && isTag(child)) ?? section;
  const columns = row.children
    .filter((child): child is Tag => hasClass(child, "pb-column"))
    .map((column) => ({ width: builtColumnWidth(column), nodes: column.children, hiddenOnPhones: classesOf(column).includes("pb-hide-mobile") }));
  return containerOf(columns.length > 0 ? columns : [{ width: null, nodes: [] }], ids, section);
}

/** An older page's HTML (or the builder's own) as a builder tree. Deterministic; never throws; never drops content. */
export function treeFromLegacyHtml(html: string): BuilderTree {
  const document = parseDocument(html, { decodeEntities: true });
  const ids = idMaker();
  const containers: BuilderContainer[] = [];
  let loose: Node[] = [];
  const flushLoose = () => {
    if (loose.some((node) => !isBlank(node))) containers.push(containerOf([{ width: null, nodes: loose }], ids));
    loose = [];
  };
  // The builder's page wrapper holds its containers: read them as if they stood at the top.
  const top = document.children.flatMap((node) => (hasClass(node, "pb-page") && isTag(node) ? node.children : [node]));
  for (const node of top) {
    if (hasClass(node, "pb-container") && isTag(node)) {
      flushLoose();
      containers.push(builtContainerOf(node, ids));
      continue;
    }
    if (hasClass(node, "container") && isTag(node)) {
      flushLoose();
      const children = node.children.filter((child) => !isBlank(child));
      const columns = children.every((child) => hasClass(child, "column"))
        ? children.map((child) => ({ width: widthOf(child as Tag), nodes: (child as Tag).children }))
        : [{ width: null, nodes: children }];
      containers.push(containerOf(columns.length > 0 ? columns : [{ width: null, nodes: [] }], ids));
      continue;
    }
    loose.push(node);
  }
  flushLoose();
  return { version: BUILDER_VERSION, containers };
}
