// Turns the active theme and the style settings into CSS custom properties,
// rendered into the first HTML so the page never flashes the wrong colours,
// and, for the public site only, the dark scheme (theme_mode) as a stylesheet
// of its own. What each style setting maps to: docs/decisions/028-settings-on-the-public-site.md.
import type { PublicSettings } from "#contract/settings.ts";
import { contentWidthOf, type Theme } from "#contract/theme.ts";

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const WHITE = "#ffffff";
/** WCAG 2.1 AA for body text. */
const TEXT_CONTRAST = 4.5;
/** How far a search's mark must stand from the surface around it (a contrast ratio: the amber tint on white is 1.36). */
const MARK_SEPARATION = 1.2;
const DEFAULT_ACCENT = "#f59e0b";
/** Below this luminance a header or footer is dark: light text and the light default logo go on it. */
const DARK_SURFACE = 0.18;

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

/** `weight` (0–1) of `a` mixed into `b`. */
export function mix(a: string, b: string, weight: number): string {
  const [ca, cb] = [toRgb(a), toRgb(b)];
  return toHex(ca.map((channel, i) => channel * weight + cb[i]! * (1 - weight)));
}

/** Relative luminance (WCAG 2.1). */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** `colour` moved toward white (or black) in small steps until it reaches `ratio` against every one of `backgrounds`. */
export function withContrast(colour: string, backgrounds: string[], ratio = TEXT_CONTRAST, toward: "#ffffff" | "#000000" = WHITE): string {
  let candidate = colour;
  for (let step = 1; step <= 20 && backgrounds.some((bg) => contrast(candidate, bg) < ratio); step += 1) {
    candidate = mix(toward, colour, step / 20);
  }
  return candidate;
}

/** Whichever of the two text colours reads better on `background`. */
const inkOn = (background: string, dark: string, light = WHITE) => (contrast(dark, background) >= contrast(light, background) ? dark : light);

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

/** `colour` darkened (toward black) until white text on it reads at 4.5:1. */
const underWhiteText = (colour: string) => withContrast(colour, [WHITE], TEXT_CONTRAST, "#000000");

/**
 * The steps buttons paint under white text (bg-primary-600 / 700 / 800 and the
 * hover): the scale's own when white reads on its 600 (then on 700 and 800 too,
 * darker still); else the 600 darkened until it does and the 700 and 800 the
 * scale's steps below it. A light colour staff pick (amber, yellow, sky blue)
 * keeps its hue and a visible hover, and never leaves white text at 3.9:1.
 */
export function buttonShades(primary: string): Record<"600" | "700" | "800", string> {
  const scale600 = shade(primary, -10);
  if (contrast(WHITE, scale600) >= TEXT_CONTRAST) return { 600: scale600, 700: shade(primary, -20), 800: shade(primary, -30) };
  const floor = underWhiteText(scale600);
  return { 600: floor, 700: shade(floor, -10), 800: shade(floor, -20) };
}

/**
 * Each font with the Chinese fonts after it. 'Noto Sans CJK TC' is the name the same Noto font is
 * installed under on Linux and ChromeOS: named, the browser finds it at once instead of searching
 * its fallbacks character by character (decision 049: the news page's layout 38 → 20 ms there).
 */
const FONT_STACKS: Record<string, string> = {
  Inter: "Inter, 'Noto Sans TC', 'Noto Sans CJK TC', 'PingFang TC', 'Microsoft JhengHei', system-ui, sans-serif",
  Roboto: "Roboto, 'Noto Sans TC', 'Noto Sans CJK TC', 'PingFang TC', 'Microsoft JhengHei', system-ui, sans-serif",
  "Open Sans": "'Open Sans', 'Noto Sans TC', 'Noto Sans CJK TC', 'PingFang TC', 'Microsoft JhengHei', system-ui, sans-serif",
  "Noto Sans TC": "'Noto Sans TC', 'Noto Sans CJK TC', 'PingFang TC', 'Microsoft JhengHei', system-ui, sans-serif",
  "Microsoft JhengHei": "'Microsoft JhengHei', 'Noto Sans TC', 'Noto Sans CJK TC', 'PingFang TC', system-ui, sans-serif",
};

/** shadow_style: the three elevations every shadow-sm / shadow-md / shadow-lg of the public frame takes (theme.css). */
const ELEVATIONS: Record<string, [string, string, string]> = {
  none: ["0 0 #0000", "0 0 #0000", "0 0 #0000"],
  soft: [
    "0 1px 3px 0 rgb(0 0 0/.1),0 1px 2px -1px rgb(0 0 0/.1)",
    "0 4px 6px -1px rgb(0 0 0/.1),0 2px 4px -2px rgb(0 0 0/.1)",
    "0 10px 15px -3px rgb(0 0 0/.1),0 4px 6px -4px rgb(0 0 0/.1)",
  ],
  medium: [
    "0 4px 8px -2px rgb(0 0 0/.14),0 2px 4px -2px rgb(0 0 0/.12)",
    "0 10px 18px -4px rgb(0 0 0/.16),0 4px 8px -4px rgb(0 0 0/.12)",
    "0 20px 28px -6px rgb(0 0 0/.18),0 8px 12px -6px rgb(0 0 0/.12)",
  ],
  strong: [
    "0 8px 18px -4px rgb(0 0 0/.28),0 4px 8px -4px rgb(0 0 0/.2)",
    "0 16px 30px -6px rgb(0 0 0/.32),0 6px 12px -6px rgb(0 0 0/.22)",
    "0 28px 50px -12px rgb(0 0 0/.45)",
  ],
};

/** button_style: the corners of the public site's buttons (links and buttons with the theme's radius; theme.css). */
const BUTTON_RADIUS: Record<string, string> = { rounded: "var(--radius)", square: "0px", pill: "9999px" };

export const NAVBAR_STYLES = ["clean", "solid", "transparent"] as const;
export const CARD_STYLES = ["elevated", "flat", "bordered"] as const;
const oneOf = <T extends string>(choices: readonly T[], value: string | undefined): T => (choices as readonly string[]).includes(value ?? "") ? (value as T) : choices[0]!;
/** The classes the frame, header and footer carry for navbar_style, card_style and footer_style. */
export const navbarStyleOf = (settings: Partial<PublicSettings>) => oneOf(NAVBAR_STYLES, settings.navbar_style);
export const cardStyleOf = (settings: Partial<PublicSettings>) => oneOf(CARD_STYLES, settings.card_style);
export const footerIsDark = (settings: Partial<PublicSettings>) => settings.footer_style !== "light";

const pick = (...values: Array<string | undefined>) => values.find((v) => v && HEX.test(v)) ?? "";

/** The header, footer and card colours that follow from the surfaces: text kept readable on whatever background staff chose. */
function frameColours(surfaces: { headerBg: string; footerBg: string; headerText: string; ink: string; inkMuted: string; primary: string; border: string; dark: boolean }) {
  const { headerBg, footerBg } = surfaces;
  const headerText = contrast(surfaces.headerText, headerBg) >= TEXT_CONTRAST ? surfaces.headerText : inkOn(headerBg, "#1f2937");
  const headerActive = contrast(surfaces.primary, headerBg) >= TEXT_CONTRAST ? surfaces.primary : headerText;
  const footerDark = luminance(footerBg) < DARK_SURFACE;
  return {
    "--header-text": headerText,
    "--header-active": headerActive,
    "--footer-text": footerDark ? withContrast("#d1d5db", [footerBg]) : withContrast(surfaces.inkMuted, [footerBg], TEXT_CONTRAST, "#000000"),
    "--footer-heading": footerDark ? WHITE : withContrast(surfaces.ink, [footerBg], TEXT_CONTRAST, "#000000"),
    "--footer-line": footerDark ? "rgb(255 255 255/.12)" : surfaces.border,
    "--card-border": mix(surfaces.dark ? WHITE : "#000000", surfaces.border, 0.18),
  };
}

/**
 * What a search found (<mark>: ui/highlighted-text.tsx): a tint of the theme's accent
 * colour (a highlighter's amber in the built-in theme) on the page's surface, under text
 * kept at 4.5:1 on it; should no text colour reach that (a very light accent on a dark
 * page), the tint is darkened instead. An accent too close to the surface to be seen
 * (white on white) gives way to the built-in amber.
 */
function markColours(accent: string, surface: string, weight: number, ink: string, toward: "#ffffff" | "#000000"): Record<string, string> {
  const tint = mix(accent, surface, weight);
  let background = contrast(tint, surface) >= MARK_SEPARATION ? tint : mix(DEFAULT_ACCENT, surface, weight);
  const text = withContrast(ink, [background], TEXT_CONTRAST, toward);
  if (contrast(text, background) < TEXT_CONTRAST) background = withContrast(background, [text], TEXT_CONTRAST, toward === WHITE ? "#000000" : WHITE);
  return { "--mark-bg": background, "--mark-ink": text };
}

/** The built-in colours of a form's states in the light scheme (Tailwind's red-700 / red-50, green-800 / green-50). */
const LIGHT_STATES = { danger: { ink: "#b91c1c", surface: "#fef2f2" }, success: { ink: "#166534", surface: "#f0fdf4" } };
/** Their hues in the dark scheme: text starts from the light end (red-400, green-400), surfaces are a tint of the 500. */
const DARK_STATES = { danger: { ink: "#f87171", hue: "#ef4444" }, success: { ink: "#4ade80", hue: "#22c55e" } };

/**
 * A form's states (contact form: a refused field, the refusal's notice, the thanks):
 * `--danger-ink` reads at 4.5:1 on every surface a field sits on and on its own
 * `--danger-surface`; `--success-ink` and the primary-coloured link beside it (再寫一封)
 * on `--success-surface`. The light scheme keeps the familiar red and green; the dark
 * one a tint of them on its dark card, never a light box on a dark page.
 */
function stateColours(surfaces: string[], card: string, linkInk: string, dark: boolean): Record<string, string> {
  const toward = dark ? WHITE : "#000000";
  const away = dark ? "#000000" : WHITE;
  const dangerSurface = dark ? mix(DARK_STATES.danger.hue, card, 0.16) : LIGHT_STATES.danger.surface;
  const dangerInk = withContrast(dark ? DARK_STATES.danger.ink : LIGHT_STATES.danger.ink, [...surfaces, dangerSurface], TEXT_CONTRAST, toward);
  const successTint = dark ? mix(DARK_STATES.success.hue, card, 0.16) : LIGHT_STATES.success.surface;
  const successInk = withContrast(dark ? DARK_STATES.success.ink : LIGHT_STATES.success.ink, [successTint], TEXT_CONTRAST, toward);
  return {
    "--danger-ink": dangerInk,
    "--danger-surface": dangerSurface,
    "--success-ink": successInk,
    "--success-surface": withContrast(successTint, [successInk, linkInk], TEXT_CONTRAST, away),
  };
}

const accentOf = (theme: Theme, settings: Partial<PublicSettings>) => pick(settings.accent_color, theme.accent_color, DEFAULT_ACCENT);

/** Settings colours left blank follow the theme (docs/decisions/004-theme-and-style-settings.md). */
export function themeVariables(theme: Theme, settings: Partial<PublicSettings>): Record<string, string> {
  const primary = pick(settings.primary_color, theme.primary_color, "#3b82f6");
  const scale = primaryScale(primary);
  const navbar = navbarStyleOf(settings);
  // A solid navigation bar is filled with the primary colour unless staff chose the header's own.
  const headerBg = pick(settings.header_background, navbar === "solid" ? withContrast(scale[700]!, [WHITE], TEXT_CONTRAST, "#000000") : theme.nav_bg, WHITE);
  const footerBg = pick(settings.footer_background, footerIsDark(settings) ? "#111827" : "#f8fafc");
  const ink = pick(settings.text_color, theme.text_primary, "#1f2937");
  const vars: Record<string, string> = {
    "--primary-hover": underWhiteText(settings.primary_color ? scale[600]! : pick(theme.primary_hover, scale[600])),
    "--secondary": pick(settings.secondary_color, theme.secondary_color),
    "--accent": pick(settings.accent_color, theme.accent_color),
    "--bg-primary": pick(settings.background_color, theme.bg_primary),
    "--bg-secondary": pick(theme.bg_secondary),
    "--bg-card": pick(theme.bg_card),
    "--text-primary": ink,
    "--text-secondary": pick(theme.text_secondary),
    "--text-light": pick(theme.text_light),
    "--border": pick(theme.border_color),
    "--header-bg": headerBg,
    "--footer-bg": footerBg,
    ...markColours(accentOf(theme, settings), pick(theme.bg_card, WHITE), 0.4, ink, "#000000"),
    ...stateColours([pick(theme.bg_card, WHITE), pick(settings.background_color, theme.bg_primary, WHITE)], pick(theme.bg_card, WHITE), buttonShades(primary)[700], false),
    ...frameColours({
      headerBg,
      footerBg,
      headerText: pick(theme.nav_text, "#1f2937"),
      ink,
      inkMuted: pick(theme.text_secondary, "#4b5563"),
      primary: scale[600]!,
      border: pick(theme.border_color, "#e5e7eb"),
      dark: false,
    }),
    "--font-family": FONT_STACKS[settings.font_family ?? ""] ?? FONT_STACKS.Inter!,
    "--font-size": `${Number(settings.font_size) || 16}px`,
    "--line-height": settings.line_height || "1.6",
    "--radius": `${Number.isFinite(Number(settings.border_radius)) && settings.border_radius !== "" ? Number(settings.border_radius) : 8}px`,
    "--radius-button": BUTTON_RADIUS[settings.button_style ?? ""] ?? BUTTON_RADIUS.rounded!,
    "--content-width": `${contentWidthOf(theme.layout_type)}px`,
  };
  const elevations = ELEVATIONS[settings.shadow_style ?? ""] ?? ELEVATIONS.soft!;
  elevations.forEach((shadow, index) => (vars[`--elevation-${index + 1}`] = shadow));
  for (const [step, value] of Object.entries({ ...scale, ...buttonShades(primary) })) vars[`--primary-${step}`] = value;
  return vars;
}

/**
 * The theme adapted for a dark scheme, not inverted: dark surfaces with a
 * trace of the theme's primary colour, light text, the light end of the
 * primary scale turned into dark tints (chips, hovers), the dark end kept dark
 * enough for white text (buttons), and `--primary-ink` — the primary colour
 * lightened until it reads at 4.5:1 on every dark surface — for text that the
 * light scheme writes in the primary colour.
 */
export function darkVariables(theme: Theme, settings: Partial<PublicSettings>): Record<string, string> {
  const light = themeVariables(theme, settings);
  const primary = light["--primary-500"]!;
  const bg = mix(primary, "#0b0f17", 0.06);
  const bgMuted = mix(primary, "#121826", 0.08);
  const card = mix(primary, "#171e2c", 0.1);
  const tints = { 50: mix(primary, card, 0.16), 100: mix(primary, card, 0.26), 200: mix(primary, card, 0.38) };
  const surfaces = [bg, bgMuted, card, tints[50], tints[100]];
  const ink = "#f1f5f9";
  const inkMuted = withContrast("#cbd5e1", surfaces);
  const border = mix(WHITE, card, 0.14);
  const navbar = navbarStyleOf(settings);
  // Staff's header and footer colours stay when they are dark already; a light one would glare.
  const keptDark = (value: string | undefined) => (value && HEX.test(value) && luminance(value) < 0.1 ? value : "");
  const headerBg = keptDark(settings.header_background) || (navbar === "solid" ? underWhiteText(shade(primary, -30)) : bgMuted);
  const footerBg = keptDark(settings.footer_background) || (footerIsDark(settings) ? mix(primary, "#05070b", 0.05) : bgMuted);
  const primaryInk = withContrast(primary, surfaces);
  const buttons = buttonShades(primary);
  return {
    "--bg-primary": bg,
    "--bg-secondary": bgMuted,
    "--bg-card": card,
    "--text-primary": ink,
    "--text-secondary": inkMuted,
    "--text-light": withContrast("#94a3b8", surfaces),
    "--border": border,
    "--secondary": withContrast(light["--secondary"] || "#64748b", surfaces),
    "--primary-50": tints[50],
    "--primary-100": tints[100],
    "--primary-200": tints[200],
    "--primary-300": mix(primary, card, 0.6),
    "--primary-600": buttons[600],
    "--primary-700": buttons[700],
    "--primary-800": buttons[800],
    "--primary-hover": buttons[700],
    "--primary-ink": primaryInk,
    "--header-bg": headerBg,
    "--footer-bg": footerBg,
    ...markColours(accentOf(theme, settings), card, 0.35, ink, WHITE),
    ...stateColours(surfaces, card, primaryInk, true),
    ...frameColours({ headerBg, footerBg, headerText: ink, ink, inkMuted, primary: primaryInk, border, dark: true }),
  };
}

type Tone = boolean | "auto";

/** Whether the header and the footer are dark surfaces in the scheme the visitor gets ("auto": it depends on their system). */
export function frameTones(theme: Theme, settings: Partial<PublicSettings>): { header: Tone; footer: Tone } {
  const light = themeVariables(theme, settings);
  const tone = (lightBg: string): Tone => {
    const darkInLight = luminance(lightBg) < DARK_SURFACE;
    if (settings.theme_mode === "dark") return true;
    if (settings.theme_mode === "auto") return darkInLight || "auto";
    return darkInLight;
  };
  return { header: tone(light["--header-bg"]!), footer: tone(light["--footer-bg"]!) };
}

/** Text the light scheme writes in the primary colour; on dark surfaces it takes `--primary-ink`. */
const PRIMARY_TEXT = [
  ".text-primary",
  ".text-primary-600",
  ".text-primary-700",
  ".text-primary-800",
  ".hover\\:text-primary-600:hover",
  ".hover\\:text-primary-700:hover",
  ".page-content a",
  ".pb-page .pb-text a",
].join(",");

/** The light values a white box keeps inside a dark page (a white button on the hero, the comparison slider's handle). */
const WHITE_BOX_KEEPS = ["--text-primary", "--text-secondary", "--primary-50", "--primary-100", "--primary-600", "--primary-700", "--primary-800", "--mark-bg", "--mark-ink"];

const declarations = (vars: Record<string, string>) =>
  Object.entries(vars)
    .map(([name, value]) => `${name}:${value.replace(/[<>{};]/g, "")}`)
    .join(";");

export function themeStyleSheet(vars: Record<string, string>): string {
  return `:root{${declarations(vars)}}`;
}

/**
 * The public site's colour scheme (theme_mode): nothing for light; for dark the
 * dark variables; for auto the same inside `prefers-color-scheme: dark`, so the
 * browser picks the scheme before the first paint (no script, no flash).
 * `html:root` outranks the `:root` of the theme variables whatever their order.
 */
export function colourSchemeStyleSheet(theme: Theme, settings: Partial<PublicSettings>): string {
  const mode = settings.theme_mode;
  if (mode !== "dark" && mode !== "auto") return "";
  const light = themeVariables(theme, settings);
  const dark = darkVariables(theme, settings);
  const keep = Object.fromEntries(WHITE_BOX_KEEPS.map((name) => [name, light[name] ?? ""]));
  keep["--primary-ink"] = light["--primary-800"]!;
  const rules =
    `html:root{${declarations(dark)};color-scheme:dark}` +
    // One type selector more than the stylesheets' own rules (`.page-content a` in site.css), whatever their order.
    `${PRIMARY_TEXT.split(",").map((selector) => `html ${selector}`).join(",")}{color:var(--primary-ink)}` +
    `.bg-white{${declarations(keep)};color-scheme:light}`;
  return mode === "dark" ? rules : `@media (prefers-color-scheme:dark){${rules}}`;
}
