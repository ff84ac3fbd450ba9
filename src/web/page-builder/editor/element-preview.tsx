// An element as visitors see it, small, inside its card: the same view the
// public page uses (contract ELEMENT_KINDS), under .pb-page for the public
// stylesheet's rules. Inert: no link follows, nothing takes the focus, and a
// screen reader hears the card's name instead. A code element is its
// sandboxed frame, as on the page; a text element's HTML is cleaned first
// (preview-html.ts).
import { memo, useMemo } from "react";
import { ELEMENT_KINDS } from "#contract/page-builder/element-kinds.ts";
import type { ViewContext } from "#contract/page-builder/element-kind.ts";
import type { BuilderElement } from "#contract/page-builder/tree.ts";
import { previewHtml } from "./preview-html.ts";

const PREVIEW: ViewContext = { columnWidth: 100, pictures: {}, isFirstPicture: () => false };

function previewOf(element: BuilderElement): string {
  if (element.type === "text") return `<div class="pb-text">${previewHtml(element.html)}</div>`;
  const view = ELEMENT_KINDS[element.type].view as (element: BuilderElement, context: ViewContext) => string;
  return view(element, PREVIEW);
}

export const ElementPreview = memo(function ElementPreview({ element }: { element: BuilderElement }) {
  const html = useMemo(() => previewOf(element), [element]);
  if (element.type === "spacer") {
    return (
      <div inert className="mx-2 mb-2 rounded border border-dashed border-gray-300 bg-[repeating-linear-gradient(45deg,transparent,transparent_6px,#f3f4f6_6px,#f3f4f6_12px)]" style={{ height: Math.min(element.height, 160) }} data-testid="pb-preview" />
    );
  }
  return <div inert className="pb-page mx-2 mb-2 max-h-60 overflow-hidden text-sm text-gray-900" data-testid="pb-preview" dangerouslySetInnerHTML={{ __html: html }} />;
});
