// YouTube links: the video id of every link form and the thumbnail shown
// before a video plays. No zod here: the public carousel imports this.
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com"]);
const ID_PATH_PREFIXES = new Set(["embed", "shorts", "live", "v", "e"]);

/**
 * The 11-character video id of a YouTube link or a bare id: watch?v=, youtu.be/,
 * /embed/ (nocookie too), /shorts/, /live/, /v/, with or without scheme, www or
 * m. host and extra query parameters. Anything else: null.
 */
export function youtubeIdFrom(input: string): string | null {
  const text = input.trim();
  if (YOUTUBE_ID.test(text)) return text;
  if (text === "" || /\s/.test(text)) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/\//, "")}`);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  let candidate: string | null | undefined;
  if (host === "youtu.be" || host === "www.youtu.be") {
    candidate = segments.length === 1 ? segments[0] : null;
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === "watch") candidate = url.searchParams.get("v");
    else if (segments.length === 2 && ID_PATH_PREFIXES.has(segments[0]!)) candidate = segments[1];
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}

/** A thumbnail for a YouTube slide, shown until it is played. */
export const youtubeThumbnail = (id: string) => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
