import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client.ts";
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
    const local = storage();
    local.setItem("admin_token", "t0ken");
    vi.stubGlobal("window", { localStorage: local, sessionStorage: storage() });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends the file as multipart field image with the bearer token and answers data.path", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, message: "上傳成功", data: { path: "/uploads/2026/11/logo.png" } }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const answer = await uploadSettingsImage(new File([new Uint8Array([1, 2, 3])], "logo.png", { type: "image/png" }));
    expect(answer).toEqual({ path: "/uploads/2026/11/logo.png", message: "上傳成功" });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/admin-api.php/upload");
    expect((init.headers as Record<string, string>).authorization).toBe("Bearer t0ken");
    expect((init.body as FormData).get("image")).toBeInstanceOf(File);
  });

  it("throws the server's refusal, and a network failure as status 0", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ success: false, message: "檔案大小不能超過 5MB" }), { status: 400 })));
    await expect(uploadSettingsImage(new File(["x"], "a.png", { type: "image/png" }))).rejects.toMatchObject({ status: 400, message: "檔案大小不能超過 5MB" });
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("offline"))));
    const error = await uploadSettingsImage(new File(["x"], "a.png", { type: "image/png" })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
  });
});
