// What an element type is to the page: its name in words, its schema and its
// view (the HTML visitors get). Each type is one module in elements/; the
// registry (element-kinds.ts) is typed so that a type without a schema or a
// view does not compile, and the back office's registry
// (web/page-builder/registry.ts) does the same for the editors.
import type { z } from "zod";
import type { ResponsivePicture, VideoProcessing } from "../media.ts";
import type { SiteLinks } from "./link-target.ts";

/** What a view knows besides its element. */
export interface ViewContext {
  /** The column's width in percent of the page's content (a picture's `sizes`). */
  columnWidth: number;
  /** Sizes and variants of the uploaded pictures, by path (the media library's); others are shown as they are. */
  pictures: Record<string, ResponsivePicture>;
  /**
   * The uploaded videos' processing, by path (the media library's, read when the page is served): a
   * file plays as its MP4 once ready. Absent (the editor's preview), a video is shown as chosen.
   */
  videos?: Record<string, VideoProcessing>;
  /**
   * The settings' phone and LINE links, on a visitor's page (read as it is rendered, so a changed number
   * follows). Absent (the editor's previews, the stored copy), links that follow them are drawn as placeholders.
   */
  links?: SiteLinks;
  /** True for the page's first picture: loaded at once (the largest paint), the others lazily. */
  isFirstPicture(element: { id: string }): boolean;
}

export interface ElementKind<T extends string, E extends { id: string; type: T }> {
  type: T;
  /** The type in words: the toolbar, the outline, announcements, findings. */
  label: string;
  schema: z.ZodType<E, unknown>;
  /** The element's HTML, without its wrapper. Escapes what a person typed; rich text is sanitised by the server. */
  view(element: E, context: ViewContext): string;
}

export const defineElementKind = <T extends string, E extends { id: string; type: T }>(kind: ElementKind<T, E>) => kind;
