// The home loader: the slides and the call to action from the home_services
// page; a failed read gives the fallback hero (with the spec's message) or no
// call-to-action band, and such a page must not be cached.
import { RouterContextProvider, type LoaderFunctionArgs } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { HeroSlides } from "#contract/banner.ts";
import { requestLogContext, siteServicesContext, type SiteReads } from "#web/site/shell/site-services.ts";
import { loader } from "./home.route.tsx";

const CTA = { title: "立即預約", subtitle: "服務基隆", buttonText: "線上諮詢", buttonLink: "/contact?from=home" };

function argsWith(heroSlides: () => Promise<HeroSlides>, homeServices: () => Promise<{ cta: typeof CTA; services: unknown[] }> = async () => ({ cta: CTA, services: [] }), log = { error: vi.fn() }) {
  const context = new RouterContextProvider();
  context.set(siteServicesContext, { banners: { heroSlides }, pages: { homeServices }, media: { pictures: async () => ({}) } } as unknown as SiteReads);
  context.set(requestLogContext, log);
  return { context, request: new Request("http://localhost/"), params: {} } as unknown as LoaderFunctionArgs;
}

/** The loader returns plain data, or data() with headers when the page must not be cached. */
function unwrap(result: unknown): { data: { hero: { slides: HeroSlides | null; slidesError?: string }; cta: typeof CTA | null }; headers?: Headers } {
  const wrapped = result as { type?: string; data: never; init: { headers?: HeadersInit } };
  if (wrapped?.type === "DataWithResponseInit") return { data: wrapped.data, headers: new Headers(wrapped.init.headers) };
  return { data: result as never };
}

describe("home loader", () => {
  it("hands the active slides and the home_services page's call to action on, and lets the page be cached", async () => {
    const slides: HeroSlides = { banners: [], pictures: {} };
    const { data, headers } = unwrap(await loader(argsWith(async () => slides)));
    expect(data.hero).toEqual({ slides });
    expect(data.cta).toEqual(CTA);
    expect(headers).toBeUndefined();
  });

  it("falls back with 載入橫幅時發生錯誤 when the read fails, logs it, and asks not to be cached", async () => {
    const log = { error: vi.fn() };
    const { data, headers } = unwrap(await loader(argsWith(async () => Promise.reject(new Error("database is locked")), undefined, log)));
    expect(data.hero).toEqual({ slides: null, slidesError: "載入橫幅時發生錯誤" });
    expect(headers?.get("cache-control")).toBe("no-store");
    expect(log.error).toHaveBeenCalledOnce();
  });

  it("falls back with 無法載入橫幅資料 when the answer holds no banner list", async () => {
    const { data, headers } = unwrap(await loader(argsWith(async () => ({ pictures: {} }) as unknown as HeroSlides)));
    expect(data.hero).toEqual({ slides: null, slidesError: "無法載入橫幅資料" });
    expect(headers?.get("cache-control")).toBe("no-store");
  });

  it("leaves the call to action out, uncached, when the home_services page cannot be read", async () => {
    const { data, headers } = unwrap(await loader(argsWith(async () => ({ banners: [], pictures: {} }), () => Promise.reject(new Error("gone")))));
    expect(data.cta).toBeNull();
    expect(headers?.get("cache-control")).toBe("no-store");
  });
});
