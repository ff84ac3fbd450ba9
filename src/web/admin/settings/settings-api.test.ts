import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeXhr, lastXhr } from "#tests/mocks/fake-xhr.ts";
import { uploadSettingsImage } from "./settings-api.ts";

const storage = () => {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    clear: () => data.clear(),
  };
};

describe("uploadSettingsImage", () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    const local = storage();
    local.setItem("admin_token", "t0ken");
    vi.stubGlobal("window", { localStorage: local, sessionStorage: storage() });
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends the file as multipart field image to /admin-api.php/upload and answers data.path with the message", async () => {
    const pending = uploadSettingsImage(new File([new Uint8Array([1, 2, 3])], "logo.png", { type: "image/png" }));
    expect(lastXhr().url).toBe("/admin-api.php/upload");
    expect(lastXhr().body!.get("image")).toBeInstanceOf(File);
    lastXhr().answer(200, { success: true, message: "上傳成功", data: { path: "/uploads/2026/11/logo.png" } });
    await expect(pending).resolves.toEqual({ path: "/uploads/2026/11/logo.png", message: "上傳成功" });
  });

  it("refuses an answer without a path", async () => {
    const pending = uploadSettingsImage(new File(["x"], "a.png", { type: "image/png" }));
    lastXhr().answer(200, { success: true, data: {} });
    await expect(pending).rejects.toMatchObject({ message: "" });
  });
});
