// The home loader's answers when the banners can or cannot be read: a failed
// read gives the fallback hero with the spec's message and must not be cached.
import { RouterContextProvider, type LoaderFunctionArgs } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { HeroSlides } from "#contract/banner.ts";
import { siteServicesContext, type SiteServices } from "#web/lib/site-services.ts";
import { loader } from "./home.tsx";

function argsWith(getHeroSlides: SiteServices["getHeroSlides"]): LoaderFunctionArgs {
  const context = new RouterContextProvider();
  context.set(siteServicesContext, { getSettings: async () => ({}), getActiveTheme: vi.fn(), getHeroSlides });
  return { context, request: new Request("http://localhost/"), params: {} } as unknown as LoaderFunctionArgs;
}

/** The loader returns plain data, or data() with headers when the page must not be cached. */
function unwrap(result: unknown): { data: { hero: { slides: HeroSlides | null; slidesError?: string }; cta: { buttonLink: string } }; headers?: Headers } {
  const wrapped = result as { type?: string; data: never; init: { headers?: HeadersInit } };
  if (wrapped?.type === "DataWithResponseInit") return { data: wrapped.data, headers: new Headers(wrapped.init.headers) };
  return { data: result as never };
}

describe("home loader", () => {
  it("hands the active slides on and lets the page be cached", async () => {
    const slides: HeroSlides = { banners: [], pictures: {} };
    const { data, headers } = unwrap(await loader(argsWith(async () => slides)));
    expect(data.hero).toEqual({ slides });
    expect(data.cta.buttonLink).toBe("/contact");
    expect(headers).toBeUndefined();
  });

  it("falls back with 載入橫幅時發生錯誤 when the read fails, and asks not to be cached", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { data, headers } = unwrap(await loader(argsWith(async () => Promise.reject(new Error("database is locked")))));
    expect(data.hero).toEqual({ slides: null, slidesError: "載入橫幅時發生錯誤" });
    expect(headers?.get("cache-control")).toBe("no-store");
    expect(errors).toHaveBeenCalledOnce();
    errors.mockRestore();
  });

  it("falls back with 無法載入橫幅資料 when the answer holds no banner list", async () => {
    const { data, headers } = unwrap(await loader(argsWith(async () => ({ pictures: {} }) as unknown as HeroSlides)));
    expect(data.hero).toEqual({ slides: null, slidesError: "無法載入橫幅資料" });
    expect(headers?.get("cache-control")).toBe("no-store");
  });
});
