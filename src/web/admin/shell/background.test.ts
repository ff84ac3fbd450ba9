import { describe, expect, it } from "vitest";
import { BACKGROUND_PRESETS, backgroundPreset } from "./background.ts";

describe("background presets", () => {
  it("are the spec's 15, white to black, in order (001 §2)", () => {
    expect(BACKGROUND_PRESETS.map((preset) => preset.id)).toEqual([
      "white",
      "gray-50",
      "gray-100",
      "gray-200",
      "slate-50",
      "slate-100",
      "zinc-50",
      "zinc-100",
      "blue-50",
      "green-50",
      "purple-50",
      "pink-50",
      "amber-50",
      "gray-900",
      "black",
    ]);
  });
  it("mark only the two dark presets as needing light text", () => {
    expect(BACKGROUND_PRESETS.filter((preset) => preset.dark).map((preset) => preset.id)).toEqual(["gray-900", "black"]);
  });
  it("fall back to gray-100 for a missing or unknown stored value", () => {
    expect(backgroundPreset(null).id).toBe("gray-100");
    expect(backgroundPreset("neon").id).toBe("gray-100");
    expect(backgroundPreset("black").color).toBe("#000000");
  });
});
