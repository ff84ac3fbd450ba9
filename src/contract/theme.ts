// Site themes: exactly one is active (settings.active_theme_id). Input rules
// are in theme.schema.ts.

export const LAYOUT_TYPES = ["service", "corporate", "ecommerce"] as const;
export type LayoutType = (typeof LAYOUT_TYPES)[number];

/** Content width per layout type (000 §9); any other type uses the corporate width. */
export const CONTENT_WIDTH: Record<LayoutType, number> = { corporate: 1280, service: 1200, ecommerce: 1400 };

export interface Theme {
  id: number;
  name: string;
  slug: string;
  industry: string;
  description: string;
  primary_color: string;
  primary_hover: string;
  secondary_color: string;
  accent_color: string;
  bg_primary: string;
  bg_secondary: string;
  bg_card: string;
  text_primary: string;
  text_secondary: string;
  text_light: string;
  border_color: string;
  font_family: string;
  font_size_base: string;
  nav_bg: string;
  nav_text: string;
  btn_border_radius: string;
  card_border_radius: string;
  layout_type: string;
  header_style: string;
  /** Stored as JSON text; parsed on the way out, unparseable becomes null. */
  navigation_structure: unknown;
  homepage_layout: unknown;
  content_sections: unknown;
  created_at: string;
  updated_at: string;
}

export type ThemeListItem = Theme & { is_active: boolean };

/** The built-in theme used whenever the active theme cannot be loaded (000 §4). */
export const FALLBACK_THEME: Theme = {
  id: 0,
  name: "預設企業藍",
  slug: "builtin-default",
  industry: "企業",
  description: "內建預設主題",
  primary_color: "#3b82f6",
  primary_hover: "#2563eb",
  secondary_color: "#64748b",
  accent_color: "#f59e0b",
  bg_primary: "#ffffff",
  bg_secondary: "#f8fafc",
  bg_card: "#ffffff",
  text_primary: "#1f2937",
  text_secondary: "#4b5563",
  text_light: "#9ca3af",
  border_color: "#e5e7eb",
  font_family: "Inter",
  font_size_base: "16px",
  nav_bg: "#ffffff",
  nav_text: "#1f2937",
  btn_border_radius: "8px",
  card_border_radius: "12px",
  layout_type: "corporate",
  header_style: "horizontal",
  navigation_structure: null,
  homepage_layout: null,
  content_sections: null,
  created_at: "1970-01-01T00:00:00.000Z",
  updated_at: "1970-01-01T00:00:00.000Z",
};

export const isServiceLayout = (theme: Pick<Theme, "layout_type">) => theme.layout_type === "service";
export const contentWidthOf = (layoutType: string) =>
  CONTENT_WIDTH[(LAYOUT_TYPES as readonly string[]).includes(layoutType) ? (layoutType as LayoutType) : "corporate"];

/**
 * The query parameter of a theme preview's address: a signed ticket from
 * GET /api.php/themes/{id}/preview (administrators only). A page asked for with
 * a ticket the server cannot verify is the ordinary page (decision 030).
 */
export const THEME_PREVIEW_PARAM = "theme_preview";

/** GET /api.php/themes/{id}/preview: where the home page shows that theme, for a few minutes. */
export interface ThemePreviewLink {
  url: string;
  expires_at: string;
}

/** The home page's sections, in order. */
export const HOME_SECTIONS = ["hero", "core_services", "contact_info", "cta", "consult"] as const;
export type HomeSection = (typeof HOME_SECTIONS)[number];

/** The sections in the words of the themes screen's confirmation. */
export const HOME_SECTION_LABELS: Record<HomeSection, string> = {
  hero: "主視覺輪播",
  core_services: "核心服務",
  contact_info: "聯絡資訊",
  cta: "行動呼籲（首頁服務內容的按鈕）",
  consult: "「需要我們的協助嗎？」諮詢區塊",
};

/** Which staff content the home page has to show. */
export interface HomeContent {
  /** The core-services grid has services. */
  services: boolean;
  /** The home-services content (with its call to action) could be read. */
  cta: boolean;
}

/**
 * The home page's sections under a layout type. Every layout shows every section
 * staff content exists for (a theme changes how the site looks, never what it
 * says); a layout other than service adds its own consultation band only when
 * there is no call to action of the staff's.
 */
export function homeSectionsOf(layoutType: string, content: HomeContent): HomeSection[] {
  const sections: HomeSection[] = ["hero"];
  if (content.services) sections.push("core_services");
  sections.push("contact_info");
  if (content.cta) sections.push("cta");
  else if (layoutType !== "service") sections.push("consult");
  return sections;
}
