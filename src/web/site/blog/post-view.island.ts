// The browser entry of an article's view count (view-count.ts): no React, so
// every reader's browser runs a few hundred bytes at load, while the share
// buttons' island waits for a touch (docs/decisions/047-light-to-parse.md).
import { countViewOnce } from "./view-count.ts";

for (const marker of document.querySelectorAll<HTMLElement>('[data-island="post-view"]')) {
  if (marker.dataset.hydrated) continue;
  const { postId } = JSON.parse(marker.dataset.props ?? "{}") as { postId?: unknown };
  if (typeof postId === "number") countViewOnce(postId);
  marker.dataset.hydrated = "true";
}
