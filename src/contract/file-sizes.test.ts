import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-sizes.ts";

describe("formatFileSize", () => {
  it("says bytes below 1 KB in words, and nothing odd for no size", () => {
    expect(formatFileSize(512)).toBe("512 位元組");
    expect(formatFileSize(0)).toBe("0 位元組");
    expect(formatFileSize(Number.NaN)).toBe("0 位元組");
    expect(formatFileSize(-5)).toBe("0 位元組");
  });

  it("gives KB, MB and GB in base 1024 with at most two decimals, trailing zeros dropped", () => {
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(43_018)).toBe("42.01 KB");
    expect(formatFileSize(250 * 1024 * 1024)).toBe("250 MB");
    expect(formatFileSize(2.25 * 1024 ** 3)).toBe("2.25 GB");
    expect(formatFileSize(1024 ** 4 * 3)).toBe("3 TB");
  });
});
