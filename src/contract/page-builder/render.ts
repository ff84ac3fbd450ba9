// A builder tree as HTML: what visitors get (server-rendered, no script) and
// what the editor previews. Each element's HTML is its own module's view
// (element-kinds.ts); this file lays out containers and columns. Deterministic:
// the same tree and pictures give the same bytes (snapshot-tested). Widths are
// classes of the layout's percentages, mobile-first: below 768 px the columns
// stack (site.css `.pb-*`) in the container's order, some hidden, with its gap.
import type { ResponsivePicture, VideoProcessing } from "../media.ts";
import { ELEMENT_KINDS } from "./element-kinds.ts";
import type { ViewContext } from "./element-kind.ts";
import type { SiteLinks } from "./link-target.ts";
import { isYoutubeVideo } from "./elements/video.ts";
import { layoutOf, widthClass } from "./layouts.ts";
import type { BuilderContainer, BuilderElement, BuilderTree } from "./tree.ts";

export interface RenderOptions {
  /** Sizes and variants of the uploaded pictures, by path (the media library's); others are shown as they are. */
  pictures?: Record<string, ResponsivePicture>;
  /** The uploaded videos' processing, by path: each plays as its MP4 with its poster (decision 029). */
  videos?: Record<string, VideoProcessing>;
  /** A visitor's page: the settings' phone and LINE links, as they are now (link-target.ts). */
  links?: SiteLinks;
}

export interface RenderedPage {
  html: string;
  /** A YouTube element needs the small player island (nothing else on a built page runs a script). */
  hasYoutube: boolean;
}

function elementHtml(element: BuilderElement, context: ViewContext): string {
  const view = ELEMENT_KINDS[element.type].view as (element: BuilderElement, context: ViewContext) => string;
  return `<div class="pb-element pb-${element.type}-element" data-pb-id="${element.id}">${view(element, context)}</div>`;
}

function containerHtml(container: BuilderContainer, base: Omit<ViewContext, "columnWidth">): string {
  const widths = layoutOf(container.layout)?.columns ?? container.columns.map(() => 100 / container.columns.length);
  const hidden = new Set(container.mobile.hidden);
  const classes = ["pb-container", `pb-gap-${container.mobile.gap}`, ...(container.mobile.order === "reverse" ? ["pb-reverse"] : [])];
  const style = container.background ? ` style="background-color:${container.background}"` : "";
  const columns = container.columns.map((column, index) => {
    const columnWidth = widths[index] ?? 100;
    const columnClasses = ["pb-column", widthClass(columnWidth), ...(hidden.has(column.id) ? ["pb-hide-mobile"] : [])];
    const context = { ...base, columnWidth };
    return `<div class="${columnClasses.join(" ")}">${column.elements.map((element) => elementHtml(element, context)).join("")}</div>`;
  });
  return `<section class="${classes.join(" ")}"${style} data-pb-id="${container.id}"><div class="pb-columns">${columns.join("")}</div></section>`;
}

/** Every element of the tree, in reading order. */
export const elementsOf = (tree: BuilderTree): BuilderElement[] => tree.containers.flatMap((container) => container.columns.flatMap((column) => column.elements));

export function renderTree(tree: BuilderTree, options: RenderOptions = {}): RenderedPage {
  const elements = elementsOf(tree);
  const firstPicture = elements.find((element) => element.type === "image" && element.src)?.id;
  const base = { pictures: options.pictures ?? {}, videos: options.videos, links: options.links, isFirstPicture: (element: { id: string }) => element.id === firstPicture };
  const html = `<div class="pb-page">${tree.containers.map((container) => containerHtml(container, base)).join("")}</div>`;
  return { html, hasYoutube: elements.some(isYoutubeVideo) };
}
