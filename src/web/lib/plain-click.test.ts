import { describe, expect, it } from "vitest";
import { isPlainClick } from "./plain-click.ts";

const click = (fields: Partial<Parameters<typeof isPlainClick>[0]> = {}) => ({ button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, ...fields });

describe("a click the island takes over", () => {
  it("is the main button alone", () => {
    expect(isPlainClick(click())).toBe(true);
  });

  it("leaves new tabs and windows to the browser", () => {
    expect(isPlainClick(click({ button: 1 }))).toBe(false);
    expect(isPlainClick(click({ ctrlKey: true }))).toBe(false);
    expect(isPlainClick(click({ metaKey: true }))).toBe(false);
    expect(isPlainClick(click({ shiftKey: true }))).toBe(false);
    expect(isPlainClick(click({ altKey: true }))).toBe(false);
  });
});
