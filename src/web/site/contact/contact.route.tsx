import { Clock, Mail, MapPin, Phone } from "lucide-react";
import type { MetaArgs } from "react-router";
import { PageIntro } from "#web/site/shell/page-intro.tsx";
import { siteFromMatches, useSiteData } from "#web/site/shell/site-data.ts";
import { buildPageMeta } from "#web/site/shell/seo.ts";

export const meta = ({ matches }: MetaArgs) =>
  buildPageMeta(siteFromMatches(matches), {
    title: "聯絡我們",
    description: "線上諮詢與聯絡方式：電話、Email、地址與服務時間。",
    path: "/contact",
  });

// The consultation form and the map arrive with the contact issue; the ways
// to reach the company are already real, from settings.
export default function Contact() {
  const { settings } = useSiteData();
  const lines = [
    settings.company_phone && { icon: Phone, text: settings.company_phone, href: `tel:${settings.company_phone.replace(/[^\d+]/g, "")}` },
    settings.company_email && { icon: Mail, text: settings.company_email, href: `mailto:${settings.company_email}` },
    settings.company_address && { icon: MapPin, text: settings.company_address },
    settings.business_hours && { icon: Clock, text: settings.business_hours },
  ].filter(Boolean) as Array<{ icon: typeof Phone; text: string; href?: string }>;
  return (
    <PageIntro title="聯絡我們" lead="歡迎來電或來信，我們將盡快回覆您。">
      <ul className="mt-8 space-y-3">
        {lines.map((line) => (
          <li key={line.text} className="flex items-center gap-3 text-ink">
            <line.icon aria-hidden size={20} className="text-primary-600" />
            {line.href ? (
              <a href={line.href} className="inline-flex min-h-11 items-center hover:text-primary-700 hover:underline">
                {line.text}
              </a>
            ) : (
              <span>{line.text}</span>
            )}
          </li>
        ))}
      </ul>
    </PageIntro>
  );
}
