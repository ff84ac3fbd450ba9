import { describe, expect, it } from "vitest";
import { readableLine } from "./readable-log.ts";

// 2026-03-04 10:15:03 on the machine's clock, whatever its time zone.
const at = new Date(2026, 2, 4, 10, 15, 3).getTime();
const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, time: at, pid: 4242, hostname: "vm", ...fields });

describe("the log read in a terminal", () => {
  it("a request is its time, level, method, path, status and time taken", () => {
    expect(readableLine(line({ reqId: "9ee9f83a", method: "GET", url: "/about", status: 200, ms: 3.2, msg: "request" }))).toBe("10:15:03 INFO  GET /about 200 3.2 ms\n");
  });

  it("another entry is its message, then its fields as key=value; text with spaces is quoted", () => {
    expect(readableLine(line({ port: 3000, ms: 812, msg: "ready" }))).toBe("10:15:03 INFO  ready port=3000 ms=812\n");
    expect(readableLine(line({ level: 40, email: "admin@example.com", note: "two words", msg: "seeded" }))).toBe('10:15:03 WARN  seeded email=admin@example.com note="two words"\n');
    expect(readableLine(line({ pages: ["home_services"], msg: "converted" }))).toBe('10:15:03 INFO  converted pages=["home_services"]\n');
  });

  it("an error carries its request id and its stack on the lines below", () => {
    const error = { type: "Error", message: "boom", stack: "Error: boom\n    at run (app.ts:1:1)" };
    expect(readableLine(line({ level: 50, reqId: "cfd9b875", err: error, msg: "unexpected error" }))).toBe(
      "10:15:03 ERROR unexpected error reqId=cfd9b875\n    Error: boom\n        at run (app.ts:1:1)\n",
    );
  });

  it("passes on a line that is not JSON as it is", () => {
    expect(readableLine("not json")).toBe("not json\n");
  });
});
