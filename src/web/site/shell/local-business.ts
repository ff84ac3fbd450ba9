// schema.org LocalBusiness for every public page, from the settings.
import type { PublicSettings } from "#contract/settings.ts";
import { socialLinksOf } from "#web/ui/social-links.tsx";

export const AREA_SERVED = ["基隆市", "台北市", "新北市", "桃園市"];
const DAY = { 一: "Mo", 二: "Tu", 三: "We", 四: "Th", 五: "Fr", 六: "Sa", 日: "Su" } as Record<string, string>;
const DEFAULT_HOURS = ["Mo-Fr 08:00-18:00", "Sa 09:00-17:00"];

const pad = (time: string) => time.padStart(5, "0");

/** "週一至週五 08:00-18:00，週六 09:00-17:00" → ["Mo-Fr 08:00-18:00", "Sa 09:00-17:00"]; unreadable text → the defaults. */
export function openingHoursFrom(text: string | undefined): string[] {
  const found: string[] = [];
  const pattern = /(?:週|星期)([一二三四五六日])(?:\s*(?:至|到|~|～|-|–)\s*(?:週|星期)?([一二三四五六日]))?\s*(\d{1,2}:\d{2})\s*(?:-|–|~|～|至)\s*(\d{1,2}:\d{2})/g;
  for (const match of (text ?? "").matchAll(pattern)) {
    const [, from, to, open, close] = match;
    found.push(`${DAY[from]}${to ? `-${DAY[to]}` : ""} ${pad(open)}-${pad(close)}`);
  }
  return found.length > 0 ? found : DEFAULT_HOURS;
}

export function localBusiness(settings: Partial<PublicSettings>, origin: string): Record<string, unknown> {
  const absolute = (value: string) => (/^https?:\/\//.test(value) ? value : `${origin}${value}`);
  const logo = settings.company_logo || settings.header_logo;
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: settings.company_name || settings.site_title,
    url: `${origin}/`,
    areaServed: AREA_SERVED.map((name) => ({ "@type": "City", name })),
    openingHours: openingHoursFrom(settings.business_hours),
  };
  if (settings.site_description) data.description = settings.site_description;
  if (logo) data.logo = absolute(logo);
  if (settings.og_image || logo) data.image = absolute(settings.og_image || logo!);
  if (settings.company_phone) data.telephone = settings.company_phone;
  if (settings.company_email) data.email = settings.company_email;
  if (settings.company_address) data.address = { "@type": "PostalAddress", streetAddress: settings.company_address, addressCountry: "TW" };
  if (settings.company_tax_id) data.taxID = settings.company_tax_id;
  // The company's own pages elsewhere (the footer's social links): how search engines tie them to this business.
  const sameAs = socialLinksOf(settings).map((link) => link.href);
  if (sameAs.length > 0) data.sameAs = sameAs;
  return data;
}

/** JSON for a <script type="application/ld+json">: `<` escaped so the text cannot end the element. */
export const jsonLdText = (data: unknown) => JSON.stringify(data).replace(/</g, "\\u003c");
