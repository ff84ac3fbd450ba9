// The services page's visual editor (002 §2.7): the hero with its highlight
// stats, the core-service section, the service cards (move up / down with
// 1-based renumbering, add, delete after our confirmation), and the contact
// block.
import { ArrowDown, ArrowUp, ChevronDown, ChevronUp, ImagePlus, Plus, Trash2, Upload, X } from "lucide-react";
import { useRef, useState } from "react";
import { ICON_COLOUR_PRESETS, SERVICE_ICONS, type ServiceEntry, type ServiceIcon, type ServicesPageContent, type ServiceStat } from "#contract/pages.ts";
import { uploadMediaFile } from "#web/admin/media/media-api.ts";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { MediaPicker } from "#web/admin/shared/media-picker.tsx";
import { BadgesField, EditorSection, LinesField, SelectField, TextAreaField, TextField, ids, smallButton, type FieldErrors } from "./editor-fields.tsx";
import { moveService, newServiceEntry, newStat, parsePrice, priceText, removeAt } from "./page-content.ts";

export const STAT_ICONS = [
  { value: "MapPin", label: "地點" },
  { value: "Clock", label: "時鐘" },
  { value: "Phone", label: "電話" },
  { value: "Building2", label: "建築" },
  { value: "Calendar", label: "日曆" },
  { value: "Compass", label: "指南針" },
] as const;

const SERVICE_ICON_NAMES: Record<ServiceIcon, string> = {
  Droplets: "水滴",
  Sparkles: "閃亮",
  Gem: "寶石",
  Car: "汽車",
  Users: "人員",
  PartyPopper: "派對",
  Hammer: "鐵鎚",
  Trees: "樹木",
  Sofa: "沙發",
  Waves: "水波",
  Building2: "建築",
  ShieldAlert: "警示盾牌",
};

const COLOUR_NAMES = ["天藍", "琥珀", "紫羅蘭", "石板灰", "翡翠綠", "橘", "玫瑰", "粉紅", "綠", "青", "靛藍", "紅"];
const THEME_COLOUR = "theme";
const colourValue = (entry: Pick<ServiceEntry, "iconBg" | "iconColor">) => {
  const index = ICON_COLOUR_PRESETS.findIndex((preset) => preset.iconBg === entry.iconBg && preset.iconColor === entry.iconColor);
  return index >= 0 ? String(index) : THEME_COLOUR;
};
const COLOUR_OPTIONS = [{ value: THEME_COLOUR, label: "主題色（預設）" }, ...ICON_COLOUR_PRESETS.map((_, index) => ({ value: String(index), label: COLOUR_NAMES[index] ?? `配色 ${index + 1}` }))];

interface Props {
  value: ServicesPageContent;
  onChange(next: ServicesPageContent): void;
  errors: FieldErrors;
  onNotice(text: string): void;
}

export function ServicesPageEditor({ value, onChange, errors, onNotice }: Props) {
  const confirm = useConfirm();
  const set = <K extends keyof ServicesPageContent>(key: K, next: ServicesPageContent[K]) => onChange({ ...value, [key]: next });
  const setHero = <K extends keyof ServicesPageContent["hero"]>(key: K, next: ServicesPageContent["hero"][K]) => set("hero", { ...value.hero, [key]: next });
  const setSection = <K extends keyof ServicesPageContent["section"]>(key: K, next: ServicesPageContent["section"][K]) => set("section", { ...value.section, [key]: next });
  const setContact = <K extends keyof ServicesPageContent["contact"]>(key: K, next: ServicesPageContent["contact"][K]) => set("contact", { ...value.contact, [key]: next });
  const setStat = (index: number, patch: Partial<ServiceStat>) => setHero("stats", value.hero.stats.map((stat, position) => (position === index ? { ...stat, ...patch } : stat)));
  const setService = (index: number, next: ServiceEntry) => set("services", value.services.map((entry, position) => (position === index ? next : entry)));

  async function removeService(index: number) {
    const entry = value.services[index]!;
    const confirmed = await confirm({ title: "刪除服務項目", message: "確定要刪除此服務項目嗎？", items: [entry.title || "（未命名服務）"], confirmLabel: "刪除" });
    if (confirmed) set("services", removeAt(value.services, index));
  }

  return (
    <div className="space-y-6" data-testid="services-page-editor">
      <EditorSection title="頁首主視覺">
        <TextField field="hero-title" label="標題" value={value.hero.title} onChange={(text) => setHero("title", text)} />
        <TextField field="hero-subtitle" label="副標題" value={value.hero.subtitle} onChange={(text) => setHero("subtitle", text)} />
        <TextAreaField field="hero-description" label="描述（選填）" value={value.hero.description} onChange={(text) => setHero("description", text)} />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-gray-800">重點資訊</legend>
          {value.hero.stats.map((stat, index) => (
            <div key={stat.id} className="grid gap-3 rounded-lg border border-gray-200 p-3 sm:grid-cols-[10rem_1fr_1fr_auto] sm:items-end" data-testid="hero-stat">
              <SelectField field={`stat-${index}-icon`} label={`圖示（第 ${index + 1} 項）`} value={stat.icon} options={STAT_ICONS} onChange={(icon) => setStat(index, { icon })} />
              <TextField field={`stat-${index}-label`} label="標籤" value={stat.label} onChange={(label) => setStat(index, { label })} />
              <TextField field={`stat-${index}-value`} label="內容" value={stat.value} onChange={(text) => setStat(index, { value: text })} />
              <button type="button" aria-label={`刪除重點資訊「${stat.label || index + 1}」`} onClick={() => setHero("stats", value.hero.stats.filter((_, position) => position !== index))} className={smallButton}>
                <Trash2 aria-hidden size={16} />
              </button>
            </div>
          ))}
          <button type="button" onClick={() => setHero("stats", [...value.hero.stats, newStat()])} className={smallButton}>
            <Plus aria-hidden size={16} />
            新增重點資訊
          </button>
        </fieldset>
      </EditorSection>

      <EditorSection title="核心服務區塊">
        <TextField field="section-title" label="標題" value={value.section.title} onChange={(text) => setSection("title", text)} />
        <TextField field="section-subtitle" label="副標題" value={value.section.subtitle} onChange={(text) => setSection("subtitle", text)} />
        <TextField field="section-tagline" label="標語" value={value.section.tagline} onChange={(text) => setSection("tagline", text)} />
        <TextAreaField field="section-description" label="描述" value={value.section.description} onChange={(text) => setSection("description", text)} />
        <BadgesField field="section-badges" label="特色標籤" value={value.section.badges} onChange={(badges) => setSection("badges", badges)} />
      </EditorSection>

      <EditorSection title={`服務卡片（${value.services.length}）`} testId="service-cards">
        <ol className="space-y-3">
          {value.services.map((entry, index) => (
            <ServiceCardEditor
              key={entry.key}
              entry={entry}
              index={index}
              count={value.services.length}
              errors={errors}
              onChange={(next) => setService(index, next)}
              onMove={(direction) => set("services", moveService(value.services, index, direction))}
              onRemove={() => void removeService(index)}
              onNotice={onNotice}
            />
          ))}
        </ol>
        <button type="button" onClick={() => set("services", [...value.services, newServiceEntry(value.services)])} className={smallButton} data-testid="add-service">
          <Plus aria-hidden size={16} />
          新增服務
        </button>
      </EditorSection>

      <EditorSection title="聯絡區塊">
        <TextField field="contact-title" label="標題" value={value.contact.title} onChange={(text) => setContact("title", text)} />
        <TextField field="contact-subtitle" label="副標題" value={value.contact.subtitle} onChange={(text) => setContact("subtitle", text)} />
        <TextField field="contact-phoneTitle" label="電話標題" value={value.contact.phoneTitle} onChange={(text) => setContact("phoneTitle", text)} />
        <LinesField field="contact-phoneNumbers" label="電話號碼" help="每行一個電話號碼" value={value.contact.phoneNumbers} onChange={(lines) => setContact("phoneNumbers", lines)} />
        <TextField field="contact-addressTitle" label="地址標題" value={value.contact.addressTitle} onChange={(text) => setContact("addressTitle", text)} />
        <TextField field="contact-address" label="地址" value={value.contact.address} onChange={(text) => setContact("address", text)} />
        <TextField field="contact-hoursTitle" label="服務時間標題" value={value.contact.hoursTitle} onChange={(text) => setContact("hoursTitle", text)} />
        <LinesField field="contact-hours" label="服務時間" help="每行一個時段" value={value.contact.hours} onChange={(lines) => setContact("hours", lines)} />
        <TextField field="contact-buttonText" label="按鈕文字" value={value.contact.buttonText} onChange={(text) => setContact("buttonText", text)} />
        <TextField
          field="contact-buttonLink"
          label="按鈕連結"
          errors={errors}
          help="網站路徑（例如 /contact）或完整的 https:// 網址"
          value={value.contact.buttonLink}
          onChange={(text) => setContact("buttonLink", text)}
        />
      </EditorSection>
    </div>
  );
}

interface CardProps {
  entry: ServiceEntry;
  index: number;
  count: number;
  errors: FieldErrors;
  onChange(next: ServiceEntry): void;
  onMove(direction: -1 | 1): void;
  onRemove(): void;
  onNotice(text: string): void;
}

function ServiceCardEditor({ entry, index, count, errors, onChange, onMove, onRemove, onNotice }: CardProps) {
  const [expanded, setExpanded] = useState(false);
  const [picking, setPicking] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const prefix = `service-${index}`;
  const hasError = Object.keys(errors).some((key) => key.startsWith(`${prefix}-`));
  const open = expanded || hasError;
  const name = entry.title || "（未命名服務）";
  const panelId = ids.field(`${prefix}-panel`);
  const set = <K extends keyof ServiceEntry>(key: K, next: ServiceEntry[K]) => onChange({ ...entry, [key]: next });

  async function upload(file: File) {
    setUploading(true);
    const outcome = await uploadMediaFile(file, {});
    setUploading(false);
    if (outcome.ok) set("image", outcome.file.file_path || outcome.file.file_url);
    else onNotice(outcome.message || "圖片上傳失敗");
  }

  return (
    <li className="rounded-xl border border-gray-200 bg-gray-50" data-testid="service-card" data-service-key={entry.key}>
      <div className="flex flex-wrap items-center gap-2 p-3">
        <button type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setExpanded(!open)} className={`${smallButton} flex-1 justify-start border-transparent bg-transparent text-left`}>
          {open ? <ChevronUp aria-hidden size={16} /> : <ChevronDown aria-hidden size={16} />}
          <span className="text-gray-600" data-testid="service-order">
            {entry.order}.
          </span>
          <span className="font-semibold text-gray-900" data-testid="service-title">
            {name}
          </span>
        </button>
        <button type="button" aria-label={`上移「${name}」`} disabled={index === 0} onClick={() => onMove(-1)} className={smallButton}>
          <ArrowUp aria-hidden size={16} />
        </button>
        <button type="button" aria-label={`下移「${name}」`} disabled={index === count - 1} onClick={() => onMove(1)} className={smallButton}>
          <ArrowDown aria-hidden size={16} />
        </button>
        <button type="button" aria-label={`刪除「${name}」`} onClick={onRemove} className={`${smallButton} text-red-700`}>
          <Trash2 aria-hidden size={16} />
        </button>
      </div>
      {open ? (
        <div id={panelId} className="grid gap-4 border-t border-gray-200 bg-white p-4 sm:grid-cols-2">
          <TextField field={`${prefix}-title`} label="服務名稱" value={entry.title} onChange={(text) => set("title", text)} />
          <TextField field={`${prefix}-category`} label="類別名稱" value={entry.category_name} onChange={(text) => set("category_name", text)} />
          <div className="sm:col-span-2">
            <TextAreaField field={`${prefix}-description`} label="描述" value={entry.description} onChange={(text) => set("description", text)} />
          </div>
          <div className="sm:col-span-2">
            <LinesField field={`${prefix}-features`} label="服務特色" value={entry.features} onChange={(lines) => set("features", lines)} />
          </div>
          <TextField field={`${prefix}-buttonText`} label="按鈕文字（選填）" value={entry.button.text} onChange={(text) => set("button", { ...entry.button, text })} />
          <TextField
            field={`${prefix}-link`}
            label="按鈕連結（選填）"
            errors={errors}
            help="網站路徑（例如 /contact）或完整的 https:// 網址"
            value={entry.button.link}
            onChange={(link) => set("button", { ...entry.button, link })}
          />
          <PriceField field={`${prefix}-price`} value={entry.price} onChange={(price) => set("price", price)} />
          <TextField field={`${prefix}-priceUnit`} label="價格單位" value={entry.price_unit} onChange={(text) => set("price_unit", text)} />
          <TextField field={`${prefix}-badge`} label="標籤" value={entry.badge} onChange={(text) => set("badge", text)} />
          <SelectField
            field={`${prefix}-icon`}
            label="圖示"
            value={entry.icon}
            options={[...SERVICE_ICONS.map((icon) => ({ value: icon, label: SERVICE_ICON_NAMES[icon] })), ...((SERVICE_ICONS as readonly string[]).includes(entry.icon) ? [] : [{ value: entry.icon, label: entry.icon }])]}
            onChange={(icon) => set("icon", icon)}
          />
          <SelectField
            field={`${prefix}-colour`}
            label="圖示配色"
            value={colourValue(entry)}
            options={COLOUR_OPTIONS}
            onChange={(choice) => {
              const preset = choice === THEME_COLOUR ? { iconBg: "bg-primary-100", iconColor: "text-primary-600" } : ICON_COLOUR_PRESETS[Number(choice)]!;
              onChange({ ...entry, iconBg: preset.iconBg, iconColor: preset.iconColor });
            }}
          />
          <fieldset className="space-y-2 sm:col-span-2">
            <legend className="text-sm font-medium text-gray-800">圖片</legend>
            {entry.image ? <img src={entry.image} alt={`「${name}」的圖片`} className="h-32 w-48 rounded-lg object-cover" data-testid="service-image-preview" /> : <p className="text-sm text-gray-600">尚未選擇圖片</p>}
            <div className="flex flex-wrap gap-2">
              <input ref={fileInput} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-hidden onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) void upload(file);
              }} />
              <button type="button" onClick={() => fileInput.current?.click()} disabled={uploading} className={smallButton}>
                <Upload aria-hidden size={16} />
                {uploading ? "上傳中..." : "上傳圖片"}
              </button>
              <button type="button" onClick={() => setPicking(true)} className={smallButton}>
                <ImagePlus aria-hidden size={16} />
                從媒體庫選擇
              </button>
              {entry.image ? (
                <button type="button" onClick={() => set("image", "")} className={smallButton}>
                  <X aria-hidden size={16} />
                  移除圖片
                </button>
              ) : null}
            </div>
          </fieldset>
          <MediaPicker open={picking} onClose={() => setPicking(false)} accept="image" onConfirm={([file]) => file && set("image", file.file_path || file.file_url)} />
        </div>
      ) : null}
    </li>
  );
}

/** The price: empty means no price (null), as 002 §5 asks. */
function PriceField({ field, value, onChange }: { field: string; value: number | null; onChange(price: number | null): void }) {
  const [text, setText] = useState(() => priceText(value));
  return (
    <TextField
      field={field}
      label="價格（選填）"
      type="number"
      help="留空則不顯示價格"
      value={text}
      onChange={(next) => {
        setText(next);
        onChange(parsePrice(next));
      }}
    />
  );
}
