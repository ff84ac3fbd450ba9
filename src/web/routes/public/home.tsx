import { data, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { defaultHomeServicesContent } from "#contract/pages.ts";
import { isServiceLayout } from "#contract/theme.ts";
import { CorporateHome } from "#web/components/site/home/corporate-home.tsx";
import type { HomeHeroData } from "#web/components/site/home/home-hero.tsx";
import { ServiceHome } from "#web/components/site/home/service-home.tsx";
import { BANNER_ERRORS } from "#web/lib/hero-carousel.ts";
import { siteFromMatches, useSiteData } from "#web/lib/site-data.ts";
import { buildPageMeta } from "#web/lib/seo.ts";
import { NOT_CACHED, passLoaderHeaders } from "#web/lib/page-headers.ts";
import { siteServicesContext } from "#web/lib/site-services.ts";

export const meta = ({ matches }: MetaArgs) => buildPageMeta(siteFromMatches(matches), { path: "/" });

export async function loader({ context }: LoaderFunctionArgs) {
  // The stored home-services content arrives with the pages issue; until then its defaults.
  const { cta } = defaultHomeServicesContent();
  let hero: HomeHeroData;
  try {
    const slides = await context.get(siteServicesContext).getHeroSlides();
    if (Array.isArray(slides?.banners)) return { hero: { slides } satisfies HomeHeroData, cta };
    hero = { slides: null, slidesError: BANNER_ERRORS.unusable };
  } catch (error) {
    console.error(error);
    hero = { slides: null, slidesError: BANNER_ERRORS.failed };
  }
  return data({ hero, cta }, NOT_CACHED);
}

export const headers = passLoaderHeaders;

/** The service layout gets the service home; every other layout type the corporate home. */
export default function Home() {
  const { theme } = useSiteData();
  const { hero, cta } = useLoaderData<typeof loader>();
  return isServiceLayout(theme) ? <ServiceHome hero={hero} cta={cta} /> : <CorporateHome hero={hero} />;
}
