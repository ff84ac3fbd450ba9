import { describe, expect, it } from "vitest";
import { defaultSettings } from "#contract/settings.ts";
import { headerNavItems, isActivePath } from "./navigation.ts";

describe("headerNavItems", () => {
  it("shows all six links by default", () => {
    expect(headerNavItems(defaultSettings).map((item) => item.to)).toEqual(["/", "/about", "/services", "/portfolio", "/blog", "/contact"]);
  });
  it("hides portfolio, services and blog unless their switch is the text true", () => {
    const items = headerNavItems({ ...defaultSettings, menu_portfolio_enabled: "false", menu_services_enabled: "0", menu_blog_enabled: "" });
    expect(items.map((item) => item.to)).toEqual(["/", "/about", "/contact"]);
  });
});

describe("isActivePath", () => {
  it("matches home exactly", () => {
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/", "/about")).toBe(false);
  });
  it("matches other links by prefix, on a path boundary", () => {
    expect(isActivePath("/services", "/services")).toBe(true);
    expect(isActivePath("/services", "/services/3")).toBe(true);
    expect(isActivePath("/blog", "/blog/some-post")).toBe(true);
    expect(isActivePath("/blog", "/blogger")).toBe(false);
  });
});
