import { describe, expect, it } from "vitest";
import { defaultSettings, publicSettingKeys, settingKeys } from "./settings.ts";
import { settingRules, settingsUpdateSchema } from "./settings.schema.ts";

describe("setting rules", () => {
  it("accept every default value", () => {
    for (const key of settingKeys) {
      expect(settingRules[key].safeParse(defaultSettings[key]).success, key).toBe(true);
    }
  });

  it("keep secrets out of the public keys", () => {
    for (const secret of ["line_channel_access_token", "line_channel_secret", "discord_webhook_url", "line_admin_user_id"]) {
      expect(publicSettingKeys).not.toContain(secret);
    }
  });

  it("normalise numbers and switches to text", () => {
    const parsed = settingsUpdateSchema.parse({ font_size: 18, maintenance_mode: true, line_height: 2 });
    expect(parsed).toEqual({ font_size: "18", maintenance_mode: "true", line_height: "2.0" });
  });

  it("refuse unknown keys by name", () => {
    const result = settingsUpdateSchema.safeParse({ site_title: "x", evil_key: "1" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toContain("evil_key");
  });

  it("refuse script URLs in image fields", () => {
    expect(settingRules.company_logo.safeParse("javascript:alert(1)").success).toBe(false);
    expect(settingRules.company_logo.safeParse("/uploads/../../etc/passwd").success).toBe(false);
    expect(settingRules.company_logo.safeParse("/uploads/logo.png").success).toBe(true);
    expect(settingRules.floating_line_icon.safeParse("preset:line-heart").success).toBe(true);
  });

  it("take a Google Analytics 4 measurement id or nothing, in Google's capitals", () => {
    expect(settingRules.google_analytics.parse(" g-ab12cd34ef ")).toBe("G-AB12CD34EF");
    expect(settingRules.google_analytics.parse("")).toBe("");
    for (const wrong of ["UA-12345-1", "G-", "GTM-ABCDEF", "G-ABC DEF", "<script>"]) {
      const result = settingRules.google_analytics.safeParse(wrong);
      expect(result.success, wrong).toBe(false);
      expect(result.error?.issues[0]?.message).toContain("G- 開頭");
    }
  });
});
