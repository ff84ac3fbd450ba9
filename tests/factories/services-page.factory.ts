// The services page's content exactly as the spec's clients send it (002 §3
// "Services-page content", 000 §3 "Service entry inside page content"): entries
// named by key and title, no id and no service_id.

/** One service entry of the spec's shape. */
export const specServiceEntry = (key: string, order: number, title: string, extra: Record<string, unknown> = {}) => ({
  key,
  order,
  title,
  description: `${title}的介紹`,
  icon: "Sparkles",
  iconBg: "bg-primary-100",
  iconColor: "text-primary-600",
  features: ["到府估價"],
  image: "",
  badge: "",
  button: { text: "", link: "" },
  price: null,
  price_unit: "專案",
  category_name: "深度清潔",
  ...extra,
});

/** The whole services-page content around the given entries. */
export const specServicesPage = (services: unknown[]) => ({
  hero: { title: "專業清潔服務", subtitle: "基隆・台北・新北", description: "從住家到商辦", stats: [{ id: "stat_1", icon: "MapPin", label: "服務區域", value: "3 縣市" }] },
  section: { title: "服務項目", subtitle: "我們提供", tagline: "用心清潔", description: "每一項都到府估價", badges: ["專業團隊"] },
  services,
  contact: {
    title: "聯絡我們",
    subtitle: "歡迎來電",
    phoneTitle: "電話",
    phoneNumbers: ["02-2345-6789"],
    addressTitle: "地址",
    address: "基隆市仁愛區",
    hoursTitle: "營業時間",
    hours: ["週一至週六 09:00–18:00"],
    buttonText: "立即預約",
    buttonLink: "/contact",
  },
});

/** The PUT body a client saves the services page with (002 §3). */
export const specServicesPageSave = (services: unknown[]) => ({ title: "服務項目頁面", content: specServicesPage(services), is_active: 1 });
