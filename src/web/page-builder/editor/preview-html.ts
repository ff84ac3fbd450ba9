// A text element's HTML as the canvas shows it. What visitors get is
// sanitised by the server (lib/staff-html.ts); the editor shows a tree it has
// not yet saved (a paste from another tab's clipboard, a draft), so its
// preview keeps only the rich-text editor's own tags and safe links and
// pictures, written back out from a parse: nothing it keeps can run.
import { ElementType, parseDocument } from "htmlparser2";
import { isSafeButtonLink } from "#contract/banner.ts";
import { escapeHtml, isMediaAddress } from "#contract/page-builder/element-fields.ts";

type Node = ReturnType<typeof parseDocument>["children"][number];

const KEPT = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "pre", "code", "strong", "b", "em", "i", "u", "s", "mark", "small", "sub", "sup", "span", "br", "hr", "a", "img", "figure", "figcaption", "table", "thead", "tbody", "tr", "th", "td", "caption"]);
const EMPTY = new Set(["br", "hr", "img"]);
/** Left out with all they hold; any other unknown tag is left out but its content kept. */
const DROPPED = new Set(["script", "style", "iframe", "frame", "frameset", "object", "embed", "template", "noscript", "svg", "math", "form", "input", "button", "select", "textarea", "link", "meta", "base", "audio", "video", "title", "head"]);

function attributes(name: string, attribs: Record<string, string>): string {
  if (name === "a" && attribs.href && isSafeButtonLink(attribs.href)) return ` href="${escapeHtml(attribs.href)}"`;
  if (name === "img" && attribs.src && attribs.src !== "" && isMediaAddress(attribs.src)) return ` src="${escapeHtml(attribs.src)}" alt="${escapeHtml(attribs.alt ?? "")}"`;
  return "";
}

function write(nodes: readonly Node[]): string {
  let html = "";
  for (const node of nodes) {
    if (node.type === ElementType.Text) html += escapeHtml(node.data);
    else if ("attribs" in node) {
      const name = node.name.toLowerCase();
      if (DROPPED.has(name)) continue;
      if (!KEPT.has(name)) html += write(node.children);
      else if (EMPTY.has(name)) html += name === "img" && !attributes(name, node.attribs) ? "" : `<${name}${attributes(name, node.attribs)}>`;
      else html += `<${name}${attributes(name, node.attribs)}>${write(node.children)}</${name}>`;
    }
  }
  return html;
}

export function previewHtml(html: string): string {
  return write(parseDocument(html).children);
}
