import { describe, expect, it } from "vitest";
import { defaultSettings } from "#contract/settings.ts";
import { jsonLdText, localBusiness, openingHoursFrom } from "./local-business.ts";

describe("openingHoursFrom", () => {
  it("reads ranges and single days in Traditional Chinese", () => {
    expect(openingHoursFrom("週一至週五 08:00-18:00，週六 09:00-17:00")).toEqual(["Mo-Fr 08:00-18:00", "Sa 09:00-17:00"]);
    expect(openingHoursFrom("星期一到星期六 8:30～17:30")).toEqual(["Mo-Sa 08:30-17:30"]);
  });
  it("falls back to the spec's default hours when the text cannot be read", () => {
    expect(openingHoursFrom("全年無休，歡迎來電")).toEqual(["Mo-Fr 08:00-18:00", "Sa 09:00-17:00"]);
    expect(openingHoursFrom(undefined)).toEqual(["Mo-Fr 08:00-18:00", "Sa 09:00-17:00"]);
  });
});

describe("localBusiness", () => {
  it("describes the company with phone, email, address, logo and the four cities served", () => {
    const data = localBusiness({ ...defaultSettings, company_logo: "/uploads/2026/11/logo.png" }, "https://clean.example");
    expect(data["@type"]).toBe("LocalBusiness");
    expect(data.name).toBe(defaultSettings.company_name);
    expect(data.telephone).toBe(defaultSettings.company_phone);
    expect(data.email).toBe(defaultSettings.company_email);
    expect(data.logo).toBe("https://clean.example/uploads/2026/11/logo.png");
    expect(data.address).toMatchObject({ streetAddress: defaultSettings.company_address, addressCountry: "TW" });
    expect((data.areaServed as Array<{ name: string }>).map((city) => city.name)).toEqual(["基隆市", "台北市", "新北市", "桃園市"]);
  });
  it("names the company's social pages that are set as sameAs, and none when none is", () => {
    const data = localBusiness({ ...defaultSettings, facebook_url: "https://www.facebook.com/clean", youtube_url: "", line_add_friend_url: "https://line.me/R/ti/p/@clean", twitter_url: "javascript:alert(1)" }, "https://clean.example");
    expect(data.sameAs).toEqual(["https://www.facebook.com/clean", "https://line.me/R/ti/p/@clean"]);
    expect(localBusiness(defaultSettings, "https://clean.example")).not.toHaveProperty("sameAs");
  });
  it("cannot close its script element", () => {
    expect(jsonLdText({ name: "</script><script>alert(1)</script>" })).not.toContain("<");
  });
});
