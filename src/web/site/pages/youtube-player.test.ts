import { describe, expect, it } from "vitest";
import { embedAddress } from "./youtube-player.tsx";

describe("embedAddress", () => {
  it("plays a video id on the privacy-enhanced host at once", () => {
    expect(embedAddress("dQw4w9WgXcQ")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1");
  });

  it("refuses anything but an 11-character id (a box's data attribute is never trusted into an address)", () => {
    expect(embedAddress("")).toBeNull();
    expect(embedAddress("dQw4w9WgXcQ?x=1")).toBeNull();
    expect(embedAddress("../../evil/x")).toBeNull();
    expect(embedAddress("javascript:a")).toBeNull();
  });
});
