// Contrast of text on its background as WCAG 2.2 defines it (1.4.3, relative
// luminance of sRGB colours): body text needs 4.5:1. Pure, so the findings run
// the same in the editor and in unit tests.

/** The least ratio for normal-size text (WCAG 1.4.3, level AA). */
export const MIN_TEXT_CONTRAST = 4.5;

/** The channels of #RGB or #RRGGBB, 0–255; null for anything else. */
function channelsOf(colour: string): [number, number, number] | null {
  const hex = colour.trim().replace(/^#/, "");
  const full = /^[0-9a-f]{3}$/i.test(hex) ? hex.replace(/./g, (digit) => digit + digit) : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return [0, 2, 4].map((start) => Number.parseInt(full.slice(start, start + 2), 16)) as [number, number, number];
}

const linear = (channel: number) => {
  const value = channel / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
};

/** WCAG's relative luminance, 0 (black) to 1 (white); null when the colour is not a hex colour. */
export function relativeLuminance(colour: string): number | null {
  const channels = channelsOf(colour);
  if (!channels) return null;
  const [red, green, blue] = channels.map(linear) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The contrast ratio of two colours, 1 to 21 (the order does not matter); null when either is not a hex colour. */
export function contrastRatio(a: string, b: string): number | null {
  const first = relativeLuminance(a);
  const second = relativeLuminance(b);
  if (first === null || second === null) return null;
  const [light, dark] = first > second ? [first, second] : [second, first];
  return (light + 0.05) / (dark + 0.05);
}

/** "2.1:1": rounded down, so that a ratio short of 4.5 never reads as 4.5:1. */
export const formatRatio = (ratio: number) => `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
