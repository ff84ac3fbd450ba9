// The browser entry of the article's share island (decision 015).
import { hydrateIsland } from "#web/site/islands/hydrate-island.tsx";
import { PostShare } from "./post-share.tsx";

hydrateIsland("post-share", PostShare);
