import { data, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import type { ResponsivePicture } from "#contract/media.ts";
import type { CoreServicesData } from "./core-services.tsx";
import type { HomeHeroData } from "./home-hero.tsx";
import type { CallToAction } from "./cta-band.tsx";
import { HomeSections } from "./home-sections.tsx";
import { BANNER_ERRORS } from "./carousel-rules.ts";
import { siteFromMatches, useSiteData } from "#web/ui/site-data.ts";
import { buildPageMeta } from "#web/site/shell/seo.ts";
import { NOT_CACHED, passLoaderHeaders } from "#web/site/shell/page-headers.ts";
import { requestLogContext, siteServicesContext } from "#web/site/shell/site-services.ts";

export const meta = ({ matches }: MetaArgs) => buildPageMeta(siteFromMatches(matches), { path: "/" });

export async function loader({ context }: LoaderFunctionArgs) {
  const site = context.get(siteServicesContext);
  const log = context.get(requestLogContext);
  let complete = true;
  // The call to action is the home_services page's; when it cannot be read the band is left out.
  let cta: CallToAction | null = null;
  let core: CoreServicesData | null = null;
  let pictures: Record<string, ResponsivePicture> = {};
  try {
    const content = await site.pages.homeServices();
    cta = content.cta;
    core = { title: content.title, subtitle: content.subtitle, description: content.description, badges: content.badges, services: content.services };
    pictures = await site.media.pictures(content.services.map((service) => service.image).filter(Boolean));
  } catch (error) {
    log.error({ err: error }, "the home page's content could not be loaded; leaving out its services and call to action");
    complete = false;
  }
  let hero: HomeHeroData;
  try {
    const slides = await site.banners.heroSlides();
    if (Array.isArray(slides?.banners)) {
      hero = { slides } satisfies HomeHeroData;
    } else {
      hero = { slides: null, slidesError: BANNER_ERRORS.unusable };
      complete = false;
    }
  } catch (error) {
    log.error({ err: error }, "the home page's banners could not be loaded; showing the fallback hero");
    hero = { slides: null, slidesError: BANNER_ERRORS.failed };
    complete = false;
  }
  // A page rendered from a failed read is not kept: the next visitor gets a fresh try.
  const page = { hero, cta, core, pictures };
  return complete ? page : data(page, NOT_CACHED);
}

export const headers = passLoaderHeaders;

/** Every layout type shows the sections staff content exists for (home-sections.tsx). */
export default function Home() {
  const { theme } = useSiteData();
  const { hero, cta, core, pictures } = useLoaderData<typeof loader>();
  return <HomeSections theme={theme} hero={hero} cta={cta} core={core} pictures={pictures} />;
}
