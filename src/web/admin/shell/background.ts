// The 15 back-office background presets the spec lists, white to black with
// gray-100 the default (001 §2). The choice is the administrator's own: stored
// in this browser, never sent to the server.
export interface BackgroundPreset {
  id: string;
  label: string;
  /** The Tailwind palette colour of the same name. */
  color: string;
  /** Text on it must be light to stay readable. */
  dark: boolean;
}

export const BACKGROUND_PRESETS: readonly BackgroundPreset[] = [
  { id: "white", label: "純白", color: "#ffffff", dark: false },
  { id: "gray-50", label: "極淺灰", color: "#f9fafb", dark: false },
  { id: "gray-100", label: "淺灰（預設）", color: "#f3f4f6", dark: false },
  { id: "gray-200", label: "灰色", color: "#e5e7eb", dark: false },
  { id: "slate-50", label: "石板極淺", color: "#f8fafc", dark: false },
  { id: "slate-100", label: "石板淺灰", color: "#f1f5f9", dark: false },
  { id: "zinc-50", label: "鋅色極淺", color: "#fafafa", dark: false },
  { id: "zinc-100", label: "鋅色淺灰", color: "#f4f4f5", dark: false },
  { id: "blue-50", label: "淡藍", color: "#eff6ff", dark: false },
  { id: "green-50", label: "淡綠", color: "#f0fdf4", dark: false },
  { id: "purple-50", label: "淡紫", color: "#faf5ff", dark: false },
  { id: "pink-50", label: "淡粉紅", color: "#fdf2f8", dark: false },
  { id: "amber-50", label: "淡琥珀", color: "#fffbeb", dark: false },
  { id: "gray-900", label: "深灰", color: "#111827", dark: true },
  { id: "black", label: "黑色", color: "#000000", dark: true },
];

export const DEFAULT_BACKGROUND_ID = "gray-100";

/** The stored id's preset; unknown or missing ids fall back to the default. */
export function backgroundPreset(id: string | null | undefined): BackgroundPreset {
  return (
    BACKGROUND_PRESETS.find((preset) => preset.id === id) ??
    BACKGROUND_PRESETS.find((preset) => preset.id === DEFAULT_BACKGROUND_ID)!
  );
}
