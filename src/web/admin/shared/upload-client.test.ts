import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeXhr, lastXhr } from "#tests/mocks/fake-xhr.ts";
import { ApiError, setUnauthorizedHandler } from "./api-client.ts";
import { sendFile, uploadFile } from "./upload-client.ts";

const memoryStore = () => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    clear: () => data.clear(),
  };
};

const image = () => new File([new Uint8Array([1, 2, 3, 4])], "logo.png", { type: "image/png" });

let local: ReturnType<typeof memoryStore>;
let signedOut: number;
let restoreHandler: () => void;

beforeEach(() => {
  FakeXhr.sent = [];
  local = memoryStore();
  local.setItem("admin_token", "t0ken");
  vi.stubGlobal("window", { localStorage: local, sessionStorage: memoryStore() });
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  signedOut = 0;
  restoreHandler = setUnauthorizedHandler(() => void (signedOut += 1));
});
afterEach(() => {
  restoreHandler();
  vi.unstubAllGlobals();
});

describe("uploadFile", () => {
  it("posts the file under the endpoint's field name, other fields first, with the bearer token", async () => {
    const pending = uploadFile<{ path: string }>("/api.php/upload", image(), { field: "image", fields: { folder: "banners" } });
    const xhr = lastXhr();
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api.php/upload");
    expect(xhr.headers.authorization).toBe("Bearer t0ken");
    expect([...xhr.body!.keys()]).toEqual(["folder", "image"]);
    expect(xhr.body!.get("folder")).toBe("banners");
    expect((xhr.body!.get("image") as File).name).toBe("logo.png");
    xhr.answer(200, { success: true, message: "上傳成功", data: { path: "/uploads/2026/11/logo.png" } });
    await expect(pending).resolves.toEqual({ data: { path: "/uploads/2026/11/logo.png" }, message: "上傳成功" });
  });

  it("reports progress as bytes and a whole percentage", async () => {
    const seen: number[] = [];
    const pending = uploadFile("/admin-api.php/media", image(), { field: "file", onProgress: ({ percent }) => seen.push(percent) });
    lastXhr().progress(1, 3);
    lastXhr().progress(3, 3);
    lastXhr().answer(200, { success: true, data: {} });
    await pending;
    expect(seen).toEqual([33, 100]);
  });

  it("turns a refusal into an ApiError with the server's message and field errors", async () => {
    const pending = uploadFile("/admin-api.php/upload", image(), { field: "image" });
    lastXhr().answer(413, { success: false, message: "檔案大小不能超過 5MB", errors: { image: "檔案太大" } });
    await expect(pending).rejects.toMatchObject({ status: 413, message: "檔案大小不能超過 5MB", errors: { image: "檔案太大" } });
  });

  it("rejects with a network error (status 0) when no answer comes", async () => {
    const pending = uploadFile("/admin-api.php/upload", image(), { field: "image" });
    lastXhr().drop();
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
  });
});

describe("sendFile and the session", () => {
  it("a 401 from the admin API clears the session and signs out", async () => {
    const pending = sendFile("/admin-api.php/media", image(), { field: "file" });
    lastXhr().answer(401, { success: false, message: "登入已過期，請重新登入" });
    await expect(pending).resolves.toMatchObject({ status: 401 });
    expect(local.data.has("admin_token")).toBe(false);
    expect(signedOut).toBe(1);
  });

  it("in report mode a 401 clears the session but leaves the screen to say so", async () => {
    const pending = sendFile("/admin-api.php/media", image(), { field: "file", unauthorized: "report" });
    lastXhr().answer(401, { success: false, message: "登入已過期，請重新登入" });
    await pending;
    expect(local.data.has("admin_token")).toBe(false);
    expect(signedOut).toBe(0);
  });

  it("without a stored token sends nothing and answers 401", async () => {
    local.clear();
    await expect(sendFile("/admin-api.php/upload", image(), { field: "image", unauthorized: "report" })).rejects.toMatchObject({ status: 401 });
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("aborting stops the request and rejects as an AbortError", async () => {
    const controller = new AbortController();
    const pending = sendFile("/admin-api.php/media", image(), { field: "file", signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
    expect(lastXhr().aborted).toBe(true);
  });
});
