import { describe, expect, it } from "vitest";
import { layoutOf } from "#contract/page-builder/layouts.ts";
import { layoutWidthsInWords } from "./layout-picker.tsx";

const words = (id: string) => layoutWidthsInWords(layoutOf(id)!);

describe("layoutWidthsInWords", () => {
  it("says a single column is full width", () => {
    expect(words("1")).toBe("1 欄，全寬");
  });

  it("says equal columns once, with 約 when the widths are rounded", () => {
    expect(words("1-1")).toBe("2 欄，每欄 50%");
    expect(words("1-1-1-1-1")).toBe("5 欄，每欄 20%");
    expect(words("1-1-1")).toBe("3 欄，每欄約 33%");
    expect(words("6x1")).toBe("6 欄，每欄約 17%");
  });

  it("lists unequal widths left to right", () => {
    expect(words("3-1")).toBe("2 欄：75%、25%");
    expect(words("1-2-1")).toBe("3 欄：25%、50%、25%");
    expect(words("2-1")).toBe("2 欄：約 67%、33%");
  });
});
