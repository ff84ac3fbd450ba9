import { describe, expect, it } from "vitest";
import { defaultHomeServicesContent } from "#server/modules/seed/built-in-pages.ts";
import { mergeHomeServicesContent } from "./pages.service.ts";

describe("mergeHomeServicesContent", () => {
  it("keeps what is stored and fills what an older record lacks, one level deep", () => {
    const merged = mergeHomeServicesContent({ title: "我們的服務", cta: { title: "馬上預約" } });
    expect(merged.title).toBe("我們的服務");
    expect(merged.cta).toEqual({ ...defaultHomeServicesContent().cta, title: "馬上預約" });
    // No choice of services stored: every active service of 服務管理 (decision 031).
    expect(merged.services).toEqual([]);
  });

  it("answers the defaults for content that is not an object", () => {
    for (const stored of [null, "text", 42, ["a"]]) expect(mergeHomeServicesContent(stored)).toEqual(defaultHomeServicesContent());
  });
});
