import { describe, expect, it } from "vitest";
import { queryParamsOf } from "#web/site/shell/page-query.ts";
import { pageCacheKey as keyOf } from "./page-cache-key.ts";

// The site's own parameters (a test may read the web app; the server gets them from the build's entry).
const pageCacheKey = (host: string, url: string) => keyOf(host, url, queryParamsOf);

describe("pageCacheKey", () => {
  it("leaves out the parameters no page reads: /?r=<random> is the home page", () => {
    expect(pageCacheKey("site.test", "/?r=0.123")).toBe("site.test/");
    expect(pageCacheKey("site.test", "/about?utm_source=line&fbclid=x")).toBe("site.test/about");
    expect(pageCacheKey("site.test", "/blog/%E6%B0%B4%E5%A1%94?ref=1")).toBe("site.test/blog/%E6%B0%B4%E5%A1%94");
  });

  it("keeps the parameters a page reads, in one order and one encoding", () => {
    expect(pageCacheKey("site.test", "/blog?page=2&search=%E6%B0%B4%E5%A1%94&utm_source=line")).toBe(pageCacheKey("site.test", "/blog?search=水塔&page=2"));
    expect(pageCacheKey("site.test", "/blog?page=2&search=a")).toBe("site.test/blog?page=2&search=a");
    expect(pageCacheKey("site.test", "/portfolio?case=3&x=1")).toBe("site.test/portfolio?case=3");
    expect(pageCacheKey("site.test", "/services/?category=%E6%B7%B1%E5%BA%A6&r=9")).toBe("site.test/services/?category=%E6%B7%B1%E5%BA%A6");
  });

  it("tells pages apart that read different values, and hosts apart", () => {
    expect(pageCacheKey("site.test", "/blog?page=2")).not.toBe(pageCacheKey("site.test", "/blog?page=3"));
    expect(pageCacheKey("a.test", "/")).not.toBe(pageCacheKey("b.test", "/"));
  });
});
