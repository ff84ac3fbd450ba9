// Site settings: every key of the three spec documents, its default and
// whether a visitor may see it. Values travel and are stored as text. The rules
// that validate them are in settings.schema.ts (kept apart so public pages do
// not ship the validator).
export const FONT_CHOICES = ["Inter", "Roboto", "Open Sans", "Noto Sans TC", "Microsoft JhengHei"] as const;
export const LINE_HEIGHT_CHOICES = ["1.2", "1.4", "1.6", "1.8", "2.0"] as const;
export const META_ROBOTS_CHOICES = ["index,follow", "noindex,follow", "index,nofollow", "noindex,nofollow"] as const;

interface SettingDefinition {
  fallback: string;
  /** Visible to anonymous visitors through GET /api.php/settings and the rendered pages. */
  isPublic: boolean;
}

export const settingDefinitions = {
  // basic
  site_title: { fallback: "專業清潔維護服務", isPublic: true },
  site_description: { fallback: "基隆、台北、新北專業清潔與維護服務：水塔清洗、地板清潔、駐點清潔、高空作業與病媒防治。", isPublic: true },
  site_keywords: { fallback: "清潔公司,水塔清洗,地板打蠟,駐點清潔,基隆清潔,台北清潔,新北清潔", isPublic: true },
  company_name: { fallback: "安心清潔維護有限公司", isPublic: true },
  company_address: { fallback: "基隆市仁愛區愛一路 1 號", isPublic: true },
  company_phone: { fallback: "02-2420-0000", isPublic: true },
  company_phone_mobile: { fallback: "0912-000-000", isPublic: true },
  company_tax_id: { fallback: "12345678", isPublic: true },
  company_email: { fallback: "service@example.com", isPublic: true },
  company_fax: { fallback: "", isPublic: true },
  company_website: { fallback: "", isPublic: true },
  business_hours: { fallback: "週一至週五 08:00-18:00，週六 09:00-17:00", isPublic: true },
  service_area: { fallback: "基隆市、台北市、新北市", isPublic: true },
  // logos
  company_logo: { fallback: "", isPublic: true },
  favicon: { fallback: "", isPublic: true },
  header_logo: { fallback: "", isPublic: true },
  footer_logo: { fallback: "", isPublic: true },
  company_logo_height: { fallback: "56", isPublic: true },
  company_logo_max_width: { fallback: "240", isPublic: true },
  header_logo_height: { fallback: "48", isPublic: true },
  header_logo_max_width: { fallback: "208", isPublic: true },
  footer_logo_height: { fallback: "40", isPublic: true },
  footer_logo_max_width: { fallback: "180", isPublic: true },
  footer_logo_no_grayscale: { fallback: "true", isPublic: true },
  // contact
  contact_manager: { fallback: "", isPublic: true },
  contact_phone: { fallback: "", isPublic: true },
  contact_email: { fallback: "", isPublic: true },
  contact_address: { fallback: "", isPublic: true },
  service_email: { fallback: "", isPublic: true },
  // social and messaging links
  facebook_url: { fallback: "", isPublic: true },
  linkedin_url: { fallback: "", isPublic: true },
  youtube_url: { fallback: "", isPublic: true },
  instagram_url: { fallback: "", isPublic: true },
  twitter_url: { fallback: "", isPublic: true },
  line_official_id: { fallback: "", isPublic: true },
  line_add_friend_url: { fallback: "", isPublic: true },
  line_display_name: { fallback: "", isPublic: true },
  facebook_app_id: { fallback: "", isPublic: true },
  // footer texts
  footer_text: { fallback: "專業清潔團隊，服務基隆、台北、新北地區的住家、大樓與企業。", isPublic: true },
  copyright_text: { fallback: "", isPublic: true },
  // floating buttons
  floating_buttons_enabled: { fallback: "true", isPublic: true },
  floating_line_enabled: { fallback: "true", isPublic: true },
  floating_phone_enabled: { fallback: "true", isPublic: true },
  floating_button_size: { fallback: "56", isPublic: true },
  floating_line_color: { fallback: "#22c55e", isPublic: true },
  floating_phone_color: { fallback: "#3b82f6", isPublic: true },
  floating_line_icon: { fallback: "preset:line-bubble", isPublic: true },
  floating_phone_icon: { fallback: "preset:phone-classic", isPublic: true },
  // style (colours left blank follow the active theme; see docs/decisions/004)
  theme_mode: { fallback: "light", isPublic: true },
  primary_color: { fallback: "", isPublic: true },
  secondary_color: { fallback: "", isPublic: true },
  accent_color: { fallback: "", isPublic: true },
  background_color: { fallback: "", isPublic: true },
  text_color: { fallback: "", isPublic: true },
  header_background: { fallback: "", isPublic: true },
  footer_background: { fallback: "", isPublic: true },
  shadow_style: { fallback: "soft", isPublic: true },
  button_style: { fallback: "rounded", isPublic: true },
  navbar_style: { fallback: "clean", isPublic: true },
  footer_style: { fallback: "dark", isPublic: true },
  card_style: { fallback: "elevated", isPublic: true },
  // typography and layout
  font_family: { fallback: "Inter", isPublic: true },
  font_size: { fallback: "16", isPublic: true },
  line_height: { fallback: "1.6", isPublic: true },
  border_radius: { fallback: "8", isPublic: true },
  active_theme_id: { fallback: "1", isPublic: true },
  // seo
  meta_description: { fallback: "", isPublic: true },
  meta_keywords: { fallback: "", isPublic: true },
  meta_robots: { fallback: "index,follow", isPublic: true },
  meta_author: { fallback: "", isPublic: true },
  canonical_url: { fallback: "", isPublic: true },
  og_title: { fallback: "", isPublic: true },
  og_description: { fallback: "", isPublic: true },
  og_image: { fallback: "", isPublic: true },
  google_analytics: { fallback: "", isPublic: true },
  // others
  maintenance_mode: { fallback: "false", isPublic: true },
  menu_portfolio_enabled: { fallback: "true", isPublic: true },
  menu_services_enabled: { fallback: "true", isPublic: true },
  menu_blog_enabled: { fallback: "true", isPublic: true },
  enable_registration: { fallback: "false", isPublic: false },
  email_notifications: { fallback: "true", isPublic: false },
  backup_frequency: { fallback: "daily", isPublic: false },
  /** How many of the latest backups are kept (issue 26); older archives are deleted after each new one. */
  backup_keep: { fallback: "7", isPublic: false },
  // notification channels, LINE or Discord (002 §3): never public, tokens never logged
  notification_type: { fallback: "line", isPublic: false },
  line_channel_access_token: { fallback: "", isPublic: false },
  line_channel_secret: { fallback: "", isPublic: false },
  line_admin_user_id: { fallback: "", isPublic: false },
  line_enable_notifications: { fallback: "false", isPublic: false },
  line_webhook_url: { fallback: "", isPublic: false },
  discord_webhook_url: { fallback: "", isPublic: false },
  discord_username: { fallback: "網站通知機器人", isPublic: false },
  discord_avatar_url: { fallback: "", isPublic: false },
  discord_enable_notifications: { fallback: "false", isPublic: false },
} satisfies Record<string, SettingDefinition>;

export type SettingKey = keyof typeof settingDefinitions;
export type Settings = Record<SettingKey, string>;
export type PublicSettings = Settings;
export const settingKeys = Object.keys(settingDefinitions) as SettingKey[];
export const publicSettingKeys = settingKeys.filter((key) => settingDefinitions[key].isPublic);

export const defaultSettings: Settings = Object.fromEntries(
  settingKeys.map((key) => [key, settingDefinitions[key].fallback]),
) as Settings;

/** A Google Analytics 4 measurement id, as Google shows it (G-XXXXXXXXXX). */
export const GA_MEASUREMENT_ID = /^G-[A-Z0-9]{4,20}$/;

export const isOn = (value: string | undefined) => value === "true";
