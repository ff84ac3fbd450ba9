import { describe, expect, it } from "vitest";
import { detectFileType } from "./file-type.ts";

const bytes = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((part) => (typeof part === "string" ? Buffer.from(part, "latin1") : Buffer.from(part))));

describe("videos by their bytes", () => {
  it.each([
    ["an MP4 (ftyp isom)", bytes([0, 0, 0, 0x20], "ftypisom", [0, 0, 2, 0]), "video/mp4", "mp4"],
    ["an iPhone QuickTime movie (ftyp qt)", bytes([0, 0, 0, 0x14], "ftypqt  ", [0, 0, 2, 0], "qt  "), "video/quicktime", "mov"],
    ["an old QuickTime movie without ftyp (moov first)", bytes([0, 0, 0x10, 0], "moov", [0, 0, 0, 0x6c], "mvhd"), "video/quicktime", "mov"],
    ["an AVI", bytes("RIFF", [0x38, 0xfc, 6, 0], "AVI LIST"), "video/x-msvideo", "avi"],
    ["an MPEG program stream", bytes([0, 0, 1, 0xba, 0x21, 0, 1]), "video/mpeg", "mpg"],
    ["an MPEG video stream", bytes([0, 0, 1, 0xb3, 0x14, 0x00, 0xf0]), "video/mpeg", "mpg"],
  ])("%s", (_label, head, mime, extension) => {
    expect(detectFileType(head)).toEqual({ kind: "video", mime, extension });
  });

  it("a WAV (RIFF but not AVI) and a text file starting with 'moov' are not videos", () => {
    expect(detectFileType(bytes("RIFF", [0, 0, 0, 0], "WAVEfmt "))).toBeUndefined();
    expect(detectFileType(bytes("abcdmoov is a word"))).toBeUndefined();
  });

  it("agrees with FFmpeg's own output for a QuickTime movie", () => {
    // The 20-byte ftyp box FFmpeg writes for -f mov.
    const head = Buffer.from("0000001466747970717420200000020071742020", "hex");
    expect(detectFileType(head)?.mime).toBe("video/quicktime");
  });
});
