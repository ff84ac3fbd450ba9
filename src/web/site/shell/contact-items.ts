// Every way to reach the company that the settings hold, in one order, for the
// home page's contact band and the contact page (000 §2): phone, mobile, fax, tax id,
// email, the address (linking to the map), the service area and business hours
// (the spec's defaults when unset).
import { Building2, Clock, Mail, MapPin, Phone, Printer, Smartphone, type LucideIcon } from "lucide-react";
import { defaultSettings, type PublicSettings } from "#contract/settings.ts";
import { telHref } from "#web/ui/contact-links.ts";

export interface ContactItem {
  icon: LucideIcon;
  label: string;
  value: string;
  href?: string;
}

export function contactItems(settings: Partial<PublicSettings>, options: { taxId?: boolean } = {}): ContactItem[] {
  return [
    settings.company_phone && { icon: Phone, label: "電話", value: settings.company_phone, href: telHref(settings.company_phone) },
    settings.company_phone_mobile && { icon: Smartphone, label: "手機", value: settings.company_phone_mobile, href: telHref(settings.company_phone_mobile) },
    settings.company_fax && { icon: Printer, label: "傳真", value: settings.company_fax },
    options.taxId !== false && settings.company_tax_id && { icon: Building2, label: "統一編號", value: settings.company_tax_id },
    settings.company_email && { icon: Mail, label: "Email", value: settings.company_email, href: `mailto:${settings.company_email}` },
    settings.company_address && { icon: MapPin, label: "地址", value: settings.company_address, href: "/contact#map" },
    { icon: MapPin, label: "服務地區", value: settings.service_area || defaultSettings.service_area },
    { icon: Clock, label: "營業時間", value: settings.business_hours || defaultSettings.business_hours },
  ].filter((item): item is ContactItem => Boolean(item));
}
