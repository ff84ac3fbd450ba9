// An image element: a picture from the media library (or an https address),
// its alt text or the explicit 裝飾性圖片 choice, an optional link and caption.
// Uploaded pictures are served as AVIF / WebP at the column's width.
import { z } from "zod";
import { escapeHtml, mediaAddress, nodeId, pageLink, words } from "../element-fields.ts";
import type { ResponsivePicture } from "../../media.ts";
import { defineElementKind, type ViewContext } from "../element-kind.ts";

/** The widest the page's content gets (site.css `.container-site`): how large a picture in a column can be shown. */
const PAGE_WIDTH = 1200;

export const imageElementSchema = z.object({
  id: nodeId,
  type: z.literal("image"),
  src: mediaAddress("圖片"),
  alt: words("替代文字", 300).default(""),
  /** The picture says nothing the page does not (a divider, a texture): no alt text, hidden from screen readers. */
  decorative: z.boolean({ error: "裝飾性圖片的選擇不正確" }).default(false),
  link: pageLink.default(""),
  caption: words("圖說", 300).default(""),
});

type ImageElement = z.output<typeof imageElementSchema>;

/** An uploaded picture's <img> inside a <picture> of its AVIF / WebP variants, sized at its column's width; as it is without variants. */
export function inPicture(picture: ResponsivePicture | undefined, columnWidth: number, img: string): string {
  if (!picture || !(picture.avif || picture.webp)) return img;
  const sizes = `(min-width: ${PAGE_WIDTH}px) ${Math.round((PAGE_WIDTH * columnWidth) / 100)}px, (min-width: 768px) ${Math.round(columnWidth)}vw, 100vw`;
  const sources = [
    picture.avif ? `<source type="image/avif" srcset="${escapeHtml(picture.avif)}" sizes="${sizes}">` : "",
    picture.webp ? `<source type="image/webp" srcset="${escapeHtml(picture.webp)}" sizes="${sizes}">` : "",
  ].join("");
  return `<picture>${sources}${img}</picture>`;
}

function imageView(element: ImageElement, context: ViewContext): string {
  if (!element.src) return "";
  const picture = context.pictures[element.src];
  const alt = element.decorative ? "" : element.alt;
  const loading = context.isFirstPicture(element) ? ` fetchpriority="high"` : ` loading="lazy"`;
  const size = picture ? ` width="${picture.width}" height="${picture.height}"` : "";
  let shown = inPicture(picture, context.columnWidth, `<img src="${escapeHtml(element.src)}" alt="${escapeHtml(alt)}"${size}${loading} decoding="async">`);
  if (element.link) shown = `<a href="${escapeHtml(element.link)}">${shown}</a>`;
  const caption = element.caption ? `<figcaption>${escapeHtml(element.caption)}</figcaption>` : "";
  return `<figure class="pb-image">${shown}${caption}</figure>`;
}

export const imageElement = defineElementKind({ type: "image", label: "圖片", schema: imageElementSchema, view: imageView });
