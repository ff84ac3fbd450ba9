// The hero shown when there are no active banners or they could not be loaded
// (000 §2, §8): the company's name and description with the two ways on,
// 立即諮詢 to /contact and 了解服務 to /services.
import { Link } from "react-router";
import { useSiteData } from "#web/ui/site-data.ts";

export function FallbackHero({ error }: { error?: string }) {
  const { settings } = useSiteData();
  return (
    <section
      className="relative overflow-hidden bg-gradient-to-br from-primary-800 via-primary-700 to-primary-500 text-white"
      data-testid="fallback-hero"
      data-error={error}
    >
      <div className="container-site flex min-h-[min(500px,85svh)] flex-col justify-center py-16">
        <h1 className="text-3xl font-bold tracking-tight md:text-5xl">{settings.company_name}</h1>
        {settings.site_description ? <p className="mt-5 max-w-2xl text-lg text-white/90 md:text-xl">{settings.site_description}</p> : null}
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/contact" className="inline-flex min-h-12 items-center rounded-theme bg-white px-6 py-3 font-semibold text-primary-800 shadow hover:bg-primary-50">
            立即諮詢
          </Link>
          <Link to="/services" className="inline-flex min-h-12 items-center rounded-theme border border-white/80 px-6 py-3 font-semibold text-white hover:bg-white/10">
            了解服務
          </Link>
        </div>
      </div>
    </section>
  );
}
