// The home page's core-services block (002 §2.7): title, subtitle,
// description, up to 3 badges, the contact card, the call to action, and which
// services of 服務管理 its grid shows, in which order (service-chooser.tsx;
// decision 031), with the way to the services page.
import { ArrowRight, ExternalLink } from "lucide-react";
import type { HomeServicesRecord } from "#contract/pages.ts";
import { BadgesField, EditorSection, TextAreaField, TextField, smallButton, type FieldErrors } from "./editor-fields.tsx";
import { ServiceChooser } from "./service-chooser.tsx";

interface Props {
  value: HomeServicesRecord;
  onChange(next: HomeServicesRecord): void;
  errors: FieldErrors;
  /** Opens the services page in the editor. */
  onOpenServicesPage(): void;
}

export function HomeServicesEditor({ value, onChange, errors, onOpenServicesPage }: Props) {
  const set = <K extends keyof HomeServicesRecord>(key: K, next: HomeServicesRecord[K]) => onChange({ ...value, [key]: next });
  const setContact = (key: keyof HomeServicesRecord["contact"], text: string) => set("contact", { ...value.contact, [key]: text });
  const setCta = (key: keyof HomeServicesRecord["cta"], text: string) => set("cta", { ...value.cta, [key]: text });

  return (
    <div className="space-y-6" data-testid="home-services-editor">
      <EditorSection title="區塊標題">
        <TextField field="home-title" label="標題" value={value.title} onChange={(text) => set("title", text)} />
        <TextField field="home-subtitle" label="副標題" value={value.subtitle} onChange={(text) => set("subtitle", text)} />
        <TextAreaField field="home-description" label="描述" value={value.description} onChange={(text) => set("description", text)} />
        <BadgesField field="home-badges" label="特色標籤" value={value.badges} onChange={(badges) => set("badges", badges)} />
      </EditorSection>

      <EditorSection title="聯絡卡片">
        <TextField field="contact-badge" label="標籤文字" value={value.contact.badge} onChange={(text) => setContact("badge", text)} />
        <TextField field="contact-title" label="標題" value={value.contact.title} onChange={(text) => setContact("title", text)} />
        <TextField field="contact-subtitle" label="副標題" value={value.contact.subtitle} onChange={(text) => setContact("subtitle", text)} />
      </EditorSection>

      <EditorSection title="行動呼籲區塊">
        <TextField field="cta-title" label="行動呼籲標題" value={value.cta.title} onChange={(text) => setCta("title", text)} />
        <TextField field="cta-subtitle" label="行動呼籲副標題" value={value.cta.subtitle} onChange={(text) => setCta("subtitle", text)} />
        <TextField field="cta-buttonText" label="按鈕文字" value={value.cta.buttonText} onChange={(text) => setCta("buttonText", text)} />
        <TextField
          field="cta-buttonLink"
          label="按鈕連結"
          required
          errors={errors}
          help="網站路徑（例如 /contact）或完整的 https:// 網址"
          value={value.cta.buttonLink}
          onChange={(text) => setCta("buttonLink", text)}
        />
      </EditorSection>

      <ServiceChooser title="首頁顯示的服務" value={value.services} errors={errors} onChange={(services) => set("services", services)} />
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={onOpenServicesPage} className={smallButton} data-testid="open-services-page">
          <ArrowRight aria-hidden size={16} />
          前往編輯服務項目頁面
        </button>
        <a href="/services" target="_blank" rel="noopener noreferrer" className={`${smallButton} text-blue-700`}>
          <ExternalLink aria-hidden size={16} />
          預覽服務項目頁面（/services）
          <span className="sr-only">（在新視窗開啟）</span>
        </a>
      </div>
    </div>
  );
}
