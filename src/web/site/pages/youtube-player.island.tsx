// The browser entry of a built page's YouTube island (decision 015): listens
// for clicks on the video thumbnails, then says it is ready as a hydrated
// island does (tests wait for data-hydrated).
import { startYoutubePlayers } from "./youtube-player.tsx";

startYoutubePlayers(document);
for (const marker of document.querySelectorAll<HTMLElement>('[data-island="youtube-player"]')) marker.dataset.hydrated = "true";
