// The order in which a visitor meets a built page's elements, read from its
// generated HTML (render.ts): at desktop width the columns side by side, left
// to right; below 768 px stacked, reversed where the container says so
// (`pb-reverse`) and without the columns hidden on phones (`pb-hide-mobile`).
import { DomUtils, parseDocument } from "htmlparser2";

type Node = ReturnType<typeof parseDocument>["children"][number];
export type Tag = Extract<Node, { attribs: Record<string, string> }>;

export type Width = "desktop" | "mobile";
export const WIDTHS: readonly Width[] = ["desktop", "mobile"];

/** One element where it stands on the page. */
export interface PlacedElement {
  /** The element's node id (its wrapper's data-pb-id). */
  id: string;
  /** The element's wrapper (div.pb-element) and the HTML its view made inside. */
  node: Tag;
  /** The container's background colour, "" for the page's own. */
  background: string;
  /** False when its column is hidden on phones. */
  onMobile: boolean;
}

const isTag = (node: Node): node is Tag => "attribs" in node;
export const hasClass = (node: Node, name: string) => isTag(node) && (node.attribs.class ?? "").split(/\s+/).includes(name);
const childTags = (node: Tag, name: string) => node.children.filter((child): child is Tag => hasClass(child, name));

/** The colour of a `background-color:#…` inline style, "" without one. */
export function backgroundOf(node: Tag): string {
  return /(?:^|;)\s*background-color\s*:\s*(#[0-9a-f]{3,6})\b/i.exec(node.attribs.style ?? "")?.[1] ?? "";
}

export function readingOrder(html: string): Record<Width, PlacedElement[]> {
  const order: Record<Width, PlacedElement[]> = { desktop: [], mobile: [] };
  const containers = DomUtils.findAll((node) => node.name === "section" && hasClass(node, "pb-container"), parseDocument(html).children);
  for (const container of containers) {
    const background = backgroundOf(container);
    const columns = container.children.filter((child): child is Tag => hasClass(child, "pb-columns")).flatMap((row) => childTags(row, "pb-column"));
    const placed = columns.map((column) => {
      const onMobile = !hasClass(column, "pb-hide-mobile");
      return childTags(column, "pb-element").map((node): PlacedElement => ({ id: node.attribs["data-pb-id"] ?? "", node, background, onMobile }));
    });
    order.desktop.push(...placed.flat());
    const stacked = hasClass(container, "pb-reverse") ? [...placed].reverse() : placed;
    order.mobile.push(...stacked.flat().filter((element) => element.onMobile));
  }
  return order;
}
