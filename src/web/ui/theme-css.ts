// Turns the active theme and the style settings into CSS custom properties,
// rendered into the first HTML so the page never flashes the wrong colours.
import type { PublicSettings } from "#contract/settings.ts";
import { contentWidthOf, type Theme } from "#contract/theme.ts";

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

function toRgb(hex: string): [number, number, number] {
  let digits = hex.slice(1);
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join("");
  const value = Number.parseInt(digits, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

const toHex = (channels: number[]) =>
  `#${channels.map((c) => Math.min(255, Math.max(0, Math.round(c))).toString(16).padStart(2, "0")).join("")}`;

/** Shifts every channel by `percent` of 255: positive lightens, negative darkens. */
export function shade(hex: string, percent: number): string {
  if (!HEX.test(hex)) return hex;
  const amount = (255 * percent) / 100;
  return toHex(toRgb(hex).map((c) => c + amount));
}

/** The primary scale of 000 §9: tints 45/35/25/15/5 % lighter, shades 10/20/30 % darker. */
export function primaryScale(primary: string): Record<string, string> {
  return {
    50: shade(primary, 45),
    100: shade(primary, 35),
    200: shade(primary, 25),
    300: shade(primary, 15),
    400: shade(primary, 5),
    500: primary,
    600: shade(primary, -10),
    700: shade(primary, -20),
    800: shade(primary, -30),
  };
}

const FONT_STACKS: Record<string, string> = {
  Inter: "Inter, 'Noto Sans TC', 'PingFang TC', 'Microsoft JhengHei', system-ui, sans-serif",
  Roboto: "Roboto, 'Noto Sans TC', 'PingFang TC', 'Microsoft JhengHei', system-ui, sans-serif",
  "Open Sans": "'Open Sans', 'Noto Sans TC', 'PingFang TC', 'Microsoft JhengHei', system-ui, sans-serif",
  "Noto Sans TC": "'Noto Sans TC', 'PingFang TC', 'Microsoft JhengHei', system-ui, sans-serif",
  "Microsoft JhengHei": "'Microsoft JhengHei', 'Noto Sans TC', 'PingFang TC', system-ui, sans-serif",
};

const pick = (...values: Array<string | undefined>) => values.find((v) => v && HEX.test(v)) ?? "";

/** Settings colours left blank follow the theme (docs/decisions/004-theme-and-style-settings.md). */
export function themeVariables(theme: Theme, settings: Partial<PublicSettings>): Record<string, string> {
  const primary = pick(settings.primary_color, theme.primary_color, "#3b82f6");
  const scale = primaryScale(primary);
  const vars: Record<string, string> = {
    "--primary-hover": settings.primary_color ? scale[600] : pick(theme.primary_hover, scale[600]),
    "--secondary": pick(settings.secondary_color, theme.secondary_color),
    "--accent": pick(settings.accent_color, theme.accent_color),
    "--bg-primary": pick(settings.background_color, theme.bg_primary),
    "--bg-secondary": pick(theme.bg_secondary),
    "--bg-card": pick(theme.bg_card),
    "--text-primary": pick(settings.text_color, theme.text_primary),
    "--text-secondary": pick(theme.text_secondary),
    "--text-light": pick(theme.text_light),
    "--border": pick(theme.border_color),
    "--header-bg": pick(settings.header_background, theme.nav_bg, "#ffffff"),
    "--header-text": pick(theme.nav_text, "#1f2937"),
    "--footer-bg": pick(settings.footer_background, settings.footer_style === "light" ? "#f8fafc" : "#111827"),
    "--font-family": FONT_STACKS[settings.font_family ?? ""] ?? FONT_STACKS.Inter,
    "--font-size": `${Number(settings.font_size) || 16}px`,
    "--line-height": settings.line_height || "1.6",
    "--radius": `${Number.isFinite(Number(settings.border_radius)) && settings.border_radius !== "" ? Number(settings.border_radius) : 8}px`,
    "--content-width": `${contentWidthOf(theme.layout_type)}px`,
  };
  for (const [step, value] of Object.entries(scale)) vars[`--primary-${step}`] = value;
  return vars;
}

export function themeStyleSheet(vars: Record<string, string>): string {
  const body = Object.entries(vars)
    .map(([name, value]) => `${name}:${value.replace(/[<>{};]/g, "")}`)
    .join(";");
  return `:root{${body}}`;
}
