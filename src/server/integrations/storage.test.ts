import { describe, expect, it } from "vitest";
import { contentDisposition, uploadHeaders, UPLOADS_CONTENT_SECURITY_POLICY } from "./storage.ts";

describe("contentDisposition", () => {
  it("gives an ASCII fallback and the UTF-8 name (RFC 6266 / 5987)", () => {
    expect(contentDisposition("attachment", "報價 單.pdf")).toBe(`attachment; filename="__ _.pdf"; filename*=UTF-8''%E5%A0%B1%E5%83%B9%20%E5%96%AE.pdf`);
    expect(contentDisposition("attachment", "it's (1).docx")).toBe(`attachment; filename="it's (1).docx"; filename*=UTF-8''it%27s%20%281%29.docx`);
  });

  it("a name cannot break out of the header: line breaks, quotes, backslashes and slashes are dropped", () => {
    const header = contentDisposition("attachment", 'a"\r\nSet-Cookie: x=1\\/b.html');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(`attachment; filename="aSet-Cookie: x=1b.html"; filename*=UTF-8''aSet-Cookie%3A%20x%3D1b.html`);
  });

  it("without a usable name it is the bare kind", () => {
    expect(contentDisposition("attachment", undefined)).toBe("attachment");
    expect(contentDisposition("attachment", "\r\n")).toBe("attachment");
  });
});

describe("uploadHeaders", () => {
  it("pictures, videos, audio and PDFs as themselves; anything else as a download; the policy on all", () => {
    expect(uploadHeaders("2026/01/a.jpg", undefined)).toEqual({ "content-type": "image/jpeg", "content-security-policy": UPLOADS_CONTENT_SECURITY_POLICY, "x-content-type-options": "nosniff" });
    expect(uploadHeaders("2026/01/a.webm", undefined)["content-type"]).toBe("video/webm");
    expect(uploadHeaders("2026/01/a.pdf", "單.pdf")["content-disposition"]).toMatch(/^inline; /);
    for (const key of ["2026/01/a.html", "2026/01/a.svg", "2026/01/a.js", "2026/01/a.xml", "2026/01/a.bin", "2026/01/a.docx"]) {
      const headers = uploadHeaders(key, "x.html");
      expect(headers["content-type"], key).toBe("application/octet-stream");
      expect(headers["content-disposition"], key).toMatch(/^attachment; /);
    }
    expect(UPLOADS_CONTENT_SECURITY_POLICY).toMatch(/; sandbox$/);
  });
});
