import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, isUniqueViolation } from "./database-errors.ts";

const withCode = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

describe("isDatabaseUnavailable", () => {
  it("knows a PostgreSQL that is down, shutting down or out of connections", () => {
    expect(isDatabaseUnavailable(withCode("connect ECONNREFUSED 127.0.0.1:5432", { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(withCode("terminating connection due to administrator command", { code: "57P01" }))).toBe(true);
    expect(isDatabaseUnavailable(withCode("connection failure", { code: "08006" }))).toBe(true);
    expect(isDatabaseUnavailable(withCode("sorry, too many clients already", { code: "53300" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("knows an SQLite file that is locked, unreadable or full, by its primary result code", () => {
    expect(isDatabaseUnavailable(withCode("database is locked", { code: "ERR_SQLITE_ERROR", errcode: 5 }))).toBe(true);
    // SQLITE_IOERR_WRITE is an extended code of IOERR (10).
    expect(isDatabaseUnavailable(withCode("disk I/O error", { code: "ERR_SQLITE_ERROR", errcode: 778 }))).toBe(true);
  });

  it("leaves the faults of a query or of our code alone: they stay 500", () => {
    expect(isDatabaseUnavailable(withCode("UNIQUE constraint failed", { code: "ERR_SQLITE_ERROR", errcode: 2067 }))).toBe(false);
    expect(isDatabaseUnavailable(withCode('relation "x" does not exist', { code: "42P01" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });

  it("looks at the cause a wrapper carries", () => {
    expect(isDatabaseUnavailable(new Error("a write failed", { cause: withCode("connect ECONNREFUSED", { code: "ECONNREFUSED" }) }))).toBe(true);
  });
});

describe("isUniqueViolation", () => {
  it("knows a unique value another write took, on PostgreSQL and on SQLite", () => {
    expect(isUniqueViolation(withCode('duplicate key value violates unique constraint "blog_posts_slug_key"', { code: "23505" }))).toBe(true);
    expect(isUniqueViolation(withCode("UNIQUE constraint failed: blog_posts.slug", { code: "ERR_SQLITE_ERROR", errcode: 2067 }))).toBe(true);
    expect(isUniqueViolation(new Error("a write failed", { cause: withCode("duplicate key", { code: "23505" }) }))).toBe(true);
  });

  it("leaves other faults alone", () => {
    expect(isUniqueViolation(withCode("NOT NULL constraint failed", { code: "ERR_SQLITE_ERROR", errcode: 1299 }))).toBe(false);
    expect(isUniqueViolation(withCode("foreign key violation", { code: "23503" }))).toBe(false);
    expect(isUniqueViolation("23505")).toBe(false);
  });
});
