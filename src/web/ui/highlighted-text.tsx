// A text with what a search found in <mark>, in the theme's mark colours (theme-css.ts:
// the accent's tint, its text at 4.5:1 in the light and the dark scheme). Without a
// search the text is given as it is. Public cards (server-rendered, some inside islands'
// pages) and back-office lists use it: search-highlight.ts imports nothing, so no zod.
import { Fragment } from "react";
import { highlightParts } from "#contract/search-highlight.ts";

/**
 * The parts are held in one <span>: inside a flex or grid box (a card's title link) each
 * loose part would be an item of its own, the spaces around a mark would be dropped and
 * every part would wrap on its own line. One span is one item, as the unmarked text is.
 */
export function HighlightedText({ text, search }: { text: string; search: string }) {
  if (!search.trim()) return text;
  return (
    <span>
      {highlightParts(text, search).map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-mark text-mark-ink [box-decoration-break:clone]">
            {part.text}
          </mark>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </span>
  );
}
