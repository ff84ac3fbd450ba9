// The top of either home page: the banners as a carousel, or the fallback hero
// when there are none or they could not be loaded. The page keeps one h1.
import type { HeroSlides } from "#contract/banner.ts";
import type { CarouselTiming } from "./carousel-rules.ts";
import { useSiteData } from "#web/ui/site-data.ts";
import { FallbackHero } from "./fallback-hero.tsx";
import { HeroCarousel } from "./hero-carousel.tsx";
import { Island } from "#web/site/islands/island.tsx";

export interface HomeHeroData {
  slides: HeroSlides | null;
  /** 無法載入橫幅資料 / 載入橫幅時發生錯誤: the fallback hero shows instead. */
  slidesError?: string;
}

export function HomeHero({ data, timing }: { data: HomeHeroData; timing: CarouselTiming }) {
  const { settings } = useSiteData();
  if (!data.slides || data.slides.banners.length === 0) return <FallbackHero error={data.slidesError} />;
  return (
    <>
      <h1 className="sr-only">{settings.company_name}</h1>
      <Island name="hero-carousel" wake="load" component={HeroCarousel} props={{ slides: data.slides, timing, label: `${settings.company_name ?? ""}精選橫幅` }} />
    </>
  );
}
