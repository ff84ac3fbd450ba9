// Colour swatches of a theme (the theme cards of 002 §2.4 and the theme test
// screen) and the words for its layout type.
import type { Theme } from "#contract/theme.ts";

export const LAYOUT_LABELS: Record<string, string> = { service: "服務型", corporate: "企業型", ecommerce: "電商型" };

export const layoutLabel = (layoutType: string) => LAYOUT_LABELS[layoutType] ?? layoutType;

export type ThemeColourKey = "primary_color" | "primary_hover" | "secondary_color" | "accent_color";

/** The four colours the themes screen shows and edits, in order. */
export const THEME_COLOURS: ReadonlyArray<{ key: ThemeColourKey; label: string }> = [
  { key: "primary_color", label: "主要顏色" },
  { key: "primary_hover", label: "主要顏色（滑過）" },
  { key: "secondary_color", label: "次要顏色" },
  { key: "accent_color", label: "強調顏色" },
];

export interface Swatch {
  label: string;
  value: string;
}

export const themeSwatches = (theme: Pick<Theme, ThemeColourKey>): Swatch[] => THEME_COLOURS.map(({ key, label }) => ({ label, value: theme[key] }));

export function ThemeSwatches({ swatches, size = "sm" }: { swatches: Swatch[]; size?: "sm" | "lg" }) {
  return (
    <ul className={size === "lg" ? "grid grid-cols-2 gap-4 sm:grid-cols-4" : "flex flex-wrap gap-3"} data-testid="theme-swatches">
      {swatches.map((swatch) => (
        <li key={swatch.label} className="flex items-center gap-2" data-swatch={swatch.label}>
          <span
            aria-hidden
            className={`${size === "lg" ? "h-12 w-12 rounded-xl" : "h-8 w-8 rounded-lg"} shrink-0 border border-black/10 shadow-inner`}
            style={{ backgroundColor: swatch.value }}
          />
          <span className="text-xs leading-tight">
            <span className="block text-gray-600">{swatch.label}</span>
            <code className="block font-mono text-gray-900" data-testid="swatch-hex">
              {swatch.value}
            </code>
          </span>
        </li>
      ))}
    </ul>
  );
}
