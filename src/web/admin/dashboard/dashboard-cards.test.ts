import { describe, expect, it } from "vitest";
import { SAMPLE_DASHBOARD_STATS } from "#contract/dashboard.ts";
import { QUICK_ACTIONS, statCards, systemStatus } from "./dashboard-cards.ts";

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

describe("systemStatus", () => {
  it("says 正常運作 only while nothing fails, and names failing notifications first", () => {
    expect(systemStatus({ failed_jobs: 0, failing_notifications: 0 })).toEqual({ ok: true, label: "正常運作", detail: null });
    expect(systemStatus({ failed_jobs: 0, failing_notifications: 2 })).toMatchObject({ ok: false, label: "通知傳送異常", detail: expect.stringContaining("2 則通知送不出去") });
    expect(systemStatus({ failed_jobs: 1, failing_notifications: 1 })).toMatchObject({ ok: false, label: "通知傳送異常" });
    expect(systemStatus({ failed_jobs: 3, failing_notifications: 0 })).toMatchObject({ ok: false, label: "背景工作異常", detail: expect.stringContaining("3 項") });
  });
});
