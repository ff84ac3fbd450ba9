// The generic home for corporate, ecommerce and any other layout type (000 §1):
// the banner carousel (or the fallback hero) and a call to action to /contact.
import { Link } from "react-router";
import { BANNER_CAROUSEL } from "./carousel-rules.ts";
import { HomeHero, type HomeHeroData } from "./home-hero.tsx";

export function CorporateHome({ hero }: { hero: HomeHeroData }) {
  return (
    <>
      <HomeHero data={hero} timing={BANNER_CAROUSEL} />
      <section aria-labelledby="corporate-cta-title" className="bg-surface-muted">
        <div className="container-site flex flex-col items-start gap-6 py-16 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="corporate-cta-title" className="text-2xl font-bold text-ink">
              需要我們的協助嗎？
            </h2>
            <p className="mt-2 text-ink-muted">留下您的需求，我們將盡快與您聯繫。</p>
          </div>
          <Link to="/contact" className="inline-flex min-h-12 items-center rounded-theme bg-primary-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-primary-800">
            立即諮詢
          </Link>
        </div>
      </section>
    </>
  );
}
