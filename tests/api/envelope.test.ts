// The answer shape every API call shares (CONTRACT.md "The HTTP API"): JSON
// envelopes for unknown paths and oversized bodies, request ids and security headers.
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer } from "#tests/factories/admin.factory.ts";
import { createTestApp, type TestApp } from "#tests/setup/test-app.ts";

const HAN = /\p{Script=Han}/u;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t);
});
afterAll(async () => t.close());

type Method = "GET" | "POST" | "DELETE" | "PUT" | "PATCH";

function expectJsonError(res: Awaited<ReturnType<TestApp["app"]["inject"]>>, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  const body = res.json();
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe("string");
  expect(body.message).toMatch(HAN);
  expect(Object.keys(body).every((key) => ["success", "message", "errors"].includes(key))).toBe(true);
  return body;
}

describe("unknown API paths answer a JSON 404", () => {
  const paths = [
    "/api.php/nothing-here",
    "/api.php/settings/extra",
    "/api.php/themes/1/unknown",
    "/admin-api.php/nothing-here",
    "/admin-api.php/settings/extra",
    "/admin-api.php/deep/nested/path",
    "/api.php",
    "/admin-api.php",
    "/api.php/nothing?x=1",
  ];
  const methods: Method[] = ["GET", "POST", "DELETE"];
  const cases = paths.flatMap((url) => methods.map((method) => [method, url] as const));

  it.each(cases)("%s %s", async (method, url) => {
    // Administrator paths are asked with a token: without one every /admin-api.php path is 401 (below).
    const headers = url.startsWith("/admin-api.php") ? bearer(token) : {};
    const res = await t.app.inject({ method, url, headers, ...(method === "POST" ? { payload: { a: 1 } } : {}) });
    const body = expectJsonError(res, 404);
    expect(body.message).toMatch(/找不到/);
    expect(body.message).not.toContain("?");
  });

  it("without a token every /admin-api.php path is 401, so the paths that exist are not revealed", async () => {
    for (const method of methods) {
      const res = await t.app.inject({ method, url: "/admin-api.php/nothing-here" });
      expectJsonError(res, 401);
    }
  });

  it.each([
    ["DELETE", "/api.php/settings"],
    ["PUT", "/admin-api.php/settings"],
    ["PATCH", "/api.php/themes/1"],
    ["DELETE", "/api.php/themes/1"],
  ] as const)("a known path with a method it does not have: %s %s is a JSON 405", async (method, url) => {
    expectJsonError(await t.app.inject({ method, url, headers: bearer(token) }), 405);
  });

  it("a known path with a trailing slash still answers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api.php/settings/" });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
  });
});

describe("oversized and unsupported bodies", () => {
  const huge = () => JSON.stringify({ company_name: "x", footer_text: "長".repeat(400_000) }); // > 1 MB in UTF-8

  it("a JSON body over 1 MB is refused with a 413 envelope, and nothing is saved", async () => {
    const payload = huge();
    expect(Buffer.byteLength(payload)).toBeGreaterThan(1024 * 1024);
    const res = await t.app.inject({
      method: "POST",
      url: "/admin-api.php/settings",
      headers: { ...bearer(token), "content-type": "application/json" },
      payload,
    });
    const body = expectJsonError(res, 413);
    expect(body).toEqual({ success: false, message: "資料量過大" });
    expect(res.headers["x-request-id"]).toBeTruthy();

    const stored = await t.app.inject({ method: "GET", url: "/admin-api.php/settings", headers: bearer(token) });
    expect(stored.json().data.company_name).not.toBe("x");
  });

  it("a JSON body over 1 MB on a theme update is refused with 413", async () => {
    const res = await t.app.inject({
      method: "PUT",
      url: "/api.php/themes/1",
      headers: { ...bearer(token), "content-type": "application/json" },
      payload: JSON.stringify({ name: "x", description: "長".repeat(400_000) }),
    });
    expect(expectJsonError(res, 413)).toEqual({ success: false, message: "資料量過大" });
  });

  it("a body just under the limit is not refused as too large", async () => {
    const payload = JSON.stringify({ footer_text: "a".repeat(1000 * 1000) });
    expect(Buffer.byteLength(payload)).toBeLessThan(1024 * 1024);
    const res = await t.app.inject({
      method: "POST",
      url: "/admin-api.php/settings",
      headers: { ...bearer(token), "content-type": "application/json" },
      payload,
    });
    // Refused for its length (500 characters at most), not for its size.
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.footer_text).toBe("頁尾文字不能超過 500 個字元");
  });

  it("an unsupported content type is a 415 envelope", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/admin-api.php/settings",
      headers: { ...bearer(token), "content-type": "application/xml" },
      payload: "<settings><company_name>x</company_name></settings>",
    });
    expect(expectJsonError(res, 415)).toEqual({ success: false, message: "不支援的資料格式" });
  });
});

describe("x-request-id", () => {
  const answers: Array<[string, Method, string, Record<string, string>?]> = [
    ["200 public read", "GET", "/api.php/settings"],
    ["200 theme list", "GET", "/api.php/themes"],
    ["401 admin read without token", "GET", "/admin-api.php/settings"],
    ["400 bad input", "POST", "/admin-login.php"],
    ["404 unknown theme", "GET", "/api.php/themes/999"],
    ["404 unknown path", "POST", "/api.php/nothing"],
    ["health", "GET", "/healthz"],
  ];

  it.each(answers)("is on the %s answer", async (_label, method, url) => {
    const res = await t.app.inject({ method, url });
    const id = res.headers["x-request-id"];
    expect(typeof id).toBe("string");
    expect(id as string).toMatch(/^[\w-]{8,64}$/);
  });

  it("differs between requests", async () => {
    const a = await t.app.inject({ method: "GET", url: "/api.php/settings" });
    const b = await t.app.inject({ method: "GET", url: "/api.php/settings" });
    expect(a.headers["x-request-id"]).not.toBe(b.headers["x-request-id"]);
  });

  it("echoes a well-formed incoming x-request-id (for tracing behind a load balancer)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api.php/themes", headers: { "x-request-id": "lb-trace-12345678" } });
    expect(res.headers["x-request-id"]).toBe("lb-trace-12345678");
  });

  it("replaces a malformed incoming x-request-id", async () => {
    for (const incoming of ["bad id with spaces", "<script>", "short", "x".repeat(65)]) {
      const res = await t.app.inject({ method: "GET", url: "/api.php/themes", headers: { "x-request-id": incoming } });
      const id = res.headers["x-request-id"] as string;
      expect(id).not.toBe(incoming);
      expect(id).toMatch(/^[\w-]{8,64}$/);
    }
  });

  it("is on a 304 answer too", async () => {
    const first = await t.app.inject({ method: "GET", url: "/api.php/settings" });
    const res = await t.app.inject({ method: "GET", url: "/api.php/settings", headers: { "if-none-match": first.headers.etag as string } });
    expect(res.statusCode).toBe(304);
    expect(res.headers["x-request-id"]).toBeTruthy();
  });
});

describe("security headers", () => {
  it.each([
    ["GET", "/api.php/settings"],
    ["GET", "/api.php/themes/1"],
    ["GET", "/admin-api.php/settings"],
    ["GET", "/api.php/nothing-here"],
    ["POST", "/admin-api.php/settings"],
  ] as const)("%s %s carries them", async (method, url) => {
    const res = await t.app.inject({ method, url });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["x-powered-by"]).toBeUndefined();
    // Headers for browsers long gone are not sent: every answer's headers share the first round trip (decision 048).
    for (const legacy of ["x-xss-protection", "x-download-options", "x-permitted-cross-domain-policies", "x-dns-prefetch-control"]) expect(res.headers[legacy]).toBeUndefined();
  });

  it("no HSTS while PUBLIC_URL is not https (a plain-http install must stay reachable)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api.php/settings" });
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("JSON answers say they are JSON in UTF-8", async () => {
    for (const url of ["/api.php/settings", "/api.php/themes", "/api.php/nothing-here"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.headers["content-type"]).toMatch(/^application\/json; charset=utf-8$/);
    }
  });
});

describe("HSTS once PUBLIC_URL is https", () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({ PUBLIC_URL: "https://clean.example.tw" });
  });
  afterAll(async () => secure.close());

  it("sends Strict-Transport-Security", async () => {
    const res = await secure.app.inject({ method: "GET", url: "/api.php/settings" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
  });
});

describe("compression", () => {
  it("the public settings answer is compressed when the client accepts it, and still decodes to the envelope", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api.php/settings", headers: { "accept-encoding": "gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    const decoded = JSON.parse(gunzipSync(res.rawPayload).toString("utf8"));
    expect(decoded.success).toBe(true);
    expect(decoded.data.active_theme_id).toMatch(/^\d+$/);
  });
});
