// A public page inlines only the stylesheet rules it can use (decision 048): a
// rule stays when every class its selector needs outside parentheses is a word
// of the page (its HTML, its inline scripts) or of the islands' code, which may
// render more later. Rules without a class (elements, :root, @keyframes…) always
// stay, and parenthesised parts (:not(), :has(), :is()…) never count against a
// rule, so a doubt keeps the rule. The stylesheet is parsed once; choosing a
// page's rules is a walk of about a thousand short arrays.

/** A style rule: its text, and for each selector of its list the classes it needs. */
interface StyleRule {
  kind: "rule";
  text: string;
  needs: string[][];
}

/** @media, @supports, @container, @layer with a body: kept when anything inside is (a layer always, its order matters). */
interface GroupRule {
  kind: "group";
  head: string;
  keepEmpty: boolean;
  children: CssBlock[];
}

/** Anything else, kept as written: @keyframes, @property, @font-face, statements, comments. */
interface RawRule {
  kind: "raw";
  text: string;
}

type CssBlock = StyleRule | GroupRule | RawRule;

export interface ParsedStylesheet {
  blocks: CssBlock[];
  /** The stylesheet as written, for a page that keeps every rule. */
  text: string;
}

const GROUPS = /^@(media|supports|container|layer)\b/i;

/** Where the block or statement that starts at `from` ends (the index after its `}` or `;`), skipping strings, comments and escapes. */
function endOfBlock(css: string, from: number): { end: number; brace: number } {
  let depth = 0;
  let brace = -1;
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === "\\") {
      i++;
    } else if (c === '"' || c === "'") {
      const close = css.indexOf(c, i + 1);
      i = close < 0 ? css.length : close;
    } else if (c === "/" && css[i + 1] === "*") {
      const close = css.indexOf("*/", i + 2);
      i = close < 0 ? css.length : close + 1;
    } else if (c === "{") {
      if (depth === 0) brace = i;
      depth++;
    } else if (c === "}") {
      depth--;
      if (depth === 0) return { end: i + 1, brace };
    } else if (c === ";" && depth === 0) {
      return { end: i + 1, brace: -1 };
    }
  }
  return { end: css.length, brace };
}

/** Splits at commas outside parentheses and brackets. */
function splitSelectorList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === "\\") i++;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/** The selector without what is inside parentheses or attribute brackets (escaped ones stay: they are part of a class name). */
function outsideParentheses(selector: string): string {
  let out = "";
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (c === "\\") {
      if (depth === 0) out += selector.slice(i, i + 2);
      i++;
    } else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0) out += c;
  }
  return out;
}

const CLASS_IN_SELECTOR = /\.((?:\\[0-9a-fA-F]{1,6} ?|\\[^0-9a-fA-F]|[\w-]|[^\x00-\x7f])+)/g;

function unescapeCss(name: string): string {
  return name.replace(/\\([0-9a-fA-F]{1,6}) ?|\\(.)/g, (_, hex: string | undefined, char: string | undefined) => (hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : char!));
}

function classesNeeded(selectorList: string): string[][] {
  return splitSelectorList(selectorList).map((selector) => [...outsideParentheses(selector).matchAll(CLASS_IN_SELECTOR)].map((match) => unescapeCss(match[1]!)));
}

function parseBlocks(css: string): CssBlock[] {
  const blocks: CssBlock[] = [];
  let i = 0;
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i]!)) i++;
    if (i >= css.length) break;
    if (css.startsWith("/*", i)) {
      const close = css.indexOf("*/", i + 2);
      const end = close < 0 ? css.length : close + 2;
      blocks.push({ kind: "raw", text: css.slice(i, end) });
      i = end;
      continue;
    }
    const { end, brace } = endOfBlock(css, i);
    const text = css.slice(i, end);
    if (brace < 0) {
      blocks.push({ kind: "raw", text });
    } else {
      const head = css.slice(i, brace).trim();
      if (GROUPS.test(head)) {
        blocks.push({ kind: "group", head, keepEmpty: /^@layer\b/i.test(head), children: parseBlocks(css.slice(brace + 1, end - 1)) });
      } else if (head.startsWith("@")) {
        blocks.push({ kind: "raw", text });
      } else {
        blocks.push({ kind: "rule", text, needs: classesNeeded(head) });
      }
    }
    i = end;
  }
  return blocks;
}

export function parseStylesheet(css: string): ParsedStylesheet {
  return { blocks: parseBlocks(css), text: css };
}

function keptText(blocks: CssBlock[], has: (word: string) => boolean): string {
  let out = "";
  for (const block of blocks) {
    if (block.kind === "raw") out += block.text;
    else if (block.kind === "rule") {
      if (block.needs.some((classes) => classes.every(has))) out += block.text;
    } else {
      const inner = keptText(block.children, has);
      if (inner || block.keepEmpty) out += `${block.head}{${inner}}`;
    }
  }
  return out;
}

/** The stylesheet's rules a page whose words `has` answers for can use. */
export function stylesheetFor(sheet: ParsedStylesheet, has: (word: string) => boolean): string {
  return keptText(sheet.blocks, has);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", "#39": "'", "#x27": "'" };

/**
 * Every word of HTML or script text that could be a class: split at white space,
 * quotes and angle brackets, then HTML's escapes undone (an attribute writes the
 * class `[&>*]:p-2` as `[&amp;&gt;*]:p-2`). More words only keep more rules.
 */
export function wordsOf(text: string): Set<string> {
  const words = new Set<string>();
  for (const word of text.split(/[\s"'`<>]+/)) words.add(word.includes("&") ? word.replace(/&(amp|lt|gt|quot|apos|#39|#x27);/g, (_, name: string) => ENTITIES[name]!) : word);
  return words;
}

/** What the rendered page holds in its <style> until its own rules are chosen (the whole document is rendered first, entry.server.tsx). */
export const PAGE_STYLESHEET_MARK = "/*page-stylesheet*/";

const ISLAND_ON_PAGE = /data-island="([a-z-]+)"/g;

/**
 * The rendered document with its stylesheet's mark replaced by the rules the page can use:
 * its own words and those of each island on it. An island whose code is not known
 * (`islandWords` answers null: development serves sources) keeps the whole stylesheet.
 */
export function withPageStylesheet(html: string, sheet: ParsedStylesheet, islandWords: (name: string) => ReadonlySet<string> | null): string {
  const at = html.indexOf(PAGE_STYLESHEET_MARK);
  if (at < 0) return html;
  const words: ReadonlySet<string>[] = [wordsOf(html)];
  let whole = false;
  for (const [, name] of html.matchAll(ISLAND_ON_PAGE)) {
    const known = islandWords(name!);
    if (known) words.push(known);
    else whole = true;
  }
  const css = whole ? sheet.text : stylesheetFor(sheet, (word) => words.some((set) => set.has(word)));
  return html.slice(0, at) + css + html.slice(at + PAGE_STYLESHEET_MARK.length);
}
