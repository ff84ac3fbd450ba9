import { describe, expect, it } from "vitest";
import { splitTags } from "#contract/customers.ts";
import { LineApiError } from "#server/integrations/line.ts";
import { deliveryFailureReason, httpsOrigin, httpsRequestOrigin, isTransient, lineMessagesFor, previewKeyOf, quickReplyOf, replyTokenUsable } from "./line-send.ts";

const now = new Date("2026-03-01T10:00:00.000Z");

describe("replyTokenUsable", () => {
  it("only a token that is there and not yet expired", () => {
    expect(replyTokenUsable({ reply_token: "t", reply_token_expires_at: "2026-03-01T10:00:30.000Z" }, now)).toBe(true);
    expect(replyTokenUsable({ reply_token: "t", reply_token_expires_at: "2026-03-01T10:00:00.000Z" }, now)).toBe(false);
    expect(replyTokenUsable({ reply_token: "", reply_token_expires_at: "2026-03-01T10:00:30.000Z" }, now)).toBe(false);
    expect(replyTokenUsable({ reply_token: "t", reply_token_expires_at: null }, now)).toBe(false);
  });
});

describe("httpsOrigin", () => {
  it("the first https address, without a trailing slash; none when no address is https", () => {
    expect(httpsOrigin(["https://www.clean.tw/", "https://other.example"])).toBe("https://www.clean.tw");
    expect(httpsOrigin(["", "https://clean.example"])).toBe("https://clean.example");
    expect(httpsOrigin(["http://www.clean.tw", "https://clean.example"])).toBe("https://clean.example");
    expect(httpsOrigin(["https://clean.example/site/"])).toBe("https://clean.example/site");
    expect(httpsOrigin(["http://www.clean.tw", undefined])).toBeUndefined();
    expect(httpsOrigin(["not a url"])).toBeUndefined();
  });
});

describe("httpsRequestOrigin", () => {
  it("the address the back office is opened at, only when it came over https", () => {
    expect(httpsRequestOrigin({ protocol: "https", host: "admin.clean.tw" })).toBe("https://admin.clean.tw");
    expect(httpsRequestOrigin({ protocol: "https", host: "clean.tw:8443" })).toBe("https://clean.tw:8443");
    expect(httpsRequestOrigin({ protocol: "http", host: "clean.tw" })).toBeUndefined();
    expect(httpsRequestOrigin({ protocol: "https", host: "" })).toBeUndefined();
  });
});

describe("messages as LINE takes them", () => {
  it("the preview sits beside the image as JPEG", () => {
    expect(previewKeyOf("2026/03/ab12.png")).toBe("2026/03/ab12-preview.jpg");
  });

  it("quick replies: none for an empty list; labels cut to 20 characters, whole text sent", () => {
    expect(quickReplyOf([])).toBeUndefined();
    const text = "一二三四五六七八九十一二三四五六七八九十多";
    expect(quickReplyOf([text])!.items[0]!.action).toEqual({ type: "message", label: text.slice(0, 20), text });
  });

  it("a PDF is a text with its name and link", () => {
    expect(lineMessagesFor({ type: "file", fileUrl: "/uploads/x.pdf", fileName: "報價單.pdf" }, { url: "https://c.example/uploads/x.pdf", preview: "" })).toEqual([
      { type: "text", text: "📄 報價單.pdf\nhttps://c.example/uploads/x.pdf" },
    ]);
  });
});

describe("LINE failures", () => {
  it("a refusal stays a refusal; no answer or LINE's own fault is worth one more try", () => {
    expect(isTransient(new LineApiError("x", 401))).toBe(false);
    expect(isTransient(new LineApiError("x", 503))).toBe(true);
    expect(isTransient(new LineApiError("x"))).toBe(true);
    expect(deliveryFailureReason(new LineApiError("LINE Channel Access Token 無效或已過期", 401))).toBe("LINE Channel Access Token 無效或已過期");
    expect(deliveryFailureReason(new LineApiError("refused", 400))).toBe("LINE 拒絕了這則訊息，客戶可能已封鎖官方帳號");
  });
});

describe("splitTags", () => {
  it("comma-separated (half or full width) or a list: trimmed, blanks and repeats dropped", () => {
    expect(splitTags(" VIP, ,潛在客戶，VIP ")).toEqual(["VIP", "潛在客戶"]);
    expect(splitTags(["活躍用戶", " ", "活躍用戶"])).toEqual(["活躍用戶"]);
    expect(splitTags("")).toEqual([]);
  });
});
