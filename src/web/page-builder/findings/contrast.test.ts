import { describe, expect, it } from "vitest";
import { contrastRatio, formatRatio, MIN_TEXT_CONTRAST, relativeLuminance } from "./contrast.ts";

describe("relativeLuminance", () => {
  it("is 0 for black, 1 for white and WCAG's value between", () => {
    expect(relativeLuminance("#000000")).toBe(0);
    expect(relativeLuminance("#ffffff")).toBe(1);
    // sRGB 128 is 0.2159 linear.
    expect(relativeLuminance("#808080")).toBeCloseTo(0.2159, 4);
    expect(relativeLuminance("#ff0000")).toBeCloseTo(0.2126, 4);
  });

  it("reads #RGB and upper case, and refuses what is not a hex colour", () => {
    expect(relativeLuminance("#FFF")).toBe(1);
    expect(relativeLuminance("#0F0")).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance("red")).toBeNull();
    expect(relativeLuminance("#12345")).toBeNull();
  });
});

describe("contrastRatio", () => {
  it("is 21 for black on white and 1 for a colour on itself, in either order", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBe(21);
    expect(contrastRatio("#ffffff", "#000000")).toBe(21);
    expect(contrastRatio("#3b82f6", "#3b82f6")).toBe(1);
  });

  it("puts #767676 on white just above 4.5:1 and #777777 just below", () => {
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThan(MIN_TEXT_CONTRAST);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });

  it("is null when a colour cannot be read", () => {
    expect(contrastRatio("#000000", "transparent")).toBeNull();
  });
});

describe("formatRatio", () => {
  it("rounds down to one decimal", () => {
    expect(formatRatio(4.4999)).toBe("4.4:1");
    expect(formatRatio(2.16)).toBe("2.1:1");
    expect(formatRatio(21)).toBe("21.0:1");
  });
});
