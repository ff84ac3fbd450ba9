import { describe, expect, it } from "vitest";
import { clampPercent, percentAfterKey, percentAt, SLIDER_START } from "./slider-rules.ts";

describe("the comparison slider's position", () => {
  it("follows the pointer across the picture, kept within the picture", () => {
    expect(percentAt(150, 100, 200)).toBe(25);
    expect(percentAt(90, 100, 200)).toBe(0);
    expect(percentAt(400, 100, 200)).toBe(100);
    expect(percentAt(120, 100, 0)).toBe(SLIDER_START);
  });

  it("steps with the arrows and Page Up/Down, jumps with Home and End, and ignores other keys", () => {
    expect(percentAfterKey("ArrowRight", 50)).toBe(55);
    expect(percentAfterKey("ArrowUp", 50)).toBe(55);
    expect(percentAfterKey("ArrowLeft", 50)).toBe(45);
    expect(percentAfterKey("ArrowDown", 2)).toBe(0);
    expect(percentAfterKey("PageUp", 90)).toBe(100);
    expect(percentAfterKey("PageDown", 50)).toBe(30);
    expect(percentAfterKey("Home", 50)).toBe(0);
    expect(percentAfterKey("End", 50)).toBe(100);
    expect(percentAfterKey("Enter", 50)).toBeNull();
  });

  it("is a whole percentage", () => {
    expect(clampPercent(33.4)).toBe(33);
    expect(clampPercent(-1)).toBe(0);
  });
});
