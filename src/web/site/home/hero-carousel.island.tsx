// The browser entry of the hero carousel island (decision 015).
import { hydrateIsland } from "#web/site/islands/hydrate-island.tsx";
import { HeroCarousel } from "./hero-carousel.tsx";

hydrateIsland("hero-carousel", HeroCarousel);
