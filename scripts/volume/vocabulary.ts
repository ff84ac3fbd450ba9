// The words of a cleaning company in Keelung and Taipei, as its customers and
// staff write them (Traditional Chinese, Taiwan usage): people, places,
// buildings, and per service the problems, the work done, the advice and the
// prices that the sentences of text.ts are made from.

/** Surnames with the romanisation Taiwanese e-mail addresses use. */
export const SURNAMES: ReadonlyArray<readonly [string, string]> = [
  ["陳", "chen"], ["林", "lin"], ["黃", "huang"], ["張", "chang"], ["李", "lee"], ["王", "wang"], ["吳", "wu"], ["劉", "liu"],
  ["蔡", "tsai"], ["楊", "yang"], ["許", "hsu"], ["鄭", "cheng"], ["謝", "hsieh"], ["洪", "hung"], ["郭", "kuo"], ["邱", "chiu"],
  ["曾", "tseng"], ["廖", "liao"], ["賴", "lai"], ["徐", "hsu"], ["周", "chou"], ["葉", "yeh"], ["蘇", "su"], ["莊", "chuang"],
  ["呂", "lu"], ["江", "chiang"], ["何", "ho"], ["蕭", "hsiao"], ["羅", "lo"], ["高", "kao"], ["潘", "pan"], ["簡", "chien"],
  ["朱", "chu"], ["鍾", "chung"], ["游", "yu"], ["彭", "peng"], ["詹", "chan"], ["胡", "hu"], ["施", "shih"], ["沈", "shen"],
  ["余", "yu"], ["盧", "lu"], ["梁", "liang"], ["趙", "chao"], ["顏", "yen"], ["柯", "ko"], ["翁", "weng"], ["魏", "wei"],
];

export const GIVEN_NAMES: ReadonlyArray<readonly [string, string]> = [
  ["怡君", "yichun"], ["雅婷", "yating"], ["志明", "chihming"], ["家豪", "chiahao"], ["俊傑", "chunchieh"], ["淑芬", "shufen"],
  ["美玲", "meiling"], ["建宏", "chienhung"], ["宗翰", "tsunghan"], ["佳穎", "chiaying"], ["冠宇", "kuanyu"], ["詩涵", "shihhan"],
  ["承恩", "chengen"], ["柏翰", "pohan"], ["欣怡", "hsinyi"], ["靜宜", "chingyi"], ["雅琪", "yachi"], ["俊宏", "chunhung"],
  ["文雄", "wenhsiung"], ["秀英", "hsiuying"], ["麗華", "lihua"], ["玉珍", "yuchen"], ["志強", "chihchiang"], ["明德", "mingte"],
  ["子晴", "tzuching"], ["宥廷", "yuting"], ["品妤", "pinyu"], ["嘉玲", "chialing"], ["國華", "kuohua"], ["惠美", "huimei"],
  ["威廷", "weiting"], ["思穎", "ssuying"], ["信宏", "hsinhung"], ["佩君", "peichun"], ["哲瑋", "chewei"], ["郁婷", "yuting"],
];

export const TITLES_OF_ADDRESS = ["先生", "小姐", "太太", "先生", "小姐", "經理", "主任", "老闆"] as const;

/** English names Taiwanese people use beside (or instead of) their Chinese ones, on LINE especially. */
export const ENGLISH_NAMES = ["Amy", "Kevin", "Joyce", "Jason", "Vivian", "Eric", "Cindy", "Tony", "Grace", "Peter", "Irene", "Sam", "Wendy", "Allen", "Judy", "Ken"] as const;
export const NICKNAMES = ["小美", "阿德", "小陳", "阿明", "小芬", "阿嬤", "大雄", "小安", "阿杰", "Mia 媽咪", "小雨", "阿伯"] as const;
export const NAME_DECORATIONS = ["🌸", "☀️", "🍀", "🐱", "✨", "🌈", "🏠"] as const;

export const MAIL_DOMAINS: ReadonlyArray<readonly [string, number]> = [
  ["gmail.com", 55], ["yahoo.com.tw", 18], ["hotmail.com", 8], ["outlook.com", 6], ["ms45.hinet.net", 3], ["msa.hinet.net", 3], ["icloud.com", 4], ["livemail.tw", 1],
];

export interface District {
  city: string;
  district: string;
  /** For addresses a page can take (its page key). */
  slug: string;
  streets: readonly string[];
  /** The telephone prefix after 02- (Keelung 24xx, Taipei and New Taipei 2xxx). */
  exchanges: readonly string[];
}

export const DISTRICTS: readonly District[] = [
  { city: "基隆市", district: "中正區", slug: "keelung-zhongzheng", streets: ["中正路", "義一路", "祥豐街", "北寧路"], exchanges: ["2422", "2462", "2463"] },
  { city: "基隆市", district: "信義區", slug: "keelung-xinyi", streets: ["信二路", "東信路", "深溪路", "義七路"], exchanges: ["2424", "2425", "2466"] },
  { city: "基隆市", district: "仁愛區", slug: "keelung-renai", streets: ["愛三路", "仁一路", "南榮路", "孝二路"], exchanges: ["2422", "2423", "2428"] },
  { city: "基隆市", district: "中山區", slug: "keelung-zhongshan", streets: ["中山二路", "復興路", "西定路"], exchanges: ["2423", "2426"] },
  { city: "基隆市", district: "安樂區", slug: "keelung-anle", streets: ["安一路", "麥金路", "基金一路", "武崙街"], exchanges: ["2431", "2432", "2435"] },
  { city: "基隆市", district: "暖暖區", slug: "keelung-nuannuan", streets: ["源遠路", "暖暖街", "八堵路"], exchanges: ["2457", "2458"] },
  { city: "基隆市", district: "七堵區", slug: "keelung-qidu", streets: ["明德一路", "福五街", "百福路"], exchanges: ["2451", "2452", "2455"] },
  { city: "臺北市", district: "信義區", slug: "taipei-xinyi", streets: ["松仁路", "忠孝東路五段", "基隆路一段", "永吉路"], exchanges: ["2720", "2758", "2345"] },
  { city: "臺北市", district: "大安區", slug: "taipei-daan", streets: ["敦化南路一段", "和平東路二段", "復興南路一段", "信義路四段"], exchanges: ["2700", "2731", "2325"] },
  { city: "臺北市", district: "中山區", slug: "taipei-zhongshan", streets: ["南京東路二段", "民生東路一段", "林森北路", "長安東路"], exchanges: ["2541", "2563", "2517"] },
  { city: "臺北市", district: "內湖區", slug: "taipei-neihu", streets: ["內湖路一段", "成功路四段", "瑞光路", "康寧路三段"], exchanges: ["2790", "2627", "8751"] },
  { city: "臺北市", district: "南港區", slug: "taipei-nangang", streets: ["南港路一段", "經貿二路", "興中路"], exchanges: ["2782", "2651"] },
  { city: "臺北市", district: "士林區", slug: "taipei-shilin", streets: ["中山北路六段", "文林路", "天母東路"], exchanges: ["2831", "2872", "2881"] },
  { city: "臺北市", district: "北投區", slug: "taipei-beitou", streets: ["石牌路二段", "光明路", "中和街"], exchanges: ["2891", "2826"] },
  { city: "臺北市", district: "松山區", slug: "taipei-songshan", streets: ["八德路四段", "民生東路五段", "光復北路"], exchanges: ["2760", "2577", "2716"] },
  { city: "臺北市", district: "文山區", slug: "taipei-wenshan", streets: ["木柵路三段", "興隆路二段", "景福街"], exchanges: ["2936", "2239"] },
  { city: "新北市", district: "汐止區", slug: "new-taipei-xizhi", streets: ["大同路二段", "中興路", "新台五路一段", "樟樹一路"], exchanges: ["2641", "2690", "2692"] },
  { city: "新北市", district: "瑞芳區", slug: "new-taipei-ruifang", streets: ["明燈路三段", "逢甲路", "龍潭路"], exchanges: ["2497", "2496"] },
  { city: "新北市", district: "萬里區", slug: "new-taipei-wanli", streets: ["瑪鋉路", "大鵬路"], exchanges: ["2492"] },
  { city: "新北市", district: "板橋區", slug: "new-taipei-banqiao", streets: ["文化路一段", "中山路一段", "縣民大道二段"], exchanges: ["2960", "2254", "8951"] },
  { city: "新北市", district: "新店區", slug: "new-taipei-xindian", streets: ["北新路二段", "中正路", "民權路"], exchanges: ["2911", "8665"] },
  { city: "新北市", district: "中和區", slug: "new-taipei-zhonghe", streets: ["中和路", "景平路", "中正路"], exchanges: ["2242", "8245"] },
];

export const DAYS = ["今天", "明天", "後天", "這週六", "這週日", "下週一", "下週三", "下週五", "月底前", "下個月初"] as const;
export const TIMES_OF_DAY = ["上午九點", "上午十點", "中午過後", "下午兩點", "下午三點半", "傍晚", "晚上七點以後", "早上"] as const;
export const SEASONS = ["過年前", "梅雨季", "颱風季", "夏天", "入秋", "冬天", "開學前", "春節前", "中秋節前", "年底"] as const;

/** A service as the sentences speak of it; `key` links it to the catalogue's service type. */
export interface Topic {
  name: string;
  /** For addresses (a page's key). */
  slug: string;
  key?: string;
  problems: readonly string[];
  details: readonly string[];
  works: readonly string[];
  tips: readonly string[];
  features: readonly string[];
  groups: readonly string[];
  price: readonly [number, number];
  unit: string;
  buildings: readonly string[];
}

export const TOPICS: readonly Topic[] = [
  {
    name: "水塔清洗", slug: "water-tank-cleaning", key: "water_tank_service",
    problems: ["水龍頭流出黃水", "水裡有細沙和鐵鏽", "水有怪味", "水塔內壁長青苔", "熱水器濾網常常堵住", "水塔蓋子破了"],
    details: ["家裡有兩顆一噸的不鏽鋼水塔", "頂樓有一顆塑膠水塔", "社區有地下蓄水池和屋頂水塔", "上次清洗是三年前", "水塔放在頂樓加蓋旁邊", "大樓有 48 戶共用水塔"],
    works: ["先關閉進水閥並排空存水", "以軟刷刷洗內壁與底部沉積物", "用高壓水柱沖洗並抽除污泥", "以食品級消毒劑浸泡消毒", "更換老舊的浮球開關", "清洗後放水檢測餘氯"],
    tips: ["水塔建議每半年到一年清洗一次", "看到黃水先不要飲用，煮沸也無法去除鐵鏽", "水塔蓋要確實密合，避免蚊蟲和落葉掉入", "清洗後第一次的水建議先放掉再使用", "不鏽鋼水塔也會有水垢，不是不用洗"],
    features: ["食品級消毒藥劑", "高壓沖洗", "污泥抽除", "水質餘氯檢測", "清洗前後照片記錄"],
    groups: ["水塔內部", "水塔底部沉積物", "進水管與浮球", "蓄水池", "水塔外觀"],
    price: [2500, 6000], unit: "顆", buildings: ["透天厝", "老公寓", "社區大樓", "電梯大樓", "國小", "工廠"],
  },
  {
    name: "地板打蠟", slug: "floor-waxing", key: "floor_cleaning",
    problems: ["地板霧霧的沒有光澤", "磁磚縫發黑", "地板有很多刮痕", "走起來黏黏的", "打蠟層剝落不均"],
    details: ["一樓大約 30 坪", "是塑膠地磚", "是拋光石英磚", "店面每天人來人往", "辦公室大概 80 坪"],
    works: ["移開家具並清除灰塵", "以洗地機搭配中性清潔劑洗地", "剝除舊蠟層", "上三層高分子地板蠟", "以高速拋光機拋光"],
    tips: ["打蠟後 24 小時內避免拖動重物", "平時用微濕的拖把清潔即可", "門口放地墊可以減少砂粒刮傷", "塑膠地磚大約每半年打蠟一次"],
    features: ["高分子耐磨地板蠟", "舊蠟剝除", "洗地機深層清潔", "高速拋光"],
    groups: ["大廳地面", "走道", "辦公區", "茶水間地板", "門口區域"],
    price: [60, 150], unit: "坪", buildings: ["辦公室", "店面", "國小", "診所", "幼兒園", "補習班"],
  },
  {
    name: "石材晶化", slug: "stone-polishing", key: "stone_polishing",
    problems: ["大理石失去光澤", "石材表面有水漬", "大理石有吃色", "地面有細微刮痕"],
    details: ["大廳是白色大理石", "樓梯是花崗岩", "浴室牆面是大理石"],
    works: ["以鑽石研磨片逐層研磨", "填補細縫", "上晶化劑並以重機拋光", "做防護處理"],
    tips: ["大理石怕酸，醋和檸檬汁都要避免", "晶化後平時用靜電拖把除塵即可", "石材每一到兩年保養一次最理想"],
    features: ["鑽石研磨", "晶化處理", "石材防護"],
    groups: ["大廳大理石", "樓梯", "電梯口", "浴室牆面"],
    price: [150, 350], unit: "坪", buildings: ["社區大樓", "電梯大樓", "飯店", "別墅", "辦公室"],
  },
  {
    name: "停車場清潔", slug: "parking-cleaning", key: "parking_station_cleaning",
    problems: ["地面油漬很多", "排水溝堵塞有臭味", "牆面有輪胎痕", "車道很滑"],
    details: ["地下兩層停車場", "大約 120 個車位", "社區每季要清一次"],
    works: ["清掃落葉與垃圾", "以洗地機清洗車道", "局部除油處理", "清理排水溝與集水井"],
    tips: ["油漬越早處理越容易清除", "排水溝要定期清理，避免颱風天積水", "車道止滑條磨損要記得更換"],
    features: ["洗地機清洗", "除油處理", "排水溝疏通"],
    groups: ["車道", "停車格", "排水溝", "集水井"],
    price: [15000, 45000], unit: "次", buildings: ["社區大樓", "賣場", "辦公室", "停車場"],
  },
  {
    name: "駐點清潔", slug: "on-site-cleaning", key: "on_site_cleaning",
    problems: ["公共區域常常沒人整理", "廁所有異味", "垃圾量很大"],
    details: ["需要每天上午派一位人員", "週一到週五駐點", "辦公室約 50 人"],
    works: ["每日清潔公共區域", "廁所清潔與補充耗材", "垃圾分類與回收", "定期擦拭玻璃門"],
    tips: ["駐點人員固定比較熟悉環境", "清潔檢核表可以讓管理更清楚"],
    features: ["固定人員駐點", "每日檢核表", "耗材管理"],
    groups: ["大廳", "廁所", "茶水間", "垃圾分類區"],
    price: [28000, 60000], unit: "月", buildings: ["辦公室", "社區大樓", "工廠", "診所"],
  },
  {
    name: "裝潢後清潔", slug: "after-renovation-cleaning", key: "construction_detail_cleaning",
    problems: ["到處都是粉塵", "玻璃上有水泥和油漆點", "地板有矽利康殘膠", "櫃子裡都是木屑"],
    details: ["剛裝潢完大約 35 坪", "下週就要搬進去", "新成屋三房兩廳"],
    works: ["由上而下除塵", "刮除玻璃上的水泥與油漆", "清潔櫥櫃內外", "清除地面殘膠", "最後全室吸塵與擦拭"],
    tips: ["裝潢後要清兩次，粗清和細清", "入住前記得清冷氣濾網裡的粉塵", "細清最好在裝潢完全結束後再做"],
    features: ["粗清與細清", "玻璃刮除", "殘膠處理", "除塵"],
    groups: ["客廳", "廚房", "主臥室", "浴室", "陽台"],
    price: [180, 350], unit: "坪", buildings: ["小套房", "電梯大樓", "透天厝", "店面", "辦公室"],
  },
  {
    name: "地毯沙發清洗", slug: "carpet-sofa-cleaning", key: "carpet_sofa_cleaning",
    problems: ["沙發有污漬", "地毯有異味", "小孩打翻飲料", "家裡有養貓狗"],
    details: ["三人座布沙發", "辦公室滿鋪地毯約 40 坪", "床墊也想一起清"],
    works: ["吸除表面灰塵與毛髮", "局部去漬", "以蒸汽抽洗機深層清洗", "除蟎殺菌"],
    tips: ["地毯建議每半年深層清洗一次", "打翻飲料先用乾布按壓吸乾，不要用力搓", "清洗後保持通風比較快乾"],
    features: ["蒸汽抽洗", "局部去漬", "除蟎殺菌"],
    groups: ["沙發", "地毯", "床墊", "辦公椅"],
    price: [1500, 5000], unit: "件", buildings: ["辦公室", "飯店", "別墅", "電梯大樓"],
  },
  {
    name: "活動場地清潔", slug: "event-cleaning", key: "event_cleaning",
    problems: ["活動後垃圾很多", "場地要在隔天早上歸還"],
    details: ["週末有一場園遊會", "尾牙大約 300 人", "展覽場地兩天"],
    works: ["活動前場地整理", "活動中垃圾清運", "活動後復原清潔"],
    tips: ["大型活動最好事先規劃垃圾分類站", "夜間撤場要提早跟場地確認時間"],
    features: ["活動前中後清潔", "垃圾清運", "夜間撤場"],
    groups: ["會場", "垃圾分類站", "後台", "出入口"],
    price: [8000, 30000], unit: "場", buildings: ["國小", "飯店", "廟宇", "教會", "賣場"],
  },
  {
    name: "庭園整理", slug: "garden-care", key: "landscape_maintenance",
    problems: ["草長得太高", "樹枝伸到鄰居家", "落葉堵住排水"],
    details: ["前後院大約 50 坪", "社區中庭要定期修剪"],
    works: ["割草與修邊", "修剪樹木", "清運枝葉", "施肥與病蟲害檢查"],
    tips: ["颱風季前記得修剪過長的樹枝", "草皮夏天大約兩週修剪一次"],
    features: ["割草修邊", "樹木修剪", "枝葉清運"],
    groups: ["前院", "中庭", "圍牆邊", "後院"],
    price: [3000, 15000], unit: "次", buildings: ["別墅", "社區大樓", "國小", "透天厝"],
  },
  {
    name: "高壓沖洗", slug: "pressure-washing", key: "high_pressure_cleaning",
    problems: ["地面青苔很滑", "騎樓很髒", "頂樓排水孔堵塞"],
    details: ["頂樓大約 25 坪", "騎樓和人行道", "廠房外牆和地面"],
    works: ["清除雜物與落葉", "以高壓水柱沖洗地面", "刷洗青苔與黑垢", "疏通排水孔"],
    tips: ["青苔容易滑倒，長輩家要特別注意", "頂樓排水孔要定期清，避免漏水"],
    features: ["高壓水柱", "除青苔", "排水孔疏通"],
    groups: ["頂樓地面", "騎樓", "排水孔", "外牆下緣"],
    price: [3000, 12000], unit: "次", buildings: ["透天厝", "工廠", "店面", "老公寓"],
  },
  {
    name: "外牆清洗", slug: "exterior-wall-cleaning", key: "high_altitude_cleaning",
    problems: ["外牆有黑色水痕", "磁磚縫長青苔", "玻璃帷幕很髒", "招牌積了很多灰"],
    details: ["大樓 12 層樓高", "外牆是二丁掛磁磚", "玻璃帷幕辦公大樓"],
    works: ["架設吊籠與安全繩索", "以中性清潔劑刷洗外牆", "高壓沖洗", "玻璃刮洗"],
    tips: ["外牆清洗要注意天候，風大不施工", "外牆清洗大約兩到三年一次"],
    features: ["吊籠作業", "繩索垂降", "合格高空作業人員", "投保意外險"],
    groups: ["外牆", "玻璃帷幕", "招牌", "窗台"],
    price: [60000, 300000], unit: "棟", buildings: ["電梯大樓", "社區大樓", "辦公室", "飯店"],
  },
  {
    name: "除蟲消毒", slug: "pest-control", key: "pest_control",
    problems: ["廚房有很多蟑螂", "晚上聽到老鼠聲", "木頭門框有白蟻", "家裡有小黑蚊", "衣櫃有衣魚"],
    details: ["餐廳需要每月消毒", "住家三房兩廳", "倉庫放很多紙箱"],
    works: ["現場勘查蟲源", "施放低毒性藥劑", "餌劑與誘捕器布置", "封堵縫隙", "定期回訪檢查"],
    tips: ["蟑螂餌劑要放在陰暗角落", "廚餘要每天清，不要過夜", "發現白蟻不要自己噴藥，會讓蟻群轉移"],
    features: ["環保署核可藥劑", "低毒性施作", "定期回訪", "消毒證明"],
    groups: ["廚房", "倉庫", "排水孔", "天花板"],
    price: [2000, 8000], unit: "次", buildings: ["餐廳", "透天厝", "倉庫", "幼兒園", "老公寓"],
  },
  {
    name: "冷氣清洗", slug: "air-conditioner-cleaning",
    problems: ["冷氣有霉味", "出風口有黑點", "冷氣會滴水", "冷房效果變差"],
    details: ["家裡有三台分離式冷氣", "辦公室是吊隱式冷氣", "窗型冷氣用了十年"],
    works: ["拆卸濾網與外殼", "以防水罩包覆後高壓清洗散熱片", "清洗風扇滾輪", "排水管疏通"],
    tips: ["冷氣每年入夏前清洗一次", "濾網每兩週自己清一次就很有幫助", "關機前先送風半小時可以減少發霉"],
    features: ["拆洗風扇滾輪", "散熱片清洗", "排水管疏通"],
    groups: ["室內機", "濾網", "風扇滾輪", "排水盤"],
    price: [1800, 3500], unit: "台", buildings: ["透天厝", "電梯大樓", "辦公室", "小套房"],
  },
  {
    name: "居家清潔", slug: "home-cleaning",
    problems: ["工作忙沒時間打掃", "廚房油垢很厚", "浴室有水垢和黴菌", "窗戶軌道很多灰塵"],
    details: ["三房兩廳兩衛", "想要每兩週一次定期清潔", "過年前想大掃除"],
    works: ["全室除塵", "廚房除油", "浴室除垢除霉", "窗戶與軌道清潔", "地板清潔"],
    tips: ["大掃除從高處往低處做", "浴室用完保持通風可以減少黴菌", "廚房油垢可以先用溫水熱敷再擦"],
    features: ["定期清潔", "廚房除油", "浴室除霉", "大掃除"],
    groups: ["廚房", "浴室", "客廳", "窗戶"],
    price: [2200, 6000], unit: "次", buildings: ["電梯大樓", "老公寓", "透天厝", "小套房"],
  },
  {
    name: "抽油煙機清洗", slug: "range-hood-cleaning",
    problems: ["抽油煙機滴油", "吸力變差", "聲音很大"],
    details: ["用了五年沒有洗過", "是隱藏式抽油煙機"],
    works: ["拆卸風扇與油網", "以除油劑浸泡", "清洗外殼與油杯", "組裝後測試"],
    tips: ["抽油煙機大約一年清洗一次", "油杯要常倒，避免滴油"],
    features: ["拆洗風扇", "除油浸泡"],
    groups: ["風扇", "油網", "外殼"],
    price: [1500, 2500], unit: "台", buildings: ["透天厝", "電梯大樓", "餐廳"],
  },
];

/** What customers write when they only want to know how it goes. */
export const GENERIC_QUESTIONS = [
  "想請問費用大概多少", "請問可以先到現場估價嗎", "請問最快什麼時候可以安排", "請問假日有施工嗎", "請問需要多久時間",
  "請問可以開發票嗎", "需要我們先準備什麼嗎", "請問有保固嗎",
] as const;

export const BLOG_CATEGORIES: ReadonlyArray<readonly [string, string, string]> = [
  ["居家清潔技巧", "home-cleaning-tips", "打掃的順序、工具和小撇步，讓家裡乾淨又省力。"],
  ["水塔與水質", "water-tank", "水塔清洗、水質檢測與用水安全。"],
  ["地板與石材保養", "floor-care", "地板打蠟、石材晶化與日常保養。"],
  ["病媒防治", "pest-control", "蟑螂、白蟻、老鼠與蚊蟲的預防與處理。"],
  ["冷氣與家電清洗", "appliance-cleaning", "冷氣、抽油煙機等家電的清洗與保養。"],
  ["裝潢後清潔", "after-renovation", "裝潢完工到入住前的清潔重點。"],
  ["商業空間維護", "commercial-spaces", "辦公室、店面、社區與工廠的清潔維護。"],
  ["公司消息", "news", "服務公告、活動與公司近況。"],
];

/** Each blog category's topics (by name) and its tags' share of the tag list. */
export const CATEGORY_TOPICS: Record<string, readonly string[]> = {
  "home-cleaning-tips": ["居家清潔", "抽油煙機清洗", "地毯沙發清洗"],
  "water-tank": ["水塔清洗"],
  "floor-care": ["地板打蠟", "石材晶化"],
  "pest-control": ["除蟲消毒"],
  "appliance-cleaning": ["冷氣清洗", "抽油煙機清洗"],
  "after-renovation": ["裝潢後清潔"],
  "commercial-spaces": ["駐點清潔", "停車場清潔", "外牆清洗", "高壓沖洗", "活動場地清潔", "庭園整理"],
  news: ["居家清潔", "水塔清洗", "外牆清洗"],
};

export const BLOG_TAGS = [
  "水塔清洗", "水質", "黃水", "地板打蠟", "石材晶化", "大理石", "除蟲", "蟑螂", "白蟻", "老鼠", "登革熱", "冷氣清洗", "抽油煙機",
  "居家清潔", "大掃除", "收納", "浴室", "廚房", "除霉", "除蟎", "裝潢後清潔", "新成屋", "外牆清洗", "高空作業", "高壓沖洗", "青苔",
  "停車場", "社區管理", "辦公室清潔", "餐廳衛生", "颱風", "梅雨季", "過年", "基隆", "台北", "新北", "省錢妙招", "環保清潔", "寵物家庭", "長輩居家安全",
] as const;

export const STICKERS: ReadonlyArray<readonly [string, string]> = [
  ["446", "1988"], ["446", "1989"], ["446", "2005"], ["789", "10855"], ["789", "10856"], ["789", "10870"], ["11537", "52002734"],
  ["11537", "52002738"], ["11538", "51626494"], ["11538", "51626501"], ["11539", "52114110"], ["6136", "10551376"],
];

export const USER_AGENTS = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Line/14.9.0",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0",
] as const;

export const SPAM_USER_AGENTS = ["python-requests/2.31.0", "Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1)", "curl/8.4.0", "Go-http-client/1.1"] as const;

export const SPAM_NAMES = ["David Smith", "SEO Team", "Crystal Johnson", "Mike Brown", "Web Design Agency", "Anna", "Robert", "Traffic Expert", "Jessica Lee", "Marketing Pro"] as const;
export const SPAM_DOMAINS = ["best-seo-rank.xyz", "cheap-traffic.top", "growth-leads.biz", "crypto-yield.io", "webdesign-offer.net", "followers4u.shop"] as const;
export const SPAM_SUBJECTS = ["Website proposal", "Increase your Google ranking", "Business partnership", "Re: your website", "Quick question", "Investment opportunity", "Get more customers"] as const;
export const SPAM_BODIES = [
  "Hi, I visited your website and noticed it is not on the first page of Google. We can fix that in 30 days. Reply for a free audit: {link}",
  "Dear owner, we offer 1000 high quality backlinks for only $49. Limited offer! {link}",
  "Hello! Are you interested in a new website design? Our team builds modern sites from $199. Portfolio: {link}",
  "Earn 20% monthly with our crypto trading bot. Register now: {link}",
  "Buy real Instagram and Facebook followers, fast delivery, 24/7 support {link}",
  "I want to discuss a business proposal with you. Please contact me at my private email for details. {link}",
  "Your domain listing will expire soon. Renew your search engine submission here: {link}",
] as const;
