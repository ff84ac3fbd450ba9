// The built-in catalogue of 12 services (000 §3): seed content. It fills a new
// database (seed.service.ts), gives its services' cards their icons
// (cardLookOf), and is what a public service page shows when the database
// cannot answer (services.service.ts).
import { ICON_COLOUR_PRESETS, type ServiceIcon } from "#contract/pages.ts";

export interface CatalogueService {
  key: string;
  apiId: number;
  displayOrder: number;
  aliases: string[];
  name: string;
  category: string;
  icon: ServiceIcon;
  description: string;
  features: string[];
  references: string[];
  mainImage: string;
  detailImages: string[];
  priceUnit: string;
}

const service = (entry: Omit<CatalogueService, "displayOrder" | "mainImage" | "detailImages">): CatalogueService => ({
  ...entry,
  displayOrder: entry.apiId,
  mainImage: "",
  detailImages: [],
});

export const SERVICE_CATALOGUE: CatalogueService[] = [
  service({
    key: "water_tank_service", apiId: 1, aliases: ["水塔清洗", "water-tank"], name: "水塔清洗消毒", category: "深度清潔", icon: "Droplets", priceUnit: "專案",
    description: "定期清洗水塔與蓄水池，去除沉積物與青苔，守護住戶飲用水安全。",
    features: ["排水與沉積物清除", "池壁刷洗與高壓沖洗", "消毒與水質檢測", "清洗前後照片紀錄"],
    references: ["社區大樓水塔年度清洗", "商辦蓄水池定期維護"],
  }),
  service({
    key: "floor_cleaning", apiId: 2, aliases: ["地板清潔", "floor"], name: "地板清潔打蠟", category: "深度清潔", icon: "Sparkles", priceUnit: "坪",
    description: "依地材選用合適藥劑，清潔、起蠟、上蠟與拋光，恢復地面光澤。",
    features: ["起蠟與深層清潔", "多層上蠟保護", "高速拋光", "適用 PVC、磁磚與木地板"],
    references: ["辦公室地板定期保養", "商場公共區域打蠟"],
  }),
  service({
    key: "stone_polishing", apiId: 3, aliases: ["石材晶化", "stone"], name: "石材研磨晶化", category: "深度清潔", icon: "Gem", priceUnit: "坪",
    description: "大理石與花崗石研磨、晶化處理，去除刮痕與霧面，延長石材壽命。",
    features: ["石材研磨除痕", "晶化亮面處理", "防污防水保護", "縫隙填補修復"],
    references: ["大樓大廳石材晶化", "住宅大理石地面翻新"],
  }),
  service({
    key: "parking_station_cleaning", apiId: 4, aliases: ["停車場清潔", "parking"], name: "停車場清潔維護", category: "駐點維護", icon: "Car", priceUnit: "月",
    description: "地下停車場油污、積塵與排水溝清潔，維持車道安全與空氣品質。",
    features: ["洗地機全區清洗", "油污去除處理", "排水溝清理", "定期巡檢維護"],
    references: ["社區地下停車場月保養", "商辦停車場油污清除"],
  }),
  service({
    key: "on_site_cleaning", apiId: 5, aliases: ["駐點清潔", "on-site"], name: "駐點清潔服務", category: "駐點維護", icon: "Users", priceUnit: "月",
    description: "派駐專業清潔人員，每日維持大樓、辦公室與公共區域整潔。",
    features: ["固定人員駐點", "每日例行清潔", "主管定期督導", "耗材補充管理"],
    references: ["企業辦公室每日駐點", "社區大樓公共區域維護"],
  }),
  service({
    key: "construction_detail_cleaning", apiId: 6, aliases: ["裝潢細清", "construction"], name: "裝潢後細部清潔", category: "特殊清潔", icon: "Hammer", priceUnit: "坪",
    description: "裝修完工後的粉塵、殘膠與水泥漬全面清除，交屋即可入住。",
    features: ["粉塵全面清除", "殘膠與漆點去除", "門窗軌道細清", "廚衛設備清潔"],
    references: ["新成屋交屋前細清", "辦公室裝修後清潔"],
  }),
  service({
    key: "carpet_sofa_cleaning", apiId: 7, aliases: ["地毯沙發清洗", "carpet"], name: "地毯沙發清洗", category: "深度清潔", icon: "Sofa", priceUnit: "專案",
    description: "以專業設備深層萃取清洗地毯與布沙發，去除污漬、塵蟎與異味。",
    features: ["深層萃取清洗", "污漬局部處理", "除蟎除臭", "快速乾燥"],
    references: ["飯店地毯定期清洗", "住家布沙發清潔"],
  }),
  service({
    key: "event_cleaning", apiId: 8, aliases: ["活動清潔", "event"], name: "活動場地清潔", category: "特殊清潔", icon: "PartyPopper", priceUnit: "專案",
    description: "展覽、典禮與活動前後的場地清潔與垃圾清運，讓活動順利進行。",
    features: ["活動前場地整理", "活動中即時清潔", "活動後垃圾清運", "可配合夜間作業"],
    references: ["展覽會場清潔", "企業尾牙場地清潔"],
  }),
  service({
    key: "landscape_maintenance", apiId: 9, aliases: ["景觀維護", "landscape"], name: "庭園景觀維護", category: "景觀維護", icon: "Trees", priceUnit: "月",
    description: "修剪草皮與植栽、清除落葉雜草，維持社區與企業庭園的整齊美觀。",
    features: ["草皮修剪", "植栽整枝", "落葉雜草清除", "定期施肥養護"],
    references: ["社區中庭景觀維護", "廠區綠地定期修剪"],
  }),
  service({
    key: "high_pressure_cleaning", apiId: 10, aliases: ["高壓清洗", "high-pressure"], name: "高壓沖洗", category: "深度清潔", icon: "Waves", priceUnit: "專案",
    description: "以高壓水柱清除外牆、地坪與頂樓的青苔、黑垢與頑固污漬。",
    features: ["外牆與地坪沖洗", "青苔黑垢去除", "頂樓排水清理", "環保藥劑使用"],
    references: ["大樓外牆高壓清洗", "廠房地坪沖洗"],
  }),
  service({
    key: "high_altitude_cleaning", apiId: 11, aliases: ["高空作業", "high-altitude"], name: "高空外牆清潔", category: "高空作業", icon: "Building2", priceUnit: "專案",
    description: "合格高空作業人員以吊籠或繩索清洗外牆與玻璃帷幕，安全有保障。",
    features: ["玻璃帷幕清洗", "外牆磁磚清潔", "合格安全設備", "投保意外責任險"],
    references: ["商辦玻璃帷幕清洗", "住宅大樓外牆清潔"],
  }),
  service({
    key: "pest_control", apiId: 12, aliases: ["病媒防治", "pest"], name: "病媒防治消毒", category: "防疫防護", icon: "ShieldAlert", priceUnit: "專案",
    description: "針對蟑螂、老鼠、蚊蟲等病媒進行防治與環境消毒，打造安心空間。",
    features: ["環境勘查評估", "病媒防治施作", "全區消毒噴灑", "定期追蹤複查"],
    references: ["餐廳定期病媒防治", "社區公共區域消毒"],
  }),
];

export const CATALOGUE_CATEGORIES = [...new Set(SERVICE_CATALOGUE.map((entry) => entry.category))];

/** How a service's card looks unless a page says otherwise: a catalogue service its own icon, coloured by its position; any other the theme's Sparkles. */
export function cardLookOf(catalogueKey: string | null): { icon: string; iconBg: string; iconColor: string } {
  const index = SERVICE_CATALOGUE.findIndex((entry) => entry.key === catalogueKey);
  if (index < 0) return { icon: "Sparkles", iconBg: "bg-primary-100", iconColor: "text-primary-600" };
  return { icon: SERVICE_CATALOGUE[index]!.icon, ...ICON_COLOUR_PRESETS[index % ICON_COLOUR_PRESETS.length]! };
}
