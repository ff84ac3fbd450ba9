import { describe, expect, it } from "vitest";
import { parameterCount, pathnameOf, pathPattern } from "./path-pattern.ts";

describe("route paths as patterns", () => {
  it("matches a parameter as one segment, a wildcard as the rest, with or without a trailing slash", () => {
    const page = pathPattern("/admin-api.php/pages/:key");
    expect(page.test("/admin-api.php/pages/about_company")).toBe(true);
    expect(page.test("/admin-api.php/pages/about_company/")).toBe(true);
    expect(page.test("/admin-api.php/pages")).toBe(false);
    expect(page.test("/admin-api.php/pages/a/revisions")).toBe(false);
    expect(pathPattern("/uploads/*").test("/uploads/2026/01/a.webp")).toBe(true);
    expect(pathPattern("blog/:slug?").test("/blog")).toBe(true);
  });

  it("takes a path's dots literally", () => {
    expect(pathPattern("/api.php/settings").test("/apixphp/settings")).toBe(false);
  });

  it("counts parameters, so static paths are looked at first, and drops a query", () => {
    expect(parameterCount("/admin-api.php/pages/defaults")).toBe(0);
    expect(parameterCount("/api.php/themes/:id/activate")).toBe(1);
    expect(pathnameOf("/api.php/settings?x=1")).toBe("/api.php/settings");
  });
});
