// The services page's visual editor (002 §2.7): the hero with its highlight
// stats, the core-service section, its choice of the services of 服務管理
// (service-chooser.tsx: which, in which order, what each card says here;
// decision 031), and the contact block.
import { Plus, Trash2 } from "lucide-react";
import type { ServicesPageRecord, ServiceStat } from "#contract/pages.ts";
import { BadgesField, EditorSection, LinesField, SelectField, TextAreaField, TextField, smallButton, type FieldErrors } from "./editor-fields.tsx";
import { newStat } from "./page-content.ts";
import { ServiceChooser } from "./service-chooser.tsx";

export const STAT_ICONS = [
  { value: "MapPin", label: "地點" },
  { value: "Clock", label: "時鐘" },
  { value: "Phone", label: "電話" },
  { value: "Building2", label: "建築" },
  { value: "Calendar", label: "日曆" },
  { value: "Compass", label: "指南針" },
] as const;

interface Props {
  value: ServicesPageRecord;
  onChange(next: ServicesPageRecord): void;
  errors: FieldErrors;
}

export function ServicesPageEditor({ value, onChange, errors }: Props) {
  const set = <K extends keyof ServicesPageRecord>(key: K, next: ServicesPageRecord[K]) => onChange({ ...value, [key]: next });
  const setHero = <K extends keyof ServicesPageRecord["hero"]>(key: K, next: ServicesPageRecord["hero"][K]) => set("hero", { ...value.hero, [key]: next });
  const setSection = <K extends keyof ServicesPageRecord["section"]>(key: K, next: ServicesPageRecord["section"][K]) => set("section", { ...value.section, [key]: next });
  const setContact = <K extends keyof ServicesPageRecord["contact"]>(key: K, next: ServicesPageRecord["contact"][K]) => set("contact", { ...value.contact, [key]: next });
  const setStat = (index: number, patch: Partial<ServiceStat>) => setHero("stats", value.hero.stats.map((stat, position) => (position === index ? { ...stat, ...patch } : stat)));

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

      <ServiceChooser title="服務卡片" value={value.services} errors={errors} onChange={(services) => set("services", services)} />

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
