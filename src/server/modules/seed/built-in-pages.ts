// The built-in pages' default content (002 §3): seed content. It fills a new
// database (seed.service.ts); the pages service shows it for a page that is
// absent, unpublished or unreadable, and hands it to the pages screen
// (GET /admin-api.php/pages/defaults).
import {
  BUILT_IN_PAGE_KEYS,
  DEFAULT_SERVICE_BADGES,
  type HomeServicesRecord,
  type PageDefaults,
  type ServicesPageRecord,
} from "#contract/pages.ts";

// Their services are an empty choice: every active service of 服務管理, in its order (decision 031).
export function defaultHomeServicesContent(): HomeServicesRecord {
  return {
    title: "核心服務",
    subtitle: "專業清潔，值得信賴",
    description: "從住家、社區大樓到企業廠辦，我們提供完整的清潔與維護方案。",
    badges: DEFAULT_SERVICE_BADGES,
    contact: { badge: "免費估價", title: "需要專業清潔服務嗎？", subtitle: "告訴我們您的需求，專人將盡快與您聯繫。" },
    cta: { title: "立即預約免費到府估價", subtitle: "服務基隆、台北、新北與桃園地區", buttonText: "線上諮詢", buttonLink: "/contact" },
    services: [],
  };
}

export function defaultServicesPageContent(): ServicesPageRecord {
  return {
    hero: {
      title: "專業清潔服務",
      subtitle: "基隆・台北・新北",
      description: "十二項專業清潔與維護服務，依您的場地與需求量身規劃。",
      stats: [
        { id: "area", icon: "MapPin", label: "服務地區", value: "基隆・台北・新北" },
        { id: "hours", icon: "Clock", label: "服務時間", value: "週一至週六" },
        { id: "phone", icon: "Phone", label: "諮詢專線", value: "歡迎來電" },
      ],
    },
    section: {
      title: "服務項目",
      subtitle: "完整的清潔維護方案",
      description: "每一項服務皆由受過訓練的專業人員執行。",
      badges: DEFAULT_SERVICE_BADGES,
      tagline: "用心清潔，安心交付",
    },
    services: [],
    contact: {
      title: "聯絡我們",
      subtitle: "歡迎來電或線上諮詢",
      phoneTitle: "聯絡電話",
      phoneNumbers: [],
      addressTitle: "公司地址",
      address: "",
      hoursTitle: "服務時間",
      hours: ["週一至週五 09:00-18:00", "週六 09:00-12:00"],
      buttonText: "線上諮詢",
      buttonLink: "/contact",
    },
  };
}

export const DEFAULT_ABOUT_HTML = `<h2>關於我們</h2>
<p>我們是一支深耕基隆、台北與新北地區的專業清潔維護團隊，服務對象涵蓋住家、社區大樓、商辦與廠房。</p>
<h3>我們的承諾</h3>
<ul>
<li>受過完整訓練的專業人員與合格設備</li>
<li>透明的報價與施工流程</li>
<li>完工後的品質追蹤與保固</li>
</ul>
<p>如需估價或有任何問題，歡迎<a href="/contact">與我們聯絡</a>。</p>`;

/** The three built-in pages' default content, as GET /admin-api.php/pages/defaults answers it. */
export function builtInPageDefaults(): PageDefaults {
  return { home_services: defaultHomeServicesContent(), services_page: defaultServicesPageContent(), about_company: DEFAULT_ABOUT_HTML };
}

export type BuiltInPageKey = (typeof BUILT_IN_PAGE_KEYS)[number];

/** The built-in page records' title and stored content: what a new database gets, and how the list shows an absent one. */
export function builtInPageRecords(): Record<BuiltInPageKey, { title: string; content: string }> {
  const defaults = builtInPageDefaults();
  return {
    home_services: { title: "首頁核心服務", content: JSON.stringify(defaults.home_services) },
    services_page: { title: "服務項目頁面", content: JSON.stringify(defaults.services_page) },
    about_company: { title: "關於我們", content: defaults.about_company },
  };
}
