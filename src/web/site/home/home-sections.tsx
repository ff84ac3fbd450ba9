// The home page's sections in the order homeSectionsOf gives for the active
// layout (000 §1, §2; decision 030): the hero slider, the core-services grid,
// the contact-info band and the call to action. Every layout shows what staff
// made; the layouts differ in the carousel's timing, the content width and,
// without a call to action of the staff's, the corporate consultation band.
import { Fragment, type ReactNode } from "react";
import type { ResponsivePicture } from "#contract/media.ts";
import { homeSectionsOf, isServiceLayout, type HomeSection, type Theme } from "#contract/theme.ts";
import { BANNER_CAROUSEL, HOME_SLIDER } from "./carousel-rules.ts";
import { ConsultBand } from "./consult-band.tsx";
import { ContactInfoBand } from "./contact-info-band.tsx";
import { CoreServices, type CoreServicesData } from "./core-services.tsx";
import { CtaBand, type CallToAction } from "./cta-band.tsx";
import { HomeHero, type HomeHeroData } from "./home-hero.tsx";

export interface HomeSectionsProps {
  theme: Pick<Theme, "layout_type">;
  hero: HomeHeroData;
  /** The home_services page's; null when it could not be read. */
  cta: CallToAction | null;
  core: CoreServicesData | null;
  pictures: Record<string, ResponsivePicture>;
}

export function HomeSections({ theme, hero, cta, core, pictures }: HomeSectionsProps) {
  const sections = homeSectionsOf(theme.layout_type, { services: (core?.services.length ?? 0) > 0, cta: cta !== null });
  const render: Record<HomeSection, () => ReactNode> = {
    hero: () => <HomeHero data={hero} timing={isServiceLayout(theme) ? HOME_SLIDER : BANNER_CAROUSEL} />,
    core_services: () => (core ? <CoreServices core={core} pictures={pictures} /> : null),
    contact_info: () => <ContactInfoBand />,
    cta: () => (cta ? <CtaBand cta={cta} /> : null),
    consult: () => <ConsultBand />,
  };
  return (
    <>
      {sections.map((section) => (
        <Fragment key={section}>{render[section]()}</Fragment>
      ))}
    </>
  );
}

