// A page's content on its way in and out (002 §3): the page builder's JSON
// (`{ builder, html }`), rich-text HTML, or the two built-in pages' own JSON.
// On save a builder tree is checked by the contract's schema (400 naming the
// element and the field in words), its rich text and snippets are sanitised
// one by one, and its HTML is generated again here: whatever a client sends as
// `html` is never kept. Older HTML with the builder's container / column / text
// classes is parsed back into a tree. On read the tree is sanitised again (a
// version restored from before a sanitiser change is safe too).
import type { z } from "zod";
import type { VideoProcessing } from "#contract/media.ts";
import { builderContentText, parseBuilderContent } from "#contract/page-builder/content.ts";
import { ELEMENT_KINDS } from "#contract/page-builder/element-kinds.ts";
import { hasLegacyBuilderMarkup, treeFromLegacyHtml } from "#contract/page-builder/legacy-html.ts";
import { uploadedVideoPaths } from "#contract/page-builder/elements/video.ts";
import { elementsOf, renderTree } from "#contract/page-builder/render.ts";
import { builderTreeSchema, type BuilderElement, type BuilderTree } from "#contract/page-builder/tree.ts";
import { JSON_PAGE_KEYS } from "#contract/pages.ts";
import { badRequest } from "#server/lib/errors.ts";
import { sanitizeSnippetHtml, sanitizeStaffHtml } from "#server/lib/staff-html.ts";
import { htmlOfContent } from "./page-html.ts";

/** Where a problem is, in words: 第 2 個容器、第 1 欄、第 3 個元素（圖片）. */
function placeOf(tree: unknown, path: readonly PropertyKey[]): string {
  const parts: string[] = [];
  const [, container, , column, , element] = path;
  if (typeof container === "number") parts.push(`第 ${container + 1} 個容器`);
  if (typeof column === "number") parts.push(`第 ${column + 1} 欄`);
  if (typeof element === "number") {
    const type = (tree as { containers?: Array<{ columns?: Array<{ elements?: Array<{ type?: unknown }> }> }> })?.containers?.[container as number]?.columns?.[column as number]?.elements?.[element]?.type;
    const label = typeof type === "string" && type in ELEMENT_KINDS ? `（${ELEMENT_KINDS[type as keyof typeof ELEMENT_KINDS].label}）` : "";
    parts.push(`第 ${element + 1} 個元素${label}`);
  }
  return parts.join("、");
}

/** The schema's first problem as the content field's error: where, then what. */
function treeError(tree: unknown, error: z.ZodError): Error {
  const issue = error.issues[0]!;
  const place = placeOf(tree, issue.path);
  const message = place ? `頁面內容${place}：${issue.message}` : `頁面內容：${issue.message}`;
  return badRequest(message, { content: message });
}

/** The tree with every element's own HTML sanitised: rich text by the staff allow-list, snippets by theirs. */
export async function sanitizedTree(tree: BuilderTree): Promise<BuilderTree> {
  const clean = async (element: BuilderElement): Promise<BuilderElement> => {
    if (element.type === "text") return { ...element, html: await sanitizeStaffHtml(element.html) };
    if (element.type === "code") return { ...element, html: await sanitizeSnippetHtml(element.html) };
    return element;
  };
  return {
    ...tree,
    containers: await Promise.all(
      tree.containers.map(async (container) => ({
        ...container,
        columns: await Promise.all(container.columns.map(async (column) => ({ ...column, elements: await Promise.all(column.elements.map(clean)) }))),
      })),
    ),
  };
}

/** A checked, sanitised tree as stored content: the tree and the HTML generated from it. */
async function builderContent(tree: BuilderTree): Promise<string> {
  const clean = await sanitizedTree(tree);
  return builderContentText({ builder: clean, html: renderTree(clean).html });
}

/**
 * The content to store for a page: the built-in JSON pages' as sent (their
 * editors' JSON); a builder save checked and regenerated; older builder HTML
 * parsed into a tree; other HTML (the rich-text mode) as sent (sanitised when shown).
 */
export async function normalizedPageContent(pageKey: string, content: string): Promise<string> {
  if ((JSON_PAGE_KEYS as readonly string[]).includes(pageKey)) return content;
  const saved = parseBuilderContent(content);
  if (saved) {
    const tree = builderTreeSchema.safeParse(saved.builder);
    if (!tree.success) throw treeError(saved.builder, tree.error);
    return builderContent(tree.data);
  }
  const html = htmlOfContent(content);
  if (hasLegacyBuilderMarkup(html)) return builderContent(treeFromLegacyHtml(html));
  return content;
}

/** The uploaded videos' processing by path (the media library's read, decision 029). */
export type VideosOf = (paths: string[]) => Promise<Record<string, VideoProcessing>>;

/** A served tree's HTML: with `videosOf`, its uploaded videos as the MP4s and posters the video job made. */
async function servedHtml(tree: BuilderTree, videosOf: VideosOf | undefined): Promise<string> {
  const paths = videosOf ? uploadedVideoPaths(elementsOf(tree)) : [];
  return renderTree(tree, { videos: paths.length > 0 ? await videosOf!(paths) : undefined }).html;
}

/**
 * What a visitor's page shows of stored content: the tree (sanitised again) and its HTML, or sanitised
 * rich text. The stored HTML keeps the uploaded video as staff chose it (the library file content names);
 * `videosOf` swaps it for its MP4 as it stands now, so a transcode that ends after publishing shows too.
 */
export async function publicContentOf(content: string, videosOf?: VideosOf): Promise<{ tree: BuilderTree | null; html: string }> {
  const saved = parseBuilderContent(content);
  const tree = saved ? builderTreeSchema.safeParse(saved.builder) : null;
  if (tree?.success) {
    const clean = await sanitizedTree(tree.data);
    return { tree: clean, html: await servedHtml(clean, videosOf) };
  }
  // A builder save whose tree no longer reads: its HTML, parsed back like an older page's.
  const html = saved ? saved.html : htmlOfContent(content);
  if (saved || hasLegacyBuilderMarkup(html)) {
    const clean = await sanitizedTree(treeFromLegacyHtml(html));
    return { tree: clean, html: await servedHtml(clean, videosOf) };
  }
  return { tree: null, html: await sanitizeStaffHtml(html) };
}
