// How long a search-engine title and description should be, counted the way a
// Chinese reader sees them in Google's results (issue 25): a title shows about
// 30 Chinese characters, a description about 80–100. Google cuts by width, and
// a Latin letter, digit or space is about half a Chinese character wide, so
// those count as half. The 50–60 / 150–160 of English guides would be cut off.
export const SEO_TITLE_LENGTH = { min: 20, max: 30 } as const;
export const SEO_DESCRIPTION_LENGTH = { min: 80, max: 100 } as const;

export type SeoLengthState = "empty" | "short" | "ok" | "long";

/** The text's length in Chinese characters' widths: half-width characters count half, rounded up. */
export function shownLength(text: string): number {
  let halves = 0;
  for (const char of text.trim()) halves += /[\u0020-\u007e\u00a0-\u00ff\uff61-\uff9f]/.test(char) ? 1 : 2;
  return Math.ceil(halves / 2);
}

/** The field's length against its recommendation, and the words said beside it; `empty` says what a blank field does. */
export function seoLength(text: string, range: { min: number; max: number }, empty = "尚未填寫"): { count: number; state: SeoLengthState; help: string } {
  const count = shownLength(text);
  const state: SeoLengthState = count === 0 ? "empty" : count < range.min ? "short" : count > range.max ? "long" : "ok";
  const advice = { empty, short: "略短", ok: "長度合適", long: "超過建議長度，搜尋結果可能會截斷" }[state];
  return { count, state, help: `Google 約顯示 ${range.max} 個中文字，建議 ${range.min}–${range.max} 個字（英文、數字兩個算一個字），目前約 ${count} 個字（${advice}）` };
}
