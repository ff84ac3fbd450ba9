import { describe, expect, it } from "vitest";
import { SAMPLE_DASHBOARD_STATS } from "#contract/dashboard.ts";
import { QUICK_ACTIONS, statCards } from "./dashboard-cards.ts";

describe("statCards", () => {
  it("link the seven screens the spec names (products, portfolios, contacts, customers, blog, banners, categories) with their counts (001 §2)", () => {
    const cards = statCards({ ...SAMPLE_DASHBOARD_STATS, total_products: 5, new_contacts: 0 });
    expect(cards.map((card) => card.to)).toEqual([
      "/admin/products",
      "/admin/portfolios",
      "/admin/contacts",
      "/admin/customers",
      "/admin/blog",
      "/admin/banners",
      "/admin/categories",
    ]);
    expect(cards[0].value).toBe("5");
    expect(cards[2]).toMatchObject({ value: "24", detail: "新訊息 0", highlight: false });
  });
  it("highlight new contact messages", () => {
    expect(statCards(SAMPLE_DASHBOARD_STATS)[2]).toMatchObject({ detail: "新訊息 3", highlight: true });
  });
  it("show … while loading and never invent a category count", () => {
    const cards = statCards(null);
    expect(cards.slice(0, 6).every((card) => card.value === "…")).toBe(true);
    expect(cards[6].value).toBe("管理");
  });
});

describe("QUICK_ACTIONS", () => {
  it("go to customers, products, banners, a new post, media and settings", () => {
    expect(QUICK_ACTIONS.map((action) => action.to)).toEqual([
      "/admin/customers",
      "/admin/products",
      "/admin/banners",
      "/admin/blog/new",
      "/admin/media",
      "/admin/settings",
    ]);
  });
});
