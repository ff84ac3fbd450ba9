// How a page built with the builder is stored (002 §3): JSON holding the tree
// and the HTML generated from it, `{ "builder": {…}, "html": "…" }`. Readers
// that only want HTML (the public API's clients, the about page) take `html`;
// the builder takes `builder`, or parses an older page's HTML back.
import { treeFromLegacyHtml } from "./legacy-html.ts";
import { builderTreeSchema, type BuilderTree } from "./tree.ts";

export interface BuilderContent {
  builder: BuilderTree;
  html: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** The stored JSON's `builder` and `html`, if the content is a builder save. */
export function parseBuilderContent(content: string): { builder: unknown; html: string } | null {
  const trimmed = content.trim();
  if (!trimmed.startsWith("{")) return null;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (!isRecord(parsed) || !("builder" in parsed)) return null;
    return { builder: parsed.builder, html: typeof parsed.html === "string" ? parsed.html : "" };
  } catch {
    return null;
  }
}

/**
 * The tree the builder opens a page with: its saved tree, or its HTML (an older
 * page, a rich-text page, a JSON save whose tree no longer reads) parsed back.
 */
export function builderTreeOf(content: string): BuilderTree {
  const saved = parseBuilderContent(content);
  if (saved) {
    const tree = builderTreeSchema.safeParse(saved.builder);
    if (tree.success) return tree.data;
    return treeFromLegacyHtml(saved.html);
  }
  const trimmed = content.trim();
  if (trimmed.startsWith("{")) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (isRecord(parsed) && typeof parsed.html === "string") return treeFromLegacyHtml(parsed.html);
    } catch {
      // Not JSON after all: HTML that starts with a brace.
    }
  }
  return treeFromLegacyHtml(content);
}

export const builderContentText = (content: BuilderContent) => JSON.stringify({ builder: content.builder, html: content.html });
