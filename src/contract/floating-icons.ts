// Preset icon sets for the floating contact buttons (001 §3): five for
// the LINE chat button, five for the phone button. A setting holds either
// "preset:<id>" or the URL of an uploaded image.
export const FLOATING_ICON_PRESETS = {
  line: [
    { id: "line-bubble", label: "對話泡泡" },
    { id: "line-square", label: "方形對話框" },
    { id: "line-dots", label: "輸入中" },
    { id: "line-heart", label: "愛心對話" },
    { id: "line-text", label: "LINE 字樣" },
  ],
  phone: [
    { id: "phone-classic", label: "經典話筒" },
    { id: "phone-call", label: "來電中" },
    { id: "phone-smartphone", label: "智慧型手機" },
    { id: "phone-headset", label: "客服耳機" },
    { id: "phone-outgoing", label: "撥出電話" },
  ],
} as const;

export type FloatingButtonKind = keyof typeof FLOATING_ICON_PRESETS;

export function parseFloatingIcon(value: string | undefined): { preset: string } | { imageUrl: string } | null {
  if (!value) return null;
  if (value.startsWith("preset:")) return { preset: value.slice("preset:".length) };
  return { imageUrl: value };
}
