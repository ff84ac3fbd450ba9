// Staff-written HTML (the about page, free pages, news posts) as it may reach a
// visitor's browser: an allow-list of the tags and attributes the editors produce, through
// a maintained sanitiser (never regular expressions). Scripts, event handlers,
// javascript: links, frames other than YouTube's and styles that could cover the
// page are dropped. Classes are the editors' own only: the site's utility classes
// (`fixed inset-0 z-50`…) would let pasted HTML lay a fake page over the real one.
import type { IOptions } from "sanitize-html";

/**
 * The classes staff content may carry: the editors write none of their own
 * (TipTap's starter kit and image write plain tags); these are the page builder's
 * layout classes that older saved HTML uses (002 §3: container, column, text),
 * parsed back into its tree. The builder's own `pb-*` markup is never sanitised
 * as a whole: it is generated from the checked tree, whose text and snippets are
 * sanitised one by one (modules/pages/built-page.ts).
 */
export const STAFF_HTML_CLASSES = ["container", "column", "text"] as const;

const OPTIONS: IOptions = {
  allowedTags: [
    "h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote", "pre", "code",
    "ul", "ol", "li", "strong", "b", "em", "i", "u", "s", "mark", "small", "sub", "sup", "span", "div",
    "a", "img", "figure", "figcaption", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "iframe",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    iframe: ["src", "title", "width", "height", "allow", "allowfullscreen"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    "*": ["class"],
  },
  allowedClasses: { "*": [...STAFF_HTML_CLASSES] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  allowedIframeHostnames: ["www.youtube-nocookie.com", "www.youtube.com"],
  // A link that opens in another browsing context (any target: _blank, a named window) never hands it our page as its opener.
  transformTags: {
    a: (tagName, attribs) => (attribs.target ? { tagName, attribs: { ...attribs, rel: relWithNoOpener(attribs.rel) } } : { tagName, attribs }),
  },
};

/** The link's own rel words (nofollow…) kept, with noopener and noreferrer (and without `opener`, which would ask the opposite). */
function relWithNoOpener(rel: string | undefined): string {
  const words = new Set((rel ?? "").toLowerCase().split(/\s+/).filter((word) => word && word !== "opener"));
  words.add("noopener");
  words.add("noreferrer");
  return [...words].join(" ");
}

// Loaded on the first page that needs it (then kept): a server that never renders staff HTML never holds the parser.
// sanitize-html is CommonJS: its function is the module's default export.
let sanitizer: Promise<{ default: (html: string, options: IOptions) => string }> | undefined;

export async function sanitizeStaffHtml(html: string): Promise<string> {
  const { default: sanitizeHtml } = await (sanitizer ??= import("sanitize-html"));
  return sanitizeHtml(html, OPTIONS);
}

/**
 * A page builder code element's snippet (002 §2.6): shown only inside a frame
 * with `sandbox=""` (no script, its own opaque origin), so its classes and
 * inline styles cannot reach the page around it; still, nothing that runs is
 * kept, so the snippet is inert wherever it is ever shown.
 */
const SNIPPET_OPTIONS: IOptions = {
  ...OPTIONS,
  allowedTags: [...(OPTIONS.allowedTags || []), "style", "section", "article", "header", "footer", "nav", "aside", "main", "address", "dl", "dt", "dd", "abbr", "time", "picture", "source", "video", "audio",
    // What older pages and other services' snippets hold: inert in the frame (sandbox="" blocks a form's submit too), so kept rather than lost.
    "form", "fieldset", "legend", "label", "input", "select", "option", "textarea", "button", "details", "summary", "marquee", "center", "font", "small", "sub", "sup", "mark"],
  allowedAttributes: {
    ...OPTIONS.allowedAttributes,
    source: ["src", "srcset", "type", "media", "sizes"],
    video: ["src", "poster", "controls", "width", "height", "preload", "muted", "loop", "playsinline"],
    audio: ["src", "controls", "preload"],
    time: ["datetime"],
    abbr: ["title"],
    input: ["type", "name", "value", "placeholder"],
    select: ["name"],
    option: ["value"],
    textarea: ["name", "rows", "placeholder"],
    button: ["type"],
    font: ["color", "size", "face"],
    "*": ["class", "style", "id", "lang", "dir", "aria-label", "aria-hidden", "role"],
  },
  allowedClasses: undefined,
  // sanitize-html refuses <style> unless told that it knows the risk: inside the sandboxed frame a stylesheet styles the snippet alone.
  allowVulnerableTags: true,
};

export async function sanitizeSnippetHtml(html: string): Promise<string> {
  const { default: sanitizeHtml } = await (sanitizer ??= import("sanitize-html"));
  return sanitizeHtml(html, SNIPPET_OPTIONS);
}
