// The browser entry of the contact page's map island (decision 015).
import { hydrateIsland } from "#web/site/islands/hydrate-island.tsx";
import { ContactMap } from "./contact-map.tsx";

hydrateIsland("contact-map", ContactMap);
