// The words a record is found by, and the words a search asks for, the same way on
// SQLite (FTS5) and PostgreSQL (tsvector). Chinese has no spaces between words, so
// every run of Chinese characters is indexed as overlapping pairs (水塔清洗 → 水塔 塔清
// 清洗) plus its last character alone: any two-character word inside the text is one
// token, a longer one is its pairs side by side (a phrase), and a single character is
// a prefix of a pair or that last character. Latin words and numbers are whole tokens,
// lower-cased; digits written with dashes, spaces or brackets between them are joined,
// so 0912-345-678, 0912 345 678 and 0912345678 are the same token. Both databases only
// see space-separated tokens: their own tokenizers have nothing left to decide
// (docs/decisions/037-volume-and-chinese-search.md).

/** Characters written without spaces between words: each is a run of its own kind. */
const SPACELESS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005\u3007]/u;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
/** Separators people put inside numbers (telephone numbers, dates): removed between two digits. */
const BETWEEN_DIGITS = /(?<=\d)[\s\-‐–—.()（）/]{1,3}(?=\d)/g;

/** Longest text indexed per field: enough for any real post, bounded for what outsiders send. */
const MAX_INDEXED_CHARACTERS = 20_000;
/** Longest search honoured (characters) and most words in it. */
const MAX_QUERY_CHARACTERS = 100;
const MAX_QUERY_WORDS = 8;

interface Run {
  text: string;
  spaceless: boolean;
}

function normalise(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(BETWEEN_DIGITS, "");
}

/** The runs of word characters in a text: Chinese (and similar) runs apart from Latin and digit runs. */
function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  let current: Run | null = null;
  for (const character of text) {
    const spaceless = SPACELESS.test(character);
    if (!spaceless && !WORD_CHARACTER.test(character)) {
      current = null;
      continue;
    }
    if (current && current.spaceless === spaceless) {
      current.text += character;
    } else {
      current = { text: character, spaceless };
      runs.push(current);
    }
  }
  return runs;
}

function pairsOf(run: string): string[] {
  const characters = [...run];
  const pairs: string[] = [];
  for (let index = 0; index + 1 < characters.length; index++) pairs.push(characters[index] + characters[index + 1]);
  return pairs;
}

/** The index tokens of one run: a Chinese run's pairs and its last character; a word itself. */
function indexTokensOf(run: Run): string[] {
  if (!run.spaceless) return [run.text];
  return [...pairsOf(run.text), [...run.text].at(-1)!];
}

/**
 * The tokens of the given texts, space-separated, for a search column. Empty texts are
 * skipped; HTML must be made text first (textOfHtml).
 */
export function indexTerms(...texts: Array<string | null | undefined>): string {
  const tokens: string[] = [];
  for (const text of texts) {
    if (!text) continue;
    for (const run of runsOf(normalise(text.slice(0, MAX_INDEXED_CHARACTERS)))) tokens.push(...indexTokensOf(run));
  }
  return tokens.join(" ");
}

/** One word of a search: tokens that must stand side by side; the last one may be a prefix. */
export interface SearchPhrase {
  tokens: string[];
  prefix: boolean;
}

/** Whether the search is one whole indexed word (a two-character Chinese word, a number, a finished Latin word). */
export const isOneWord = (phrases: SearchPhrase[]): boolean => phrases.length === 1 && phrases[0]!.tokens.length === 1 && !phrases[0]!.prefix;

/**
 * What a search asks for: every word (separated by spaces) must be found. Null when the
 * search holds no word at all (only punctuation): the caller then lists everything.
 */
export function parseSearch(search: string): SearchPhrase[] | null {
  const words = normalise(search.slice(0, MAX_QUERY_CHARACTERS)).split(/\s+/).filter(Boolean).slice(0, MAX_QUERY_WORDS);
  const phrases: SearchPhrase[] = [];
  for (const word of words) {
    const runs = runsOf(word);
    if (runs.length === 0) continue;
    const tokens: string[] = [];
    let prefix = false;
    // A word followed by punctuation (100%, 水塔。) was typed to its end: no prefix.
    const typedOn = WORD_CHARACTER.test([...word].at(-1)!);
    runs.forEach((run, index) => {
      const last = index === runs.length - 1;
      const open = last && typedOn;
      const characters = [...run.text];
      if (!run.spaceless) {
        tokens.push(run.text);
        // A word being typed finds longer ones (clean → cleaning, 0912 → 0912345678); a short
        // number does not (100 is not 1000), the start of a telephone number does.
        prefix = open && characters.length >= (/^\d+$/.test(run.text) ? 4 : 2);
      } else if (characters.length === 1) {
        // One character: the start of a pair, or a run's last character (indexed alone).
        tokens.push(run.text);
        prefix = last;
      } else {
        tokens.push(...pairsOf(run.text));
        // What follows in the same word comes after the run's lone last character in the index.
        if (!last) tokens.push(characters.at(-1)!);
        prefix = false;
      }
    });
    phrases.push({ tokens, prefix });
  }
  return phrases.length > 0 ? phrases : null;
}

/** The search as an FTS5 query: each word a quoted phrase (a trailing * for a prefix), all required. */
export function fts5Query(phrases: SearchPhrase[]): string {
  return phrases.map((phrase) => `"${phrase.tokens.join(" ")}"${phrase.prefix ? "*" : ""}`).join(" AND ");
}

/** The search as a PostgreSQL tsquery (for to_tsquery('simple', …)): tokens side by side with <->, words with &. */
export function tsQuery(phrases: SearchPhrase[]): string {
  return phrases
    .map((phrase) => {
      const tokens = phrase.tokens.map((token, index) => `'${token}'${phrase.prefix && index === phrase.tokens.length - 1 ? ":*" : ""}`);
      return tokens.length > 1 ? `(${tokens.join(" <-> ")})` : tokens[0];
    })
    .join(" & ");
}
