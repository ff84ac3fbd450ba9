// How a text reads on screen, for comparing a text with a search's words marked in it
// (<mark>: web/ui/highlighted-text.tsx) with the same text unmarked: what the browser
// renders of it (innerText, where a layout box of its own adds a line break) and the
// characters on each of its lines.
import type { Locator } from "playwright-core";

export interface RenderedText {
  /** innerText: the text as rendered, spaces collapsed as the layout collapses them. */
  text: string;
  /** The characters drawn on each line, top to bottom (whitespace the layout dropped is not drawn). */
  lines: string[];
  height: number;
}

/**
 * The element as it is, and a shallow copy of it (same tag, classes and parent, so
 * the same box and width) holding `plain` as bare text, laid out just after it:
 * how each reads. The copy is removed again.
 */
export function renderedBesidePlain(element: Locator, plain: string): Promise<{ marked: RenderedText; plain: RenderedText }> {
  return element.evaluate((node, plainText) => {
    const read = (box: HTMLElement) => {
      const lines: string[] = [];
      let lineTop = Number.NEGATIVE_INFINITY;
      const range = document.createRange();
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode() as Text | null; text; text = walker.nextNode() as Text | null) {
        for (let index = 0; index < text.data.length; index += 1) {
          range.setStart(text, index);
          range.setEnd(text, index + 1);
          const drawn = [...range.getClientRects()].find((rect) => rect.width > 0);
          if (!drawn) continue;
          if (drawn.top > lineTop + drawn.height / 2) {
            lines.push("");
            lineTop = drawn.top;
          }
          lines[lines.length - 1] += text.data[index];
        }
      }
      return { text: box.innerText, lines, height: box.getBoundingClientRect().height };
    };
    const copy = node.cloneNode(false) as HTMLElement;
    copy.textContent = plainText;
    node.after(copy);
    try {
      return { marked: read(node as HTMLElement), plain: read(copy) };
    } finally {
      copy.remove();
    }
  }, plain);
}
