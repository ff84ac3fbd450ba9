// The header/footer logo with the fallback chain of 000 §8:
// logo → favicon → default logo → company name as text.
import { useEffect, useRef, useState } from "react";

export const DEFAULT_LOGO = "/default-logo.svg";
/** The default logo with a light wordmark, for a dark header or footer (the dark scheme, a dark footer). */
export const DEFAULT_LOGO_ON_DARK = "/default-logo-light.svg";
/** The default logo's viewBox: its size is known, so its box is reserved before it loads. */
const DEFAULT_LOGO_RATIO = 200 / 48;

interface SiteLogoProps {
  logo: string;
  favicon: string;
  companyName: string;
  height: number;
  maxWidth: number;
  className?: string;
  /** Whether the logo sits on a dark surface: true, false, or "auto" when that follows the visitor's colour scheme. Only the default logo changes with it. */
  onDark?: boolean | "auto";
  /** Below the first screen (the footer's): fetched when the visitor comes near it, not with the page's first picture. */
  lazy?: boolean;
}

export function SiteLogo({ logo, favicon, companyName, height, maxWidth, className, onDark = false, lazy = false }: SiteLogoProps) {
  const candidates = [logo, favicon, DEFAULT_LOGO].filter((src, index, all) => src && all.indexOf(src) === index);
  // The chain starts over when the candidates change (the back office's live preview).
  const chain = candidates.join("\n");
  const [failure, setFailure] = useState({ chain, index: 0 });
  const index = failure.chain === chain ? failure.index : 0;
  const imgRef = useRef<HTMLImageElement>(null);
  const src = candidates[index];
  // Only a failure of the image on screen moves on: the error event and the
  // check below can both report the same failure.
  const failed = (failedSrc: string | undefined) =>
    setFailure((current) => {
      const i = current.chain === chain ? current.index : 0;
      return { chain, index: candidates[i] === failedSrc ? i + 1 : i };
    });

  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const img = imgRef.current;
    if (img?.complete && img.naturalWidth === 0) failed(src);
  }, [src]);

  if (!src) return <span className={`text-lg font-bold ${className ?? ""}`}>{companyName}</span>;
  const image = (
    <img
      key={src}
      ref={imgRef}
      src={src === DEFAULT_LOGO && onDark === true ? DEFAULT_LOGO_ON_DARK : src}
      alt={companyName}
      onError={() => failed(src)}
      style={{ height, maxWidth, width: "auto" }}
      {...(src === DEFAULT_LOGO ? { width: Math.round(height * DEFAULT_LOGO_RATIO), height } : {})}
      className={`object-contain ${className ?? ""}`}
      decoding="async"
      loading={lazy ? "lazy" : undefined}
      // After the page's own largest picture (decision 049): without this, React names the logo
      // first in the <head>, and on a phone's first connection the logo takes the photo's place.
      fetchPriority="low"
    />
  );
  // Which wordmark suits the surface is known only to the visitor's browser: it picks before loading.
  return src === DEFAULT_LOGO && onDark === "auto" ? (
    <picture>
      <source media="(prefers-color-scheme: dark)" srcSet={DEFAULT_LOGO_ON_DARK} />
      {image}
    </picture>
  ) : (
    image
  );
}
