// The root loader: the site's settings and theme for every page, and when they
// cannot be read, the defaults with 無法載入網站設定 and a page the cache must not keep.
import { RouterContextProvider, type LoaderFunctionArgs } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { FALLBACK_THEME } from "#contract/theme.ts";
import { siteServicesContext, type SiteServices } from "#web/lib/site-services.ts";
import { loader } from "./root.tsx";

function argsWith(services: Partial<SiteServices>): LoaderFunctionArgs {
  const context = new RouterContextProvider();
  context.set(siteServicesContext, { getSettings: vi.fn(), getActiveTheme: vi.fn(), getHeroSlides: vi.fn(), ...services } as SiteServices);
  return { context, request: new Request("http://shop.example/about"), params: {} } as unknown as LoaderFunctionArgs;
}

describe("root loader", () => {
  it("answers the settings, the theme and the footer's four services, cacheable", async () => {
    const result = await loader(argsWith({ getSettings: async () => ({ company_name: "測試清潔" }), getActiveTheme: async () => FALLBACK_THEME }));
    expect(result).toMatchObject({ settings: { company_name: "測試清潔" }, origin: "http://shop.example", settingsError: undefined });
    expect((result as { footerServices: string[] }).footerServices).toHaveLength(4);
    expect((result as { type?: string }).type).toBeUndefined();
  });

  it("falls back to the defaults with 無法載入網站設定 and asks not to be cached when the settings cannot be read", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const result = (await loader(argsWith({ getSettings: () => Promise.reject(new Error("database is locked")) }))) as unknown as {
      type: string;
      data: { settingsError: string; theme: unknown };
      init: { headers: Record<string, string> };
    };
    expect(result.type).toBe("DataWithResponseInit");
    expect(result.data.settingsError).toBe("無法載入網站設定");
    expect(result.data.theme).toEqual(FALLBACK_THEME);
    expect(new Headers(result.init.headers).get("cache-control")).toBe("no-store");
    errors.mockRestore();
  });
});
