// The generic home for corporate, ecommerce and any other layout type (000 section 1).
import { Link } from "react-router";
import { useSiteData } from "#web/lib/site-data.ts";

export function CorporateHome() {
  const { settings } = useSiteData();
  return (
    <>
      <section className="bg-gradient-to-br from-primary-700 to-primary-500 text-white">
        <div className="container-site py-20 md:py-28">
          <h1 className="text-3xl font-bold tracking-tight md:text-5xl">{settings.company_name}</h1>
          <p className="mt-5 max-w-2xl text-lg text-white/90">{settings.site_description}</p>
        </div>
      </section>
      <section className="bg-surface-muted">
        <div className="container-site flex flex-col items-start gap-6 py-16 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-2xl font-bold text-ink">需要我們的協助嗎？</h2>
            <p className="mt-2 text-ink-muted">留下您的需求，我們將盡快與您聯繫。</p>
          </div>
          <Link to="/contact" className="rounded-theme bg-primary-600 px-6 py-3 font-semibold text-white shadow-sm hover:bg-primary-700">
            立即諮詢
          </Link>
        </div>
      </section>
    </>
  );
}
