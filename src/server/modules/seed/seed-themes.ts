// The themes a new site starts with. Theme 1 is a service layout for this
// cleaning business, so the service home shows out of the box.
import { FALLBACK_THEME, type Theme } from "#contract/theme.ts";

type SeedTheme = Omit<Theme, "id" | "created_at" | "updated_at" | "navigation_structure" | "homepage_layout" | "content_sections"> & {
  navigation_structure: string | null;
  homepage_layout: string | null;
  content_sections: string | null;
};

const base = {
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
  header_style: "horizontal",
  navigation_structure: JSON.stringify({ items: ["/", "/about", "/services", "/portfolio", "/blog", "/contact"] }),
};

export const SEED_THEMES: SeedTheme[] = [
  {
    ...base,
    name: "清新潔淨",
    slug: "fresh-clean-service",
    industry: "清潔服務",
    description: "以清爽的水藍與綠色呈現潔淨感，首頁採服務型版面：輪播、核心服務、聯絡資訊與行動呼籲。",
    primary_color: "#0891b2",
    primary_hover: "#0e7490",
    secondary_color: "#10b981",
    accent_color: "#f59e0b",
    bg_secondary: "#f0f9ff",
    layout_type: "service",
    homepage_layout: JSON.stringify({ sections: ["hero", "services", "contact-info", "cta"] }),
    content_sections: JSON.stringify(["hero", "services", "contact-info", "cta"]),
  },
  {
    ...base,
    name: FALLBACK_THEME.name,
    slug: "corporate-blue",
    industry: "企業",
    description: "穩重的企業藍，通用企業形象首頁。",
    primary_color: FALLBACK_THEME.primary_color,
    primary_hover: FALLBACK_THEME.primary_hover,
    secondary_color: "#64748b",
    accent_color: "#f59e0b",
    layout_type: "corporate",
    homepage_layout: JSON.stringify({ sections: ["hero", "cta"] }),
    content_sections: null,
  },
  {
    ...base,
    name: "活力橘",
    slug: "vibrant-ecommerce",
    industry: "電商零售",
    description: "明亮的橘色系，寬版面適合商品展示。",
    primary_color: "#ea580c",
    primary_hover: "#c2410c",
    secondary_color: "#0f766e",
    accent_color: "#eab308",
    bg_secondary: "#fff7ed",
    layout_type: "ecommerce",
    homepage_layout: JSON.stringify({ sections: ["hero", "cta"] }),
    content_sections: null,
  },
  {
    ...base,
    name: "沉穩墨綠",
    slug: "professional-green",
    industry: "專業顧問",
    description: "低調的墨綠與金色點綴，適合專業服務形象。",
    primary_color: "#166534",
    primary_hover: "#14532d",
    secondary_color: "#475569",
    accent_color: "#ca8a04",
    nav_bg: "#f8faf8",
    layout_type: "corporate",
    homepage_layout: JSON.stringify({ sections: ["hero", "cta"] }),
    content_sections: null,
  },
];
