import { describe, expect, it } from "vitest";
import { deleteFailureMessage, loadErrorMessage, MediaLoadError, parseCleanupAnswer, parseMediaListAnswer, parseUploadAnswer } from "./media-answers.ts";

const record = { id: 7, filename: "a.jpg", original_name: "客廳.jpg", file_path: "/uploads/2026/01/a.jpg", file_url: "/uploads/2026/01/a.jpg", file_size: 10, mime_type: "image/jpeg", created_at: "2026-01-01T00:00:00Z" };
const json = (value: unknown) => JSON.stringify(value);

function loadFailure(status: number, text: string): MediaLoadError {
  try {
    parseMediaListAnswer(status, text);
  } catch (error) {
    if (error instanceof MediaLoadError) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

describe("parseMediaListAnswer: 401, then another error status, then success false, each with its own message (002 §8)", () => {
  it("answers the files, normalised, in the server's order", () => {
    const files = parseMediaListAnswer(200, json({ success: true, data: [record, { ...record, id: 3 }] }));
    expect(files.map((f) => f.id)).toEqual([7, 3]);
    expect(files[0]).toMatchObject({ original_name: "客廳.jpg", variants: [], usages: [], alt_text: "" });
  });

  it("401: the session has expired", () => {
    const error = loadFailure(401, json({ success: false, message: "未授權" }));
    expect(error.kind).toBe("expired");
    expect(error.message).toBe("登入已過期，請重新登入");
  });

  it("another error status: 載入失敗 with the status, whatever the body", () => {
    expect(loadFailure(500, json({ success: false, message: "boom" })).message).toBe("載入失敗 (500)");
    expect(loadFailure(502, "<html>Bad gateway</html>").message).toBe("載入失敗 (502)");
  });

  it("success false: the server's message, else 載入媒體檔案失敗", () => {
    expect(loadFailure(200, json({ success: false, message: "資料庫忙碌" })).message).toBe("資料庫忙碌");
    expect(loadFailure(200, json({ success: false })).message).toBe("載入媒體檔案失敗");
    expect(loadFailure(200, "not json").message).toBe("載入媒體檔案失敗");
    expect(loadFailure(200, json({ success: true, data: { files: [] } })).message).toBe("載入媒體檔案失敗");
  });

  it("the picker words a missing token as 登入憑證無效; the library as 請先登入後台管理系統", () => {
    const error = new MediaLoadError("no-token", "請先登入後台管理系統");
    expect(loadErrorMessage(error)).toBe("請先登入後台管理系統");
    expect(loadErrorMessage(error, "picker")).toBe("登入憑證無效");
    expect(loadErrorMessage(new MediaLoadError("network", "網路連線錯誤，請檢查網路後重試"), "picker")).toBe("網路連線錯誤，請檢查網路後重試");
    expect(loadErrorMessage(new Error("other"))).toBe("載入媒體檔案失敗");
  });
});

describe("parseUploadAnswer", () => {
  it("answers the stored record", () => {
    const outcome = parseUploadAnswer(201, json({ success: true, data: record }));
    expect(outcome.ok && outcome.file.id).toBe(7);
  });

  it("shows the server's own words for a refusal (413, 415)", () => {
    expect(parseUploadAnswer(415, json({ success: false, message: "不支援的檔案格式" }))).toEqual({ ok: false, status: 415, message: "不支援的檔案格式" });
    expect(parseUploadAnswer(413, json({ success: false, message: "檔案過大" }))).toMatchObject({ message: "檔案過大" });
  });

  it("falls back to the status for a bare error page, and names expiry and network failure", () => {
    expect(parseUploadAnswer(413, "<html>Request Entity Too Large</html>")).toMatchObject({ ok: false, message: "上傳失敗 (HTTP 413)" });
    expect(parseUploadAnswer(401, "")).toMatchObject({ ok: false, message: "登入已過期，請重新登入" });
    expect(parseUploadAnswer(0, "")).toMatchObject({ ok: false, status: 0, message: "網路連線錯誤，上傳失敗" });
  });

  it("a success without a file record or path is an error", () => {
    expect(parseUploadAnswer(200, json({ success: true, data: null }))).toMatchObject({ ok: false, message: "上傳成功但未取得檔案路徑" });
    expect(parseUploadAnswer(200, json({ success: true, data: { id: 1 } }))).toMatchObject({ ok: false, message: "上傳成功但未取得檔案路徑" });
  });
});

describe("parseCleanupAnswer: a non-JSON reply, then a failure, each with its own message (002 §8)", () => {
  it("answers the counts", () => {
    const data = { deleted_count: 2, unused_count: 2, total_files_before: 5, total_files_after: 3, error_count: 0, deleted_files: ["a", "b"], unused_files: ["a", "b"], unused_more_count: 0, errors: [] };
    expect(parseCleanupAnswer(200, json({ success: true, data }))).toEqual({ ok: true, result: data });
  });

  it("keeps how many unused files a preview did not list, counting them from the lists when the answer does not say", () => {
    const preview = { deleted_count: 0, unused_count: 12_345, total_files_before: 12_400, total_files_after: 12_400, error_count: 0, deleted_files: [], unused_files: ["a", "b"], errors: [] };
    expect(parseCleanupAnswer(200, json({ success: true, data: { ...preview, unused_more_count: 2_345 } }))).toMatchObject({ ok: true, result: { unused_more_count: 2_345 } });
    expect(parseCleanupAnswer(200, json({ success: true, data: preview }))).toMatchObject({ ok: true, result: { unused_more_count: 12_343 } });
  });

  it("counts the failed deletions from the list when error_count is absent", () => {
    const outcome = parseCleanupAnswer(200, json({ success: true, data: { deleted_count: 1, errors: ["x: EACCES", "y: EACCES"] } }));
    expect(outcome.ok && outcome.result).toMatchObject({ error_count: 2, unused_count: 0, total_files_before: 0 });
  });

  it("a reply that is not JSON: 伺服器回應非 JSON", () => {
    expect(parseCleanupAnswer(200, "<html></html>")).toEqual({ ok: false, message: "伺服器回應非 JSON" });
    expect(parseCleanupAnswer(500, "Internal Server Error")).toEqual({ ok: false, message: "伺服器回應非 JSON" });
  });

  it("a failure: the server's message, else 清理失敗 with the status", () => {
    expect(parseCleanupAnswer(500, json({ success: false, message: "磁碟唯讀" }))).toEqual({ ok: false, message: "磁碟唯讀" });
    expect(parseCleanupAnswer(503, json({ success: false }))).toEqual({ ok: false, message: "清理失敗 (503)" });
    expect(parseCleanupAnswer(200, json({ success: false }))).toEqual({ ok: false, message: "清理失敗 (200)" });
  });
});

describe("deleteFailureMessage", () => {
  it("shows the server's message naming where the file is used", () => {
    expect(deleteFailureMessage(409, json({ success: false, message: "此檔案正在使用中：網站設定：頁首 Logo" }))).toBe("此檔案正在使用中：網站設定：頁首 Logo");
    expect(deleteFailureMessage(409, "")).toBe("此檔案正在使用中，無法刪除");
    expect(deleteFailureMessage(500, "")).toBe("刪除失敗 (500)");
  });
});
