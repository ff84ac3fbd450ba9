// The service-layout home (000 §2): the hero slider, the contact-info
// band and the call to action. The core-services grid arrives with the
// services issue; until then no placeholder cards are shown.
import { HOME_SLIDER } from "./carousel-rules.ts";
import { ContactInfoBand } from "./contact-info-band.tsx";
import { CtaBand, type CallToAction } from "./cta-band.tsx";
import { HomeHero, type HomeHeroData } from "./home-hero.tsx";

/** `cta`: the home_services page's call to action; null when it could not be read. */
export function ServiceHome({ hero, cta }: { hero: HomeHeroData; cta: CallToAction | null }) {
  return (
    <>
      <HomeHero data={hero} timing={HOME_SLIDER} />
      <ContactInfoBand />
      {cta ? <CtaBand cta={cta} /> : null}
    </>
  );
}
