import { describe, expect, it } from "vitest";
import { ADMIN_NAV, isActiveAdminPath } from "./admin-nav.ts";

describe("ADMIN_NAV", () => {
  it("lists the twelve sidebar entries in the spec's order, dashboard first and themes last (001 §2), with 備份與還原 beside the settings (issue 26)", () => {
    expect(ADMIN_NAV.map((entry) => entry.path)).toEqual([
      "/admin/dashboard",
      "/admin/banners",
      "/admin/pages",
      "/admin/portfolios",
      "/admin/services",
      "/admin/blog",
      "/admin/media",
      "/admin/contacts",
      "/admin/customers",
      "/admin/line",
      "/admin/settings",
      "/admin/backups",
      "/admin/themes",
    ]);
  });
  it("badges contacts as unread and customers as high priority", () => {
    expect(ADMIN_NAV.find((entry) => entry.path === "/admin/contacts")?.badge).toEqual({ kind: "unread", count: "contacts" });
    expect(ADMIN_NAV.find((entry) => entry.path === "/admin/customers")?.badge).toEqual({ kind: "priority", count: "customers" });
  });
});

describe("isActiveAdminPath", () => {
  it("matches the entry and its sub-paths, on a path boundary", () => {
    expect(isActiveAdminPath("/admin/blog", "/admin/blog")).toBe(true);
    expect(isActiveAdminPath("/admin/blog", "/admin/blog/12")).toBe(true);
    expect(isActiveAdminPath("/admin/line", "/admin/lines")).toBe(false);
  });
});
