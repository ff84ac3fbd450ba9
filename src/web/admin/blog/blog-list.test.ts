import { describe, expect, it } from "vitest";
import { deletePostItem, scheduledRefetchMs, filtersOf, isFiltered, NO_FILTERS, paramsOf, postsPath, publishDateText, STATUS_OPTIONS, statusBadge } from "./blog-list.ts";

describe("the list's filters in the address", () => {
  it("reads the page, search, category id and status, ignoring anything unreadable", () => {
    expect(filtersOf(new URLSearchParams("page=3&search=%20水塔%20&category=4&status=scheduled"))).toEqual({ page: 3, search: "水塔", category: "4", status: "scheduled" });
    expect(filtersOf(new URLSearchParams("page=-1&category=abc&status=deleted"))).toEqual(NO_FILTERS);
  });
  it("writes only what differs from the defaults, and reads back the same", () => {
    expect(paramsOf(NO_FILTERS).toString()).toBe("");
    const filters = { page: 2, search: "冷氣", category: "3", status: "draft" as const };
    expect(filtersOf(paramsOf(filters))).toEqual(filters);
    expect(isFiltered(NO_FILTERS)).toBe(false);
    expect(isFiltered({ ...NO_FILTERS, status: "archived" })).toBe(true);
  });
  it("asks the server for 20 a page with the filters it holds (002 §9)", () => {
    expect(postsPath(NO_FILTERS)).toBe("/admin-api.php/blog/posts?page=1&limit=20");
    expect(postsPath({ page: 2, search: "水塔 清洗", category: "5", status: "published" })).toBe("/admin-api.php/blog/posts?page=2&limit=20&search=%E6%B0%B4%E5%A1%94+%E6%B8%85%E6%B4%97&category=5&status=published");
  });
});

describe("statusBadge", () => {
  it("names each status in words", () => {
    expect(["draft", "published", "scheduled", "archived"].map((status) => statusBadge({ status: status as "draft", is_late: false }).label)).toEqual(["草稿", "已發布", "排程中", "已封存"]);
  });
  it("shows a scheduled post whose time passed without publishing as late", () => {
    expect(statusBadge({ status: "scheduled", is_late: true })).toEqual({ label: "逾時未發布", tone: "red" });
  });
  it("offers every status, and all of them, in the filter", () => {
    expect(STATUS_OPTIONS.map((option) => option.label)).toEqual(["全部狀態", "草稿", "已發布", "排程中", "已封存"]);
  });
});

describe("publishDateText and deletePostItem", () => {
  it("shows the publication time in Taiwan to the minute; a draft is not published", () => {
    expect(publishDateText({ status: "published", published_at: "2026-11-24T01:30:42.000Z" })).toBe("2026/11/24 09:30");
    expect(publishDateText({ status: "draft", published_at: "2026-11-24T01:30:42.000Z" })).toBe("尚未發布");
    expect(publishDateText({ status: "scheduled", published_at: null })).toBe("尚未發布");
  });
  it("names the post to delete, and warns when visitors can read it", () => {
    expect(deletePostItem({ title: "水塔清洗", status: "draft" })).toBe("水塔清洗");
    expect(deletePostItem({ title: "水塔清洗", status: "published" })).toBe("水塔清洗（已發布，刪除後訪客將無法瀏覽）");
  });
});

describe("scheduledRefetchMs", () => {
  const now = Date.parse("2026-11-24T10:00:00Z");
  it("looks again a few seconds after the earliest scheduled post's time, within 5 s and a minute", () => {
    expect(scheduledRefetchMs([{ status: "scheduled", published_at: "2026-11-24T10:00:20Z" }, { status: "scheduled", published_at: "2026-11-24T11:00:00Z" }], now)).toBe(23_000);
    expect(scheduledRefetchMs([{ status: "scheduled", published_at: "2026-11-24T09:00:00Z" }], now)).toBe(5000);
    expect(scheduledRefetchMs([{ status: "scheduled", published_at: "2026-11-25T10:00:00Z" }], now)).toBe(60_000);
  });
  it("never while no post waits", () => {
    expect(scheduledRefetchMs([{ status: "published", published_at: "2026-11-24T09:00:00Z" }], now)).toBe(false);
  });
});
