// The service-layout home (000 §2): the hero slider, the core-services grid,
// the contact-info band and the call to action.
import { HOME_SLIDER } from "./carousel-rules.ts";
import type { ResponsivePicture } from "#contract/media.ts";
import { ContactInfoBand } from "./contact-info-band.tsx";
import { CoreServices, type CoreServicesData } from "./core-services.tsx";
import { CtaBand, type CallToAction } from "./cta-band.tsx";
import { HomeHero, type HomeHeroData } from "./home-hero.tsx";

/** `core` and `cta`: the home_services page's; null when it could not be read. */
export function ServiceHome({ hero, cta, core, detailIds, pictures }: { hero: HomeHeroData; cta: CallToAction | null; core: CoreServicesData | null; detailIds: Record<string, number>; pictures: Record<string, ResponsivePicture> }) {
  return (
    <>
      <HomeHero data={hero} timing={HOME_SLIDER} />
      {core ? <CoreServices core={core} detailIds={detailIds} pictures={pictures} /> : null}
      <ContactInfoBand />
      {cta ? <CtaBand cta={cta} /> : null}
    </>
  );
}
