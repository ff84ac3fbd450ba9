// The hero slider of the service home and the banner carousel of the other
// layouts (000 §2, §4, §9): autoplay with a progress bar, previous/next
// and indicators when there is more than one slide, play/pause, mute for video
// and YouTube slides, arrows and space on the keyboard. The first slide is in
// the server's HTML; the rest load their media only when about to be shown.
// An island (decision 015): it runs in the browser without the router, so it
// uses plain links and window.location.
import { ChevronLeft, ChevronRight, Pause, Play, Volume2, VolumeX } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import type { HeroSlides } from "#contract/banner.ts";
import {
  hasSound,
  progressStep,
  PROGRESS_TICK_MS,
  scrollTargetOf,
  sectionHeight,
  TRANSITION_LOCK_MS,
  wrapIndex,
  type CarouselTiming,
} from "./carousel-rules.ts";
import { HeroSlide } from "./hero-slide.tsx";

const prefersReducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

const controlClass =
  "inline-flex size-11 items-center justify-center rounded-full bg-black/45 text-white backdrop-blur-sm transition-colors hover:bg-black/65 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

export function HeroCarousel({ slides, timing, label }: { slides: HeroSlides; timing: CarouselTiming; label: string }) {
  const { banners, pictures } = slides;
  const count = banners.length;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [muted, setMuted] = useState(true);
  const [progress, setProgress] = useState(0);
  const [warm, setWarm] = useState<ReadonlySet<number>>(() => new Set([0]));
  const [youtubePlaying, setYoutubePlaying] = useState<number | null>(null);
  const lockedUntil = useRef(0);
  const videos = useRef(new Map<number, HTMLVideoElement>());
  const youtube = useRef<HTMLIFrameElement | null>(null);

  const warmUp = useCallback(
    (positions: number[]) => setWarm((before) => (positions.every((position) => before.has(position)) ? before : new Set([...before, ...positions]))),
    [],
  );

  const go = useCallback(
    (target: number) => {
      const now = Date.now();
      if (now < lockedUntil.current) return;
      lockedUntil.current = now + TRANSITION_LOCK_MS;
      const next = wrapIndex(target, count);
      setIndex(next);
      setProgress(0);
      // A new slide never starts with sound, and a YouTube player goes back to its thumbnail.
      setMuted(true);
      setYoutubePlaying(null);
      warmUp([next, wrapIndex(next + 1, count)]);
    },
    [count, warmUp],
  );

  // Motion-sensitive visitors get a still carousel they can start themselves.
  useEffect(() => {
    if (prefersReducedMotion()) setPlaying(false);
    warmUp([wrapIndex(1, count)]);
  }, [count, warmUp]);

  useEffect(() => {
    if (!playing || count < 2) return;
    const step = progressStep(timing.autoplayMs);
    const timer = setInterval(() => setProgress((before) => before + step), PROGRESS_TICK_MS);
    return () => clearInterval(timer);
  }, [playing, count, timing.autoplayMs]);

  useEffect(() => {
    if (progress >= 100) go(index + 1);
  }, [progress, index, go]);

  // Only the shown slide's video plays (and only while playing); the others stop and rewind.
  useEffect(() => {
    for (const [position, video] of videos.current) {
      if (position === index && playing) {
        video.play().catch(() => undefined);
      } else {
        video.pause();
        if (position !== index) video.currentTime = 0;
      }
    }
  }, [index, playing, warm]);

  useEffect(() => {
    youtube.current?.contentWindow?.postMessage(JSON.stringify({ event: "command", func: muted ? "mute" : "unMute", args: [] }), "*");
  }, [muted]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (count > 1 && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      event.preventDefault();
      go(index + (event.key === "ArrowLeft" ? -1 : 1));
    } else if (event.key === " " && event.target === event.currentTarget) {
      // Space on a control presses that control; on the carousel itself it toggles autoplay.
      event.preventDefault();
      setPlaying((before) => !before);
    }
  }

  function onLinkClick(event: MouseEvent<HTMLAnchorElement>, link: string) {
    const target = scrollTargetOf(link, window.location.pathname);
    const element = target ? document.getElementById(target) : null;
    if (!element) return;
    event.preventDefault();
    element.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
  }

  function playYoutube(position: number) {
    setPlaying(false);
    setMuted(false);
    setYoutubePlaying(position);
  }

  const current = banners[index]!;
  const showPlayPause = count > 1 || current.media_type === "video";

  return (
    <section
      aria-roledescription="輪播"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="relative overflow-hidden bg-primary-800 outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-primary-300"
      style={{ height: `min(${sectionHeight(banners, timing)}px, 85svh)` }}
      data-testid="hero-carousel"
      data-playing={playing ? "true" : "false"}
    >
      <div aria-live={playing ? "off" : "polite"} className="absolute inset-0">
        {banners.map((banner, position) => (
          <HeroSlide
            key={banner.id}
            banner={banner}
            picture={pictures[banner.image_url]}
            position={position}
            count={count}
            current={position === index}
            first={position === 0}
            warm={warm.has(position)}
            muted={muted}
            youtubePlaying={youtubePlaying === position}
            onPlayYoutube={() => playYoutube(position)}
            onLinkClick={onLinkClick}
            videoRef={(element) => {
              if (element) videos.current.set(position, element);
              else videos.current.delete(position);
            }}
            // Only the playing slide renders the player, so this ref always holds that one (or nothing).
            youtubeRef={(element) => {
              youtube.current = element;
            }}
          />
        ))}
      </div>

      {count > 1 ? (
        <>
          <button type="button" onClick={() => go(index - 1)} aria-label="上一張" className={`${controlClass} absolute left-3 top-1/2 z-30 -translate-y-1/2 sm:left-5`}>
            <ChevronLeft aria-hidden size={26} />
          </button>
          <button type="button" onClick={() => go(index + 1)} aria-label="下一張" className={`${controlClass} absolute right-3 top-1/2 z-30 -translate-y-1/2 sm:right-5`}>
            <ChevronRight aria-hidden size={26} />
          </button>
          {/* On a phone the row of 44 px targets sits above the sound and play buttons, not beside them. */}
          <div className="absolute inset-x-0 bottom-14 z-30 flex flex-wrap justify-center sm:bottom-2">
            {banners.map((banner, position) => (
              <button
                key={banner.id}
                type="button"
                onClick={() => go(position)}
                aria-label={`第 ${position + 1} 張：${banner.title}`}
                aria-current={position === index ? "true" : undefined}
                // A 44 px tap target (WCAG 2.5.5) around the small dot that shows.
                className="group flex size-11 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
                data-testid="hero-indicator"
              >
                <span className={`block h-2.5 rounded-full shadow transition-all ${position === index ? "w-8 bg-white" : "w-2.5 bg-white/60 group-hover:bg-white/90"}`} />
              </button>
            ))}
          </div>
          <div aria-hidden className="absolute inset-x-0 bottom-0 z-30 h-1 bg-white/25">
            <div className="h-full bg-white transition-[width] duration-100 ease-linear" style={{ width: `${Math.min(progress, 100)}%` }} data-testid="hero-progress" />
          </div>
        </>
      ) : null}

      <div className="absolute bottom-3 right-3 z-30 flex gap-2 sm:bottom-5 sm:right-5">
        {hasSound(current) ? (
          <button type="button" onClick={() => setMuted((before) => !before)} aria-label={muted ? "開啟聲音" : "靜音"} className={controlClass}>
            {muted ? <VolumeX aria-hidden size={20} /> : <Volume2 aria-hidden size={20} />}
          </button>
        ) : null}
        {showPlayPause ? (
          <button type="button" onClick={() => setPlaying((before) => !before)} aria-label={playing ? "暫停輪播" : "播放輪播"} className={controlClass}>
            {playing ? <Pause aria-hidden size={20} /> : <Play aria-hidden size={20} />}
          </button>
        ) : null}
      </div>
    </section>
  );
}
