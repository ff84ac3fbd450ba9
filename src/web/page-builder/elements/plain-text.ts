// The words of an element's HTML, for the outline's one-line summaries:
// tags dropped, entities read, a space between blocks, cut to a short line.
import { Parser } from "htmlparser2";

const BLOCKS = new Set(["p", "div", "br", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "td", "th", "figcaption", "img"]);

export function plainText(html: string): string {
  const parts: string[] = [];
  const parser = new Parser({ ontext: (text) => parts.push(text), onopentag: (name) => BLOCKS.has(name) && parts.push(" ") }, { decodeEntities: true });
  parser.end(html);
  return parts.join("").replace(/\s+/g, " ").trim();
}

/** At most `length` characters, with … when cut. */
export function shortLine(text: string, length = 24): string {
  const characters = [...text.trim()];
  return characters.length > length ? `${characters.slice(0, length).join("")}…` : characters.join("");
}
