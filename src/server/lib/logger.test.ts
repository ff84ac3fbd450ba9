import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { errorForLog, loggerOptions, withoutSecrets } from "./logger.ts";

/** A logger as the server makes it, writing into an array of parsed lines. */
function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>));
      done();
    },
  });
  const { stream: _none, ...options } = loggerOptions("info");
  return { logger: pino(options, sink), lines };
}

describe("the log keeps secrets out", () => {
  it("an HTTP client's error keeps its message, code, status and cause, never the request it carried", () => {
    const failure = Object.assign(new Error("Request failed with status code 401"), {
      code: "ERR_BAD_REQUEST",
      status: 401,
      config: { headers: { Authorization: "Bearer line-channel-token-123" } },
      cause: new Error("socket hang up"),
    });
    const { logger, lines } = capture();
    logger.error({ err: failure }, "LINE push failed");
    const text = JSON.stringify(lines);
    expect(text).not.toContain("line-channel-token-123");
    expect(lines[0]!.err).toMatchObject({ type: "Error", message: "Request failed with status code 401", code: "ERR_BAD_REQUEST", status: 401, cause: { message: "socket hang up" } });
  });

  it("settings, bodies and payloads lose the values of secret-looking keys, at any depth", () => {
    const { logger, lines } = capture();
    logger.info({ settings: { company_name: "安心清潔", line_channel_secret: "s3cr3t", line_channel_access_token: "t0ken" } }, "saved");
    logger.info({ body: { email: "a@b.co", password: "hunter2", nested: { discord_webhook_url: "https://discord.com/api/webhooks/1/x" } } }, "login");
    const text = JSON.stringify(lines);
    for (const secret of ["s3cr3t", "t0ken", "hunter2", "api/webhooks/1/x"]) expect(text).not.toContain(secret);
    expect(lines[0]!.settings).toMatchObject({ company_name: "安心清潔", line_channel_secret: "[redacted]" });
    expect(lines[1]!.body).toMatchObject({ email: "a@b.co", password: "[redacted]", nested: { discord_webhook_url: "[redacted]" } });
  });

  it("request headers with credentials are redacted, in a request or on their own", () => {
    const { logger, lines } = capture();
    logger.info({ req: { headers: { authorization: "Bearer abc", cookie: "sid=1", "x-line-signature": "sig", accept: "*/*" } } }, "request");
    logger.info({ headers: { Authorization: "Bearer abc", "X-Line-Signature": "sig" } }, "webhook");
    expect(lines[0]!.req).toEqual({ headers: { authorization: "[redacted]", cookie: "[redacted]", "x-line-signature": "[redacted]", accept: "*/*" } });
    expect(lines[1]!.headers).toEqual({ Authorization: "[redacted]", "X-Line-Signature": "[redacted]" });
  });

  it("leaves everything else as it is", () => {
    expect(withoutSecrets({ a: 1, b: ["x", { c: null }] })).toEqual({ a: 1, b: ["x", { c: null }] });
    expect(errorForLog("a plain string")).toBe("a plain string");
  });
});
