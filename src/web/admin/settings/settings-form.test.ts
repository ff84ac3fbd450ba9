import { describe, expect, it } from "vitest";
import { FONT_CHOICES, LINE_HEIGHT_CHOICES, defaultSettings, settingKeys } from "#contract/settings.ts";
import { FALLBACK_THEME } from "#contract/theme.ts";
import {
  changedKeys,
  colourFallback,
  EDITABLE_KEYS,
  errorCountByTab,
  fieldsOf,
  formFromSettings,
  imageFileProblem,
  KEYS_ELSEWHERE,
  metaDescriptionVerdict,
  SETTINGS_IMAGE_MAX_BYTES,
  SETTINGS_TABS,
  settingsPayload,
  tabOfKey,
  tabToShow,
  toColourInput,
  validateField,
  validateSettings,
  withTabDefaults,
  type FieldSpec,
} from "./settings-form.ts";

const field = (key: string): FieldSpec => {
  const found = SETTINGS_TABS.flatMap(fieldsOf).find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no field ${key}`);
  return found;
};

// 001 §3's list of settings, word for word.
const SPEC_001_KEYS = [
  "site_title", "site_description", "site_keywords", "company_name", "company_address", "company_phone", "company_email", "company_fax", "company_website",
  "company_logo", "favicon", "header_logo", "footer_logo", "company_logo_height", "company_logo_max_width", "header_logo_height", "header_logo_max_width",
  "footer_logo_height", "footer_logo_max_width", "footer_logo_no_grayscale", "contact_email", "service_email", "facebook_url", "linkedin_url", "youtube_url",
  "instagram_url", "twitter_url", "facebook_app_id", "google_analytics", "meta_description", "meta_keywords", "meta_robots", "meta_author", "canonical_url",
  "og_title", "og_description", "og_image", "footer_text", "copyright_text", "line_add_friend_url", "floating_buttons_enabled", "floating_line_enabled",
  "floating_phone_enabled", "floating_line_icon", "floating_phone_icon", "floating_button_size", "floating_line_color", "floating_phone_color", "theme_mode",
  "primary_color", "secondary_color", "accent_color", "background_color", "text_color", "header_background", "footer_background", "font_family", "font_size",
  "line_height", "border_radius", "shadow_style", "button_style", "navbar_style", "footer_style", "card_style", "maintenance_mode", "enable_registration",
  "email_notifications", "backup_frequency", "menu_portfolio_enabled", "menu_services_enabled", "menu_blog_enabled",
];

describe("the nine tabs", () => {
  it("are basic, logo, contact, social, style, typography, layout, seo, others with Traditional Chinese labels", () => {
    expect(SETTINGS_TABS.map((tab) => tab.id)).toEqual(["basic", "logo", "contact", "social", "style", "typography", "layout", "seo", "others"]);
    expect(SETTINGS_TABS.map((tab) => tab.label)).toEqual(["基本設定", "Logo 設定", "聯絡資訊", "社群媒體", "樣式設定", "字型設定", "版面設定", "SEO 設定", "其他設定"]);
  });

  it("hold every setting key the spec lists exactly once (001 §3)", () => {
    for (const key of SPEC_001_KEYS) expect(tabOfKey(key), key).toBeDefined();
    expect(new Set(EDITABLE_KEYS).size).toBe(EDITABLE_KEYS.length);
  });

  it("hold every setting except the notification channels and the active theme, which have their own screens", () => {
    expect([...EDITABLE_KEYS, ...KEYS_ELSEWHERE].sort()).toEqual([...settingKeys].sort());
    expect(KEYS_ELSEWHERE).toContain("active_theme_id");
    expect(KEYS_ELSEWHERE).toContain("line_channel_access_token");
    expect(KEYS_ELSEWHERE).not.toContain("line_add_friend_url");
  });

  it("use the spec's ranges and choices: logo height 20–100 px, logo max width 100–400 px, floating button 40–80, font size 12–24, border radius 0–20, the line height and font lists (001 §5)", () => {
    for (const prefix of ["company", "header", "footer"]) {
      expect(field(`${prefix}_logo_height`)).toMatchObject({ kind: "range", min: 20, max: 100 });
      expect(field(`${prefix}_logo_max_width`)).toMatchObject({ kind: "range", min: 100, max: 400 });
    }
    expect(field("floating_button_size")).toMatchObject({ kind: "range", min: 40, max: 80 });
    expect(field("font_size")).toMatchObject({ kind: "range", min: 12, max: 24 });
    expect(field("border_radius")).toMatchObject({ kind: "range", min: 0, max: 20 });
    const options = (key: string) => {
      const spec = field(key);
      return spec.kind === "select" ? spec.options.map((option) => option.value) : [];
    };
    expect(options("line_height")).toEqual([...LINE_HEIGHT_CHOICES]);
    expect(options("font_family")).toEqual([...FONT_CHOICES]);
    expect(field("company_logo")).toMatchObject({ kind: "image", size: { height: "company_logo_height", maxWidth: "company_logo_max_width" } });
    expect(field("menu_blog_enabled").kind).toBe("switch");
    expect(field("floating_line_icon")).toMatchObject({ kind: "icon", button: "line" });
  });
});

describe("form values", () => {
  it("take the server's values, fill the rest with the defaults and turn numbers and booleans into text", () => {
    const values = formFromSettings({ company_name: "好清潔", font_size: 18, maintenance_mode: true, unknown_key: "x" });
    expect(values.company_name).toBe("好清潔");
    expect(values.font_size).toBe("18");
    expect(values.maintenance_mode).toBe("true");
    expect(values.floating_button_size).toBe("56");
    expect(values.meta_robots).toBe("index,follow");
    expect("unknown_key" in values).toBe(false);
  });

  it("send the whole form but only this screen's keys", () => {
    const payload = settingsPayload({ ...defaultSettings, line_channel_access_token: "secret" });
    expect(Object.keys(payload)).toEqual([...EDITABLE_KEYS]);
    expect(payload).not.toHaveProperty("line_channel_access_token");
    expect(payload).not.toHaveProperty("active_theme_id");
  });

  it("list the changed keys", () => {
    const saved = formFromSettings({});
    expect(changedKeys(saved, saved)).toEqual([]);
    expect(changedKeys({ ...saved, footer_text: "新", line_channel_secret: "ignored" }, saved)).toEqual(["footer_text"]);
  });

  it("put one tab back to the spec's form defaults (e.g. font size 16, line height 1.6) and leave the others alone (001 §3)", () => {
    const values = { ...formFromSettings({}), font_size: "20", line_height: "2.0", company_name: "別動" };
    const reset = withTabDefaults(values, "typography");
    expect(reset.font_size).toBe("16");
    expect(reset.line_height).toBe("1.6");
    expect(reset.company_name).toBe("別動");
  });
});

describe("validation with the shared schema", () => {
  it("passes the defaults", () => {
    expect(validateSettings(settingsPayload(formFromSettings({})))).toEqual({});
  });

  it("gives one Traditional Chinese message per field and counts them per tab", () => {
    const errors = validateSettings(settingsPayload({ ...formFromSettings({}), company_email: "not-mail", font_size: "30", primary_color: "blue", contact_email: "x@" }));
    expect(errors.company_email).toBe("公司 Email格式不正確");
    expect(errors.font_size).toBe("字體大小必須介於 12 到 24 之間");
    expect(errors.primary_color).toBe("主要顏色必須是 #RRGGBB 格式的顏色");
    expect(errorCountByTab(errors)).toEqual({ basic: 1, typography: 1, style: 1, contact: 1 });
  });

  it("checks one field on its own", () => {
    expect(validateField("floating_button_size", "90")).toBe("浮動按鈕大小必須介於 40 到 80 之間");
    expect(validateField("floating_button_size", "64")).toBeUndefined();
    expect(validateField("primary_color", "")).toBeUndefined();
  });

  it("shows the tab holding the error: the current one when it has one, else the first in order", () => {
    expect(tabToShow("basic", { og_image: "x", font_size: "y" })).toBe("typography");
    expect(tabToShow("seo", { og_image: "x", font_size: "y" })).toBe("seo");
    expect(tabToShow("logo", {})).toBe("logo");
    expect(tabToShow("logo", { _: "整體錯誤" })).toBe("logo");
  });
});

describe("image checks before upload: an image, at most 5 MB (001 §5)", () => {
  it("refuses a file that is not an image and one over 5 MB", () => {
    expect(imageFileProblem({ type: "text/plain", size: 10 })).toBe("請選擇圖片檔案");
    expect(imageFileProblem({ type: "", size: 10 })).toBe("請選擇圖片檔案");
    expect(imageFileProblem({ type: "image/png", size: SETTINGS_IMAGE_MAX_BYTES + 1 })).toBe("檔案大小不能超過 5MB");
    expect(imageFileProblem({ type: "image/png", size: SETTINGS_IMAGE_MAX_BYTES })).toBeNull();
  });
});

describe("meta description length", () => {
  it("counts characters as people do and recommends 150-160", () => {
    expect(metaDescriptionVerdict("")).toMatchObject({ count: 0, verdict: "empty" });
    expect(metaDescriptionVerdict("字".repeat(50))).toMatchObject({ count: 50, verdict: "short", message: "還可以再寫 30 個字（建議 80–100）" });
    // Latin letters and digits are half as wide as a Chinese character: 160 of them show like 80.
    expect(metaDescriptionVerdict("a".repeat(160))).toMatchObject({ count: 80, verdict: "good" });
    expect(metaDescriptionVerdict("字".repeat(90))).toMatchObject({ verdict: "good" });
    expect(metaDescriptionVerdict("字".repeat(110))).toMatchObject({ verdict: "long", message: "超過建議長度 10 個字，搜尋結果可能被截斷" });
  });
});

describe("colours", () => {
  it("say what a blank colour follows: the theme's, or the built-in one", () => {
    const theme = { ...FALLBACK_THEME, primary_color: "#112233", nav_bg: "#fefefe" };
    expect(colourFallback("primary_color", theme, { footer_style: "dark" })).toEqual({ colour: "#112233", source: "theme" });
    expect(colourFallback("header_background", theme, { footer_style: "dark" })).toEqual({ colour: "#fefefe", source: "theme" });
    expect(colourFallback("footer_background", theme, { footer_style: "light" })).toEqual({ colour: "#f8fafc", source: "default" });
    expect(colourFallback("floating_line_color", theme, { footer_style: "dark" })).toEqual({ colour: "#22c55e", source: "default" });
  });

  it("give the colour input a #rrggbb value", () => {
    expect(toColourInput("#ABC")).toBe("#aabbcc");
    expect(toColourInput(" #3B82F6 ")).toBe("#3b82f6");
    expect(toColourInput("blue")).toBe("#000000");
  });
});
