// An uploaded image as a visitor's page shows it: AVIF and WebP variants at the
// widths the media pipeline made, the stored width and height (no layout shift),
// its blurred placeholder while it loads, lazy below the fold. An image that is
// not an upload of the media library is a plain <img>. The page's largest
// picture is named in the <head>, ahead of every other request (decision 049).
import { preload } from "react-dom";
import type { ResponsivePicture } from "#contract/media.ts";

/** Names a picture's AVIF source in the <head>, first of the page's images: fetched only where AVIF is shown, at the width its <picture> will pick. */
export function preloadAvif(srcset: string, sizes: string): void {
  preload(srcset.split(" ")[0]!, { as: "image", type: "image/avif", imageSrcSet: srcset, imageSizes: sizes, fetchPriority: "high" });
}

interface ResponsiveImageProps {
  src: string;
  picture: ResponsivePicture | undefined;
  alt: string;
  /** The `sizes` of the srcset: how wide the image is shown. */
  sizes: string;
  className: string;
  /** Fallback size when the library does not know the image. */
  width: number;
  height: number;
  /** The page's largest picture: fetched first, never lazily. */
  priority?: boolean;
}

export function ResponsiveImage({ src, picture, alt, sizes, className, width, height, priority = false }: ResponsiveImageProps) {
  const image = (
    <img
      src={src}
      srcSet={picture?.webp || undefined}
      sizes={picture?.webp ? sizes : undefined}
      alt={alt}
      width={picture?.width ?? width}
      height={picture?.height ?? height}
      className={className}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? undefined : "async"}
      fetchPriority={priority ? "high" : undefined}
      style={picture?.placeholder ? { backgroundImage: `url("${picture.placeholder}")`, backgroundSize: "cover" } : undefined}
    />
  );
  // A plain <img> React names in the <head> itself; one inside a <picture> it leaves alone (its source
  // is the browser's choice), so the AVIF source is named here, to be fetched only where AVIF is shown.
  if (!picture?.avif) return image;
  if (priority) preloadAvif(picture.avif, sizes);
  return (
    <picture>
      <source type="image/avif" srcSet={picture.avif} sizes={sizes} />
      {image}
    </picture>
  );
}
