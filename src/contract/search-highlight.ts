// What a search found in a text, for the result lists to mark it (<HighlightedText>)
// and to show the part of a long text around it (excerptAround). It follows the way
// the server finds records (src/server/lib/search/search-terms.ts): words separated
// by spaces, compared after NFKC folding (全形 ＡＢＣ０９ as abc09) and in any case;
// digits written with dashes, dots, brackets or spaces between them are one number,
// so 0912345678 marks 0912-345-678 and the other way round; punctuation alone is no
// word. A Latin word or a number is marked where such a word starts (the server
// finds "clean" in cleaning, not in unclean), a Chinese word anywhere.
// No imports: islands use it, and must not pull in zod (docs/architecture.md).

export interface HighlightPart {
  text: string;
  match: boolean;
}

/** The same limits as the server's: longer searches and further words are not honoured there either. */
const MAX_SEARCH_CHARACTERS = 100;
const MAX_SEARCH_WORDS = 8;

const SPACELESS_CLASS = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005\u3007`;
const SPACELESS = new RegExp(`[${SPACELESS_CLASS}]`, "u");
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
/** A letter or digit of a spaced script: a Latin word or a number goes on through it. */
const SPACED_WORD_CHARACTER = `(?:(?![${SPACELESS_CLASS}])[\\p{L}\\p{N}])`;
/** What people put between the digits of a telephone number (the server's BETWEEN_DIGITS, after NFKC). */
const DIGIT_SEPARATOR = String.raw`[\s\-‐–—.()/]`;
const DIGITS_WORD = /^\d+(?:[-‐–—.()/]{1,3}\d+)*$/;

interface Range {
  start: number;
  end: number;
}

/** The text folded for comparison, and for each of its UTF-16 units the original range it came from. */
function fold(text: string): { folded: string; starts: number[]; ends: number[] } {
  let folded = "";
  const starts: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  for (const character of text) {
    const same = character.normalize("NFKC").toLowerCase();
    for (let unit = 0; unit < same.length; unit += 1) {
      starts.push(offset);
      ends.push(offset + character.length);
    }
    folded += same;
    offset += character.length;
  }
  return { folded, starts, ends };
}

const isSpacedWordCharacter = (character: string) => WORD_CHARACTER.test(character) && !SPACELESS.test(character);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One search word as a pattern over folded text; null for a word of punctuation only. */
function patternOf(word: string): RegExp | null {
  const characters = [...word];
  let first = 0;
  let last = characters.length;
  while (first < last && !WORD_CHARACTER.test(characters[first]!)) first += 1;
  while (last > first && !WORD_CHARACTER.test(characters[last - 1]!)) last -= 1;
  if (first === last) return null;
  const core = characters.slice(first, last);
  // A word followed by punctuation (100%, clean.) was typed to its end: it is not the start of a longer one.
  const typedOn = last === characters.length;
  const joined = core.join("");

  if (DIGITS_WORD.test(joined)) {
    const digits = joined.replace(/\D/g, "");
    // The server takes a number of 4 digits or more as the start of a longer one (a telephone number being typed).
    const closed = !typedOn || digits.length < 4;
    // Not inside a longer number or word (TEL0912…, 02-0912…: one token on the server).
    const before = `(?<!${SPACED_WORD_CHARACTER})(?<!\\d${DIGIT_SEPARATOR}{1,3})`;
    const after = closed ? `(?!${SPACED_WORD_CHARACTER})(?!${DIGIT_SEPARATOR}{1,3}\\d)` : "";
    return new RegExp(`${before}${[...digits].join(`${DIGIT_SEPARATOR}{0,3}`)}${after}`, "gu");
  }

  const startsSpaced = !SPACELESS.test(core[0]!);
  const endsSpaced = !SPACELESS.test(core.at(-1)!);
  // The Latin letters and digits the word ends with: the start of a longer word from two letters (four digits) on.
  let lastRun = 0;
  while (lastRun < core.length && isSpacedWordCharacter(core[core.length - 1 - lastRun]!)) lastRun += 1;
  const shortest = /^\d+$/.test(core.slice(core.length - lastRun).join("")) ? 4 : 2;
  const closed = endsSpaced && (!typedOn || lastRun < shortest);
  return new RegExp(`${startsSpaced ? `(?<!${SPACED_WORD_CHARACTER})` : ""}${escapeRegExp(joined)}${closed ? `(?!${SPACED_WORD_CHARACTER})` : ""}`, "gu");
}

function patternsOf(search: string): RegExp[] {
  const words = search.slice(0, MAX_SEARCH_CHARACTERS).normalize("NFKC").toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  return words.map(patternOf).filter((pattern) => pattern !== null);
}

/** Where the search's words are in the text (UTF-16 offsets), in order, overlapping and touching ones merged. */
function matchRanges(text: string, search: string): Range[] {
  const patterns = patternsOf(search);
  if (patterns.length === 0 || text === "") return [];
  const { folded, starts, ends } = fold(text);
  const ranges: Range[] = [];
  for (const pattern of patterns) {
    for (const found of folded.matchAll(pattern)) {
      ranges.push({ start: starts[found.index]!, end: ends[found.index + found[0].length - 1]! });
    }
  }
  ranges.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Range[] = [];
  for (const range of ranges) {
    const previous = merged.at(-1);
    if (previous && range.start <= previous.end) previous.end = Math.max(previous.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/** The text in parts, the search's words marked; one unmarked part when nothing matches (none for an empty text). */
export function highlightParts(text: string, search: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  let position = 0;
  for (const { start, end } of matchRanges(text, search)) {
    if (start > position) parts.push({ text: text.slice(position, start), match: false });
    parts.push({ text: text.slice(start, end), match: true });
    position = end;
  }
  if (position < text.length) parts.push({ text: text.slice(position), match: false });
  return parts;
}

/** Whether any word of the search is in the text. */
export const hasMatch = (text: string, search: string) => matchRanges(text, search).length > 0;

/**
 * `length` characters of the text around the search's first match (a quarter of them
 * before it), with … where the text was cut; the start of the text when nothing
 * matches. A text of `length` characters or fewer is given whole.
 */
export function excerptAround(text: string, search: string, length = 80): string {
  const characters = [...text];
  if (characters.length <= length) return text;
  const first = matchRanges(text, search)[0];
  // Characters, not UTF-16 units: a cut never splits an emoji or a rare character.
  const matchAt = first ? [...text.slice(0, first.start)].length : 0;
  const start = Math.max(0, Math.min(matchAt - Math.floor(length / 4), characters.length - length));
  const end = start + length;
  let excerpt = characters.slice(start, end).join("");
  if (start > 0) excerpt = `…${excerpt.trimStart()}`;
  if (end < characters.length) excerpt = `${excerpt.trimEnd()}…`;
  return excerpt;
}
