// The map of the company's address (000 §2 /contact: section id "map", only
// with an address; §4: loading ends on load or error, after 5000 ms it shows a
// failure; §8: 地圖載入失敗 with a link to the maps service). The server renders
// the link alone, which works without JavaScript; the island puts the embedded
// map in when the section comes near the screen, so a phone that never scrolls
// there never loads a third party's page.
import { useEffect, useRef, useState } from "react";

export const MAP_TIMEOUT_MS = 5000;

export const mapsLink = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
export const mapsEmbed = (address: string) => `https://www.google.com/maps?q=${encodeURIComponent(address)}&output=embed`;

type MapState = "link-only" | "loading" | "loaded" | "failed";

export function ContactMap({ address, timeoutMs = MAP_TIMEOUT_MS }: { address: string; timeoutMs?: number }) {
  const [state, setState] = useState<MapState>("link-only");
  const frameBox = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = frameBox.current;
    if (!box) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setState("loading");
        }
      },
      { rootMargin: "200px" },
    );
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (state !== "loading") return;
    const timer = setTimeout(() => setState((current) => (current === "loading" ? "failed" : current)), timeoutMs);
    return () => clearTimeout(timer);
  }, [state, timeoutMs]);

  const link = (
    <a href={mapsLink(address)} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center font-semibold text-primary-700 hover:underline">
      在 Google 地圖開啟
    </a>
  );

  return (
    <div ref={frameBox} className="relative mt-6 overflow-hidden rounded-theme bg-surface-muted ring-1 ring-line" style={{ minHeight: 320 }} data-map-state={state}>
      {state === "loading" || state === "loaded" ? (
        <iframe
          title={`${address} 的地圖`}
          src={mapsEmbed(address)}
          // Transparent, not hidden, while loading: a hidden frame would not load at all.
          className={`h-80 w-full border-0 ${state === "loaded" ? "" : "opacity-0"}`}
          referrerPolicy="no-referrer-when-downgrade"
          onLoad={() => setState((current) => (current === "loading" ? "loaded" : current))}
          onError={() => setState("failed")}
        />
      ) : null}
      {state === "loading" ? (
        <p className="absolute inset-0 flex items-center justify-center text-ink-muted" role="status">
          地圖載入中…
        </p>
      ) : null}
      {state === "failed" ? (
        <div className="flex h-80 flex-col items-center justify-center gap-2 text-center" role="alert">
          <p className="font-semibold text-ink">地圖載入失敗</p>
          {link}
        </div>
      ) : null}
      {state === "link-only" ? <div className="flex h-80 flex-col items-center justify-center gap-2 text-center">{link}</div> : null}
    </div>
  );
}
