// The YouTube player of a built page (the page builder's video element): the
// server sends the video's thumbnail as a link to YouTube, which works without
// any script; this island, loaded only on a page that holds such a video, puts
// the player in place of the thumbnail when the link is clicked (or pressed
// with Enter) and moves the focus into it. No React here: the script is a few
// hundred bytes and the page's HTML is the contract's renderer's, not a
// component tree to hydrate.
import { isPlainClick } from "#web/lib/plain-click.ts";

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The privacy-enhanced player's address, playing at once (the visitor has just asked for it); null for anything but a video id. */
export const embedAddress = (id: string) => (YOUTUBE_ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}?autoplay=1` : null);

/** A video box's player (`.pb-youtube[data-youtube][data-title]`), or null when the box names no video. */
function playerOf(box: HTMLElement): HTMLIFrameElement | null {
  const address = embedAddress(box.dataset.youtube ?? "");
  if (!address) return null;
  const frame = document.createElement("iframe");
  frame.src = address;
  frame.title = box.dataset.title || "YouTube 影片";
  frame.allow = "autoplay; encrypted-media; picture-in-picture";
  frame.allowFullscreen = true;
  return frame;
}

/** One listener for every video of the page: a plain click on a thumbnail link swaps its box's content for the player. */
export function startYoutubePlayers(root: Document) {
  root.addEventListener("click", (event) => {
    if (!(event.target instanceof Element) || !isPlainClick(event)) return;
    const box = event.target.closest("a.pb-youtube-link")?.closest<HTMLElement>(".pb-youtube");
    const player = box ? playerOf(box) : null;
    if (!box || !player) return;
    event.preventDefault();
    box.replaceChildren(player);
    player.focus();
  });
}

/** The island's marker on the server: the thumbnails are the page's own HTML, so it renders nothing itself. */
export function YoutubePlayer() {
  return null;
}
