// One slide of the hero carousel: its picture (server-rendered and responsive
// for the first one), video or YouTube thumbnail, overlay, text and button.
import { Play } from "lucide-react";
import type { MouseEvent, Ref } from "react";
import type { Banner } from "#contract/banner.ts";
import type { ResponsivePicture } from "#contract/media.ts";
import { youtubeThumbnail } from "#contract/youtube.ts";
import { preloadAvif } from "#web/site/shell/responsive-image.tsx";
import { isSitePath, youtubeEmbedUrl } from "./carousel-rules.ts";

export interface HeroSlideProps {
  banner: Banner;
  picture: ResponsivePicture | undefined;
  position: number;
  count: number;
  current: boolean;
  /** The first slide's picture is the page's largest paint: fetched first, never lazily. */
  first: boolean;
  /** Media is rendered only for slides shown or about to be, so hidden slides cost nothing. */
  warm: boolean;
  muted: boolean;
  youtubePlaying: boolean;
  onPlayYoutube: () => void;
  onLinkClick: (event: MouseEvent<HTMLAnchorElement>, link: string) => void;
  videoRef: Ref<HTMLVideoElement>;
  youtubeRef: Ref<HTMLIFrameElement>;
}

/**
 * The button sits on any picture, so each style brings its own background and
 * text pair (never the picture behind it): white on the theme's darker primary
 * (at least 4.5:1 for every built-in theme, hero-slide.test.ts), or the primary's
 * darkest on white; a light ring and shadow set it off from the picture.
 */
export const BUTTON_STYLES = {
  primary: "bg-primary-700 text-white ring-2 ring-white/70 hover:bg-primary-800 [text-shadow:0_1px_2px_rgb(0_0_0/0.35)]",
  secondary: "bg-white text-primary-800 ring-2 ring-black/10 hover:bg-primary-50",
} as const;

export function HeroSlide(props: HeroSlideProps) {
  const { banner, current, warm, count, position } = props;
  const dark = banner.text_color === "dark";
  return (
    <div
      role="group"
      aria-roledescription="投影片"
      aria-label={`第 ${position + 1} 張，共 ${count} 張`}
      aria-hidden={!current}
      inert={!current}
      data-testid="hero-slide"
      data-current={current ? "true" : undefined}
      className={`absolute inset-0 bg-gradient-to-br from-primary-800 via-primary-600 to-primary-400 transition-opacity duration-700 motion-reduce:transition-none ${current ? "z-10 opacity-100" : "opacity-0"}`}
    >
      {warm ? <SlideMedia {...props} /> : null}
      <div aria-hidden className="absolute inset-0 bg-black" style={{ opacity: banner.overlay_opacity / 100 }} />
      {banner.media_type === "youtube" && props.youtubePlaying ? null : <SlideText {...props} dark={dark} />}
    </div>
  );
}

function SlideMedia({ banner, picture, first, muted, youtubePlaying, onPlayYoutube, videoRef, youtubeRef }: HeroSlideProps) {
  if (banner.media_type === "video") {
    // Visitors' video_url is the MP4 every browser plays, empty while it is being made: the poster shows meanwhile.
    const poster = banner.video.poster_url || banner.image_url;
    if (banner.video_url) {
      return (
        <video
          ref={videoRef}
          className="absolute inset-0 h-full w-full object-cover"
          src={banner.video_url}
          poster={poster || undefined}
          muted={muted}
          loop
          playsInline
          // The first slide's metadata only; a later slide's nothing until it is shown.
          preload={first ? "metadata" : "none"}
          data-testid="hero-video"
        />
      );
    }
    if (!poster) return null;
    return (
      <img
        className="absolute inset-0 h-full w-full object-cover"
        src={poster}
        alt=""
        fetchPriority={first ? "high" : "low"}
        loading={first ? "eager" : "lazy"}
        decoding={first ? undefined : "async"}
        data-testid="hero-video-poster"
      />
    );
  }
  if (banner.media_type === "youtube" && banner.youtube_id) {
    if (youtubePlaying) {
      return (
        <iframe
          ref={youtubeRef}
          className="absolute inset-0 z-20 h-full w-full"
          src={youtubeEmbedUrl(banner.youtube_id, muted)}
          title={banner.title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          data-testid="hero-youtube-player"
        />
      );
    }
    return (
      <>
        <img className="absolute inset-0 h-full w-full object-cover" src={youtubeThumbnail(banner.youtube_id)} alt="" width={480} height={360} decoding="async" />
        <button
          type="button"
          onClick={onPlayYoutube}
          aria-label={`播放影片：${banner.title}`}
          className="absolute left-1/2 top-4 z-20 inline-flex min-h-11 -translate-x-1/2 items-center gap-2 rounded-full bg-black/60 px-4 py-2 text-sm font-semibold text-white hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:top-6"
          data-testid="hero-youtube-play"
        >
          <Play aria-hidden size={18} fill="currentColor" />
          播放影片
        </button>
      </>
    );
  }
  if (!banner.image_url) return null;
  return <SlidePicture src={banner.image_url} picture={picture} first={first} />;
}

function SlidePicture({ src, picture, first }: { src: string; picture: ResponsivePicture | undefined; first: boolean }) {
  // The first slide is the page's largest paint: named in the <head> (React puts preloads there), so that
  // the phone asks for it with the first bytes of the page instead of after the inline stylesheet.
  if (first && picture?.avif) {
    preloadAvif(picture.avif, "100vw");
  }
  const image = (
    <img
      className="absolute inset-0 h-full w-full object-cover"
      src={src}
      srcSet={picture?.webp || undefined}
      sizes="100vw"
      alt={picture?.alt ?? ""}
      width={picture?.width}
      height={picture?.height}
      fetchPriority={first ? "high" : "low"}
      loading={first ? "eager" : "lazy"}
      decoding={first ? undefined : "async"}
      style={picture?.placeholder ? { backgroundImage: `url("${picture.placeholder}")`, backgroundSize: "cover" } : undefined}
      data-testid="hero-image"
    />
  );
  if (!picture?.avif) return image;
  return (
    <picture>
      <source type="image/avif" srcSet={picture.avif} sizes="100vw" />
      {image}
    </picture>
  );
}

function SlideText({ banner, onLinkClick, dark }: HeroSlideProps & { dark: boolean }) {
  const link = banner.button_link;
  const buttonClass = `mt-8 inline-flex min-h-12 items-center rounded-theme px-7 py-3 text-base font-semibold shadow-lg transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${BUTTON_STYLES[banner.button_style]}`;
  return (
    <div className={`container-site relative flex h-full flex-col items-center justify-center text-center ${dark ? "text-gray-900" : "text-white"}`}>
      <h2 className={`text-3xl font-bold tracking-tight sm:text-5xl ${dark ? "" : "drop-shadow-md"}`} data-testid="hero-title">
        {banner.title}
      </h2>
      {banner.subtitle ? <p className="mt-3 text-lg font-medium sm:text-2xl">{banner.subtitle}</p> : null}
      {banner.description ? <p className="mt-4 max-w-2xl text-base opacity-95 sm:text-lg">{banner.description}</p> : null}
      {banner.button_text && link ? (
        <a href={link} onClick={(event) => onLinkClick(event, link)} className={buttonClass} {...(isSitePath(link) || link.startsWith("#") ? {} : { rel: "noopener" })}>
          {banner.button_text}
        </a>
      ) : null}
    </div>
  );
}
