// The hero button is readable on any picture: each style carries its own
// background and text colours, with enough contrast for every built-in theme.
import { describe, expect, it } from "vitest";
import { SEED_THEMES } from "#server/modules/seed/seed-themes.ts";
import { contrast, primaryScale } from "#web/ui/theme-css.ts";
import { BUTTON_STYLES } from "./hero-slide.tsx";

/** The primary step a class list paints with, e.g. "bg-primary-700" → "700". */
const step = (classes: string, property: "bg" | "text") => new RegExp(`(?:^| )${property}-primary-(\\d+)(?: |$)`).exec(classes)?.[1];

describe("the hero button's colours", () => {
  it.each(SEED_THEMES.map((theme) => [theme.name, theme.primary_color] as const))("%s: both styles reach 4.5:1 between their text and their own background", (_name, primary) => {
    const scale = primaryScale(primary);
    const primaryBg = step(BUTTON_STYLES.primary, "bg");
    expect(BUTTON_STYLES.primary).toMatch(/(?:^| )text-white(?: |$)/);
    expect(contrast("#ffffff", scale[primaryBg!]!)).toBeGreaterThanOrEqual(4.5);
    const secondaryText = step(BUTTON_STYLES.secondary, "text");
    expect(BUTTON_STYLES.secondary).toMatch(/(?:^| )bg-white(?: |$)/);
    expect(contrast("#ffffff", scale[secondaryText!]!)).toBeGreaterThanOrEqual(4.5);
  });
});
