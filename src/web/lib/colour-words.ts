// A colour in the words people use for it (深藍色, 淺灰色…), its code after:
// the themes screen's confirmation and the page builder's findings name
// colours this way, never as a bare #RRGGBB.

/** A colour as a person names it (深藍色, 淺灰色…), from its hue, saturation and lightness; the code follows in brackets. */
export function colourWords(hex: string): string {
  const match = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(hex.trim());
  if (!match) return hex;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join("") : match[1]!;
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const light = (max + min) / 2;
  const chroma = max - min;
  const saturation = chroma === 0 ? 0 : chroma / (1 - Math.abs(2 * light - 1));
  const code = `#${digits.toLowerCase()}`;
  // A grey with a slight tint is a grey: Tailwind's gray-700 (#374151, chroma 0.10) reads as 深灰色, not
  // 深藍色, while slate-500 (#64748b, 0.15) and a pale blue such as #aabbcc (0.13) still carry their hue.
  if (saturation < 0.12 || chroma < 0.12) {
    const grey = light > 0.94 ? "白色" : light < 0.1 ? "黑色" : light > 0.65 ? "淺灰色" : light < 0.35 ? "深灰色" : "灰色";
    return `${grey}（${code}）`;
  }
  const hue = chroma === 0 ? 0 : max === r ? (((g - b) / chroma) % 6) * 60 : max === g ? ((b - r) / chroma + 2) * 60 : ((r - g) / chroma + 4) * 60;
  const degrees = (hue + 360) % 360;
  const HUES: Array<[number, string]> = [[15, "紅"], [40, "橙"], [65, "黃"], [160, "綠"], [185, "青"], [210, "天藍"], [250, "藍"], [290, "紫"], [340, "粉紅"], [360, "紅"]];
  const name = HUES.find(([limit]) => degrees < limit)![1];
  // A dark colour that is mostly grey says both (slate-700, #334155: 深灰藍色).
  const shade = light > 0.7 ? "淺" : light < 0.35 ? (saturation < 0.3 ? "深灰" : "深") : saturation < 0.3 ? "灰" : "";
  return `${shade}${name}色（${code}）`;
}
