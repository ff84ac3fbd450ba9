// The banners screen's live preview (002 §2.2, §4): the active banners
// in order, one every 5 s, each with its picture, overlay and text colour.
import { useEffect, useState } from "react";
import type { Banner } from "#contract/banner.ts";
import { bannerPicture, PREVIEW_ROTATION_MS } from "./banner-form.ts";

export function BannerPreview({ slides }: { slides: readonly Banner[] }) {
  const [index, setIndex] = useState(0);
  const count = slides.length;

  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), PREVIEW_ROTATION_MS);
    return () => clearInterval(timer);
  }, [count]);

  if (count === 0) {
    return (
      <p className="rounded-2xl border-2 border-dashed border-gray-300 bg-white p-10 text-center text-gray-600" data-testid="banner-preview-empty">
        目前沒有啟用的橫幅
      </p>
    );
  }
  const current = index % count;
  const shown = slides[current]!;

  return (
    <div className="space-y-3">
      <div
        className="relative overflow-hidden rounded-2xl bg-gradient-to-r from-blue-700 to-sky-500 transition-[height] duration-500"
        style={{ height: Math.min(shown.height, 800) }}
        aria-roledescription="carousel"
        aria-label="橫幅預覽"
        data-testid="banner-preview"
      >
        {slides.map((slide, position) => (
          <PreviewSlide key={slide.id} slide={slide} shown={position === current} />
        ))}
      </div>
      {count > 1 ? (
        <div className="flex justify-center gap-2">
          {slides.map((slide, position) => (
            <button
              key={slide.id}
              type="button"
              onClick={() => setIndex(position)}
              aria-label={`第 ${position + 1} 張：${slide.title}`}
              aria-current={position === current}
              className={`h-2.5 rounded-full transition-all focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${position === current ? "w-8 bg-blue-600" : "w-2.5 bg-gray-300 hover:bg-gray-400"}`}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

function PreviewSlide({ slide, shown }: { slide: Banner; shown: boolean }) {
  const picture = bannerPicture(slide);
  const dark = slide.text_color === "dark";
  return (
    <div
      className={`absolute inset-0 transition-opacity duration-700 ${shown ? "opacity-100" : "pointer-events-none opacity-0"}`}
      aria-hidden={!shown}
      data-testid="banner-preview-slide"
      data-current={shown ? "true" : undefined}
      data-banner-id={slide.id}
    >
      {picture ? <div className="absolute inset-0 bg-cover bg-center" style={{ backgroundImage: `url("${picture}")` }} data-testid="banner-preview-picture" /> : null}
      {slide.media_type === "video" && slide.video.play_url ? (
        <video
          className="absolute inset-0 h-full w-full object-cover"
          src={slide.video.play_url}
          poster={slide.video.poster_url || undefined}
          muted
          loop
          playsInline
          autoPlay
          preload="metadata"
          data-testid="banner-preview-video"
        />
      ) : null}
      <div className="absolute inset-0 bg-black" style={{ opacity: slide.overlay_opacity / 100 }} />
      <div className={`relative flex h-full flex-col items-center justify-center gap-2 px-6 text-center ${dark ? "text-gray-900" : "text-white"}`}>
        <p className="text-2xl font-bold sm:text-4xl" data-testid="banner-preview-title">
          {slide.title}
        </p>
        {slide.subtitle ? <p className="text-lg sm:text-xl">{slide.subtitle}</p> : null}
        {slide.description ? <p className="max-w-2xl opacity-90">{slide.description}</p> : null}
        {slide.button_text ? (
          <span
            className={`mt-2 rounded-lg px-5 py-2 font-semibold ${slide.button_style === "primary" ? "bg-blue-600 text-white" : dark ? "border-2 border-gray-900" : "border-2 border-white"}`}
          >
            {slide.button_text}
          </span>
        ) : null}
      </div>
    </div>
  );
}
