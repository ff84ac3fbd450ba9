import { describe, expect, it } from "vitest";
import { CUSTOMER_MESSAGES, customerUpdateSchema, type Message } from "#contract/customers.ts";
import {
  addQuickReply,
  attachmentProblem,
  canSend,
  customerInitial,
  customerListPath,
  customerName,
  deleteItems,
  hasUnreadIncoming,
  listTime,
  mapsLink,
  mediaWaitText,
  mergeMessages,
  messagePreview,
  parseLocation,
  parseSticker,
  needsHttpsSite,
  schemaErrors,
  sendFailureText,
  sendsOnEnter,
  stickerImageUrl,
  tagSummary,
  unreadBadge,
} from "./customer-inbox.ts";

const MB = 1024 * 1024;

const message = (overrides: Partial<Message>): Message => ({
  id: 1,
  message_type: "text",
  message_content: "",
  media_url: "",
  file_name: "",
  media_error: "",
  media_download: "",
  direction: "incoming",
  timestamp: "2025-03-04T06:00:00.000Z",
  is_read: true,
  delivery_status: "",
  delivery_method: "",
  delivery_error: "",
  ...overrides,
});

describe("customerListPath", () => {
  it("asks for twenty a page, with the search and the tag only when given", () => {
    expect(customerListPath({ page: 2, search: "  ", tag: "" })).toBe("/admin-api.php/customers?page=2&limit=20");
    expect(customerListPath({ page: 0, search: " 陳 ", tag: "潛在客戶" })).toBe(
      `/admin-api.php/customers?page=1&limit=20&search=${encodeURIComponent("陳")}&tag=${encodeURIComponent("潛在客戶")}`,
    );
  });
});

describe("names and avatars", () => {
  it("calls a customer whose profile could not be read LINE 使用者 with the end of their LINE id, so that two are told apart", () => {
    expect(customerName({ display_name: "  ", line_user_tail: "9f3a" })).toBe("LINE 使用者（末四碼 9f3a）");
    expect(customerName({ display_name: "", line_user_tail: "0c71" })).not.toBe(customerName({ display_name: "", line_user_tail: "9f3a" }));
    expect(customerName({ display_name: "", line_user_tail: "" })).toBe("LINE 使用者");
    expect(customerName({ display_name: "陳小姐", line_user_tail: "9f3a" })).toBe("陳小姐");
  });
  it("takes the first whole character of the name for the avatar", () => {
    expect(customerInitial({ display_name: "陳小姐", line_user_tail: "9f3a" })).toBe("陳");
    expect(customerInitial({ display_name: "amy", line_user_tail: "9f3a" })).toBe("A");
    expect(customerInitial({ display_name: "😀 Amy", line_user_tail: "9f3a" })).toBe("😀");
    expect(customerInitial({ display_name: "", line_user_tail: "9f3a" })).toBe("L");
  });
});

describe("unreadBadge", () => {
  it("shows nothing for none, the count up to 99, then 99+", () => {
    expect(unreadBadge(0)).toBe("");
    expect(unreadBadge(-3)).toBe("");
    expect(unreadBadge(7)).toBe("7");
    expect(unreadBadge(99)).toBe("99");
    expect(unreadBadge(100)).toBe("99+");
  });
});

describe("tagSummary", () => {
  it("shows the first two tags and counts the rest", () => {
    expect(tagSummary([])).toEqual({ shown: [], more: 0 });
    expect(tagSummary(["VIP", "潛在客戶"])).toEqual({ shown: ["VIP", "潛在客戶"], more: 0 });
    expect(tagSummary(["VIP", "潛在客戶", "活躍用戶", "基隆"])).toEqual({ shown: ["VIP", "潛在客戶"], more: 2 });
  });
});

describe("stickers and locations", () => {
  it("reads a sticker and points at LINE's picture of it", () => {
    const sticker = parseSticker('{"packageId":"446","stickerId":"1988"}');
    expect(sticker).toEqual({ packageId: "446", stickerId: "1988" });
    expect(stickerImageUrl(sticker!)).toBe("https://stickershop.line-scdn.net/stickershop/v1/sticker/1988/android/sticker.png");
    expect(parseSticker("not json")).toBeNull();
    expect(parseSticker('{"stickerId":"../x"}')).toBeNull();
  });
  it("reads a location and links to the point on the map, else to its address", () => {
    const location = parseLocation('{"title":"基隆火車站","address":"基隆市仁愛區港西街5號","latitude":25.1319,"longitude":121.7387}');
    expect(location).toEqual({ title: "基隆火車站", address: "基隆市仁愛區港西街5號", latitude: 25.1319, longitude: 121.7387 });
    expect(mapsLink(location!)).toBe("https://www.google.com/maps/search/?api=1&query=25.1319,121.7387");
    expect(mapsLink({ title: "", address: "台北市信義區", latitude: null, longitude: null })).toBe(
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("台北市信義區")}`,
    );
    expect(mapsLink({ title: "", address: "", latitude: null, longitude: null })).toBeNull();
    expect(parseLocation("[]")).toBeNull();
  });
  it("sums a message up in words for the list", () => {
    expect(messagePreview(message({ message_content: "請問報價" }))).toBe("請問報價");
    expect(messagePreview(message({ message_type: "image" }))).toBe("[圖片]");
    expect(messagePreview(message({ message_type: "sticker" }))).toBe("[貼圖]");
    expect(messagePreview(message({ message_type: "location", message_content: '{"title":"基隆火車站"}' }))).toBe("[位置] 基隆火車站");
    expect(messagePreview(message({ message_type: "file", file_name: "報價單.pdf" }))).toBe("[檔案] 報價單.pdf");
  });
});

describe("the composer", () => {
  it("takes one image or PDF of at most 10 MB, refusing in the spec's words", () => {
    expect(attachmentProblem({ type: "image/png", size: 10 * MB, name: "a.png" })).toBeNull();
    expect(attachmentProblem({ type: "application/pdf", size: MB, name: "quote.pdf" })).toBeNull();
    expect(attachmentProblem({ type: "", size: MB, name: "quote.PDF" })).toBeNull();
    expect(attachmentProblem({ type: "image/jpeg", size: 10 * MB + 1, name: "big.jpg" })).toBe("檔案大小不能超過 10MB");
    expect(attachmentProblem({ type: "application/zip", size: 10, name: "a.zip" })).toBe("僅支援圖片和 PDF 檔案");
  });
  it("sends with text or a file, never with neither", () => {
    expect(canSend(" \n ", null)).toBe(false);
    expect(canSend("好的", null)).toBe(true);
    expect(canSend("", new File(["x"], "a.png", { type: "image/png" }))).toBe(true);
  });
  it("sends on Enter, not on Shift+Enter nor while an input method is composing", () => {
    expect(sendsOnEnter({ key: "Enter", shiftKey: false, isComposing: false })).toBe(true);
    expect(sendsOnEnter({ key: "Enter", shiftKey: true, isComposing: false })).toBe(false);
    expect(sendsOnEnter({ key: "Enter", shiftKey: false, isComposing: true })).toBe(false);
    expect(sendsOnEnter({ key: "a", shiftKey: false, isComposing: false })).toBe(false);
  });
  it("adds quick-reply buttons trimmed, without blanks or repeats, thirteen at most", () => {
    expect(addQuickReply([], "  可以  ")).toEqual(["可以"]);
    expect(addQuickReply(["可以"], "可以")).toEqual(["可以"]);
    expect(addQuickReply(["可以"], "   ")).toEqual(["可以"]);
    const full = Array.from({ length: 13 }, (_, index) => `選項${index}`);
    expect(addQuickReply(full, "再一個")).toEqual(full);
  });
});

describe("the conversation", () => {
  it("merges a poll's answer with what is shown, by id, oldest first", () => {
    const first = message({ id: 1, timestamp: "2025-03-04T06:00:00.000Z" });
    const second = message({ id: 2, timestamp: "2025-03-04T06:01:00.000Z", direction: "outgoing", delivery_status: "sending" });
    const sent = { ...second, delivery_status: "sent" as const };
    const third = message({ id: 3, timestamp: "2025-03-04T06:02:00.000Z" });
    expect(mergeMessages([first, second], [third, sent])).toEqual([first, sent, third]);
  });
  it("knows when an incoming message is still unread", () => {
    expect(hasUnreadIncoming([message({ is_read: true }), message({ direction: "outgoing", is_read: false })])).toBe(false);
    expect(hasUnreadIncoming([message({ is_read: false })])).toBe(true);
  });
  it("shows today's time as the clock, another day's as the date, in Taiwan", () => {
    const now = new Date("2025-03-04T10:00:00.000Z");
    expect(listTime("2025-03-04T06:05:00.000Z", now)).toBe("14:05");
    expect(listTime("2025-03-02T06:05:00.000Z", now)).toBe("2025/03/02");
    expect(listTime(null, now)).toBe("");
  });
  it("names the customer and their history in the delete confirmation", () => {
    expect(deleteItems({ display_name: "", line_user_tail: "9f3a", message_count: 12 })).toEqual(["LINE 使用者（末四碼 9f3a）（12 則訊息）"]);
  });
});

describe("what a failed send says", () => {
  it("the prefix once: the server's answer already has it; a bare reason gets it; none is the prefix alone", () => {
    expect(sendFailureText("訊息發送失敗", "訊息發送失敗：LINE Channel Access Token 無效或已過期")).toBe("訊息發送失敗：LINE Channel Access Token 無效或已過期");
    expect(sendFailureText("訊息發送失敗", "無法連線到伺服器")).toBe("訊息發送失敗：無法連線到伺服器");
    expect(sendFailureText("發送圖片失敗", "發送圖片失敗")).toBe("發送圖片失敗");
    expect(sendFailureText("發送圖片失敗", "")).toBe("發送圖片失敗");
  });
  it("knows the refusal for a site without an https address, which links to the setting", () => {
    expect(needsHttpsSite(CUSTOMER_MESSAGES.imageNeedsHttpsSite)).toBe(true);
    expect(needsHttpsSite(CUSTOMER_MESSAGES.fileNeedsHttpsSite)).toBe(true);
    expect(needsHttpsSite("訊息發送失敗：LINE 拒絕了這則訊息")).toBe(false);
    expect(CUSTOMER_MESSAGES.imageNeedsHttpsSite).toContain("請到 網站設定 → SEO 設定 → 網站正式網址 填入 https:// 開頭的網址");
  });
});

describe("a customer's picture or file on its way", () => {
  it("下載中… while fetched, 下載失敗，重試中 after a failed try, 無法下載 once every try failed", () => {
    expect(mediaWaitText({ message_type: "image", media_download: "" })).toBe("圖片下載中…");
    expect(mediaWaitText({ message_type: "file", media_download: "" })).toBe("下載中…");
    expect(mediaWaitText({ message_type: "image", media_download: "retrying" })).toBe("下載失敗，重試中");
    expect(mediaWaitText({ message_type: "image", media_download: "failed" })).toBe("圖片無法下載");
    expect(mediaWaitText({ message_type: "file", media_download: "failed" })).toBe("檔案無法下載");
  });
});

describe("schemaErrors", () => {
  it("gives each refused field the contract's first message", () => {
    expect(schemaErrors(customerUpdateSchema, { display_name: " ", tags: "VIP", notes: "" })).toEqual({ display_name: "請輸入顯示名稱" });
    expect(schemaErrors(customerUpdateSchema, { display_name: "陳小姐", tags: "VIP, , 潛在客戶", notes: "" })).toEqual({});
  });
});
