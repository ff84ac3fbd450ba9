// The root loader: the site's settings, theme and footer services for every
// page, and when they cannot be read, the defaults with 無法載入網站設定 and a
// page the cache must not keep.
import { RouterContextProvider, type LoaderFunctionArgs } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { FALLBACK_THEME } from "#contract/theme.ts";
import { previewThemeContext, requestLogContext, siteServicesContext, type SiteReads } from "#web/site/shell/site-services.ts";
import { loader } from "./root.tsx";

type Reads = { publicSettings?: () => Promise<object>; footerServiceNames?: () => Promise<string[]>; missingUploads?: (urls: string[]) => Promise<Set<string>> };

function argsWith(reads: Reads, log = { error: vi.fn() }): LoaderFunctionArgs {
  const context = new RouterContextProvider();
  context.set(siteServicesContext, {
    settings: { publicSettings: reads.publicSettings ?? (async () => ({ company_name: "測試清潔" })) },
    themes: { activeTheme: async () => FALLBACK_THEME },
    seo: { origin: async (origin: string) => origin },
    media: { missingUploads: reads.missingUploads ?? (async () => new Set<string>()) },
    services: { footerServiceNames: reads.footerServiceNames ?? (async () => ["居家清潔", "辦公室清潔", "地毯清洗", "外牆清洗"]) },
  } as unknown as SiteReads);
  context.set(requestLogContext, log);
  return { context, request: new Request("http://shop.example/about"), params: {} } as unknown as LoaderFunctionArgs;
}

const wrapped = (result: unknown) => result as { type?: string; data: { settingsError?: string; theme: unknown; footerServices: string[] }; init: { headers: Record<string, string> } };

describe("root loader", () => {
  it("answers the settings, the theme and the footer's services from the services data, cacheable", async () => {
    const result = await loader(argsWith({ footerServiceNames: async () => ["甲", "乙", "丙", "丁"] }));
    expect(result).toMatchObject({ settings: { company_name: "測試清潔" }, origin: "http://shop.example", settingsError: undefined, footerServices: ["甲", "乙", "丙", "丁"] });
    expect(wrapped(result).type).toBeUndefined();
  });

  it("leaves out the logos whose uploaded file is missing, so the page names the next one in the chain", async () => {
    const result = await loader(
      argsWith({
        publicSettings: async () => ({ header_logo: "/uploads/2026/11/gone.png", company_logo: "/uploads/2026/11/kept.png", favicon: "/favicon.ico" }),
        missingUploads: async (urls) => new Set(urls.filter((url) => url.includes("gone"))),
      }),
    );
    expect(result).toMatchObject({ settings: { header_logo: "", company_logo: "/uploads/2026/11/kept.png", favicon: "/favicon.ico" } });
  });

  it("falls back to the defaults with 無法載入網站設定, logs it, and asks not to be cached when the settings cannot be read", async () => {
    const log = { error: vi.fn() };
    const result = wrapped(await loader(argsWith({ publicSettings: () => Promise.reject(new Error("database is locked")) }, log)));
    expect(result.type).toBe("DataWithResponseInit");
    expect(result.data.settingsError).toBe("無法載入網站設定");
    expect(result.data.theme).toEqual(FALLBACK_THEME);
    expect(new Headers(result.init.headers).get("cache-control")).toBe("no-store");
    expect(log.error).toHaveBeenCalledOnce();
  });

  it("renders without the footer's services, uncached, when they cannot be read", async () => {
    const result = wrapped(await loader(argsWith({ footerServiceNames: () => Promise.reject(new Error("database is locked")) })));
    expect(result.type).toBe("DataWithResponseInit");
    expect(result.data.footerServices).toEqual([]);
    expect(result.data.settingsError).toBeUndefined();
  });

  it("renders a staff member's theme preview with that theme, never kept in the cache", async () => {
    const args = argsWith({});
    const corporate = { ...FALLBACK_THEME, id: 2, name: "企業藍", primary_color: "#1e40af" };
    args.context.set(previewThemeContext, corporate);
    const result = wrapped(await loader(args));
    expect(result.data.theme).toEqual(corporate);
    expect(new Headers(result.init.headers).get("cache-control")).toBe("no-store");
  });
});
