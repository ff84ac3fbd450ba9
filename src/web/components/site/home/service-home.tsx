// The service-layout home (000 section 2). This issue renders its fallback hero,
// contact-info band and call to action from settings; the banner slider and the
// core-services grid arrive with their own issues.
import { Building2, Clock, Mail, MapPin, Phone, Smartphone } from "lucide-react";
import { Link } from "react-router";
import { useSiteData } from "#web/lib/site-data.ts";

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export function ServiceHome() {
  const { settings } = useSiteData();
  const contactItems = [
    settings.company_phone && { icon: Phone, label: "電話", value: settings.company_phone, href: telHref(settings.company_phone) },
    settings.company_phone_mobile && { icon: Smartphone, label: "手機", value: settings.company_phone_mobile, href: telHref(settings.company_phone_mobile) },
    settings.company_tax_id && { icon: Building2, label: "統一編號", value: settings.company_tax_id },
    settings.company_email && { icon: Mail, label: "Email", value: settings.company_email, href: `mailto:${settings.company_email}` },
    settings.company_address && { icon: MapPin, label: "地址", value: settings.company_address, href: "/contact#map" },
    { icon: MapPin, label: "服務地區", value: settings.service_area || "基隆市、台北市、新北市、桃園市" },
    { icon: Clock, label: "營業時間", value: settings.business_hours || "週一至週五 8:00-18:00，週六 9:00-17:00" },
  ].filter(Boolean) as Array<{ icon: typeof Phone; label: string; value: string; href?: string }>;

  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-primary-700 via-primary-600 to-primary-400 text-white" style={{ minHeight: 500 }}>
        <div className="container-site flex min-h-[500px] flex-col justify-center py-16">
          <h1 className="text-3xl font-bold tracking-tight md:text-5xl">{settings.company_name}</h1>
          <p className="mt-5 max-w-2xl text-lg text-white/90 md:text-xl">{settings.site_description}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/contact" className="rounded-theme bg-white px-6 py-3 font-semibold text-primary-700 shadow hover:bg-primary-50">
              立即諮詢
            </Link>
            <Link to="/services" className="rounded-theme border border-white/70 px-6 py-3 font-semibold text-white hover:bg-white/10">
              了解服務
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="contact-info-title" className="bg-surface-muted">
        <div className="container-site py-14">
          <h2 id="contact-info-title" className="text-2xl font-bold text-ink">聯絡資訊</h2>
          <dl className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {contactItems.map((item) => (
              <div key={item.label} className="flex items-start gap-3 rounded-theme bg-card p-4 shadow-sm ring-1 ring-line">
                <item.icon aria-hidden className="mt-0.5 shrink-0 text-primary-600" size={20} />
                <div>
                  <dt className="text-sm text-ink-muted">{item.label}</dt>
                  <dd className="font-medium text-ink">
                    {item.href ? (
                      <a href={item.href} className="hover:text-primary-700 hover:underline">
                        {item.value}
                      </a>
                    ) : (
                      item.value
                    )}
                  </dd>
                </div>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="bg-primary-700 text-white">
        <div className="container-site flex flex-col items-start gap-6 py-14 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-2xl font-bold">立即預約免費到府估價</h2>
            <p className="mt-2 text-white/85">服務基隆、台北、新北與桃園地區</p>
          </div>
          <div className="flex flex-wrap gap-3">
            {settings.company_phone ? (
              <a href={telHref(settings.company_phone)} className="inline-flex items-center gap-2 rounded-theme bg-white px-6 py-3 font-semibold text-primary-700 hover:bg-primary-50">
                <Phone aria-hidden size={18} />
                撥打電話
              </a>
            ) : null}
            <Link to="/contact" className="rounded-theme border border-white/70 px-6 py-3 font-semibold hover:bg-white/10">
              線上諮詢
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
