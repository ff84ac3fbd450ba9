// Staff-written HTML (the about page, free pages, news posts) as it may reach a
// visitor's browser: an allow-list of the tags and attributes the editors produce, through
// a maintained sanitiser (never regular expressions). Scripts, event handlers,
// javascript: links, frames other than YouTube's and styles that could cover the
// page are dropped; a link opens in a new tab only when it leaves the site.
// Classes are the editors' own only: the site's utility classes (`fixed inset-0
// z-50`…) would let pasted HTML lay a fake page over the real one.
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
  transformTags: { a: (tagName, attribs) => ({ tagName, attribs: byAddress(attribs) }) },
};

/** The words of a link's rel that only a new tab needs (and `opener`, which would ask the opposite). */
const NEW_TAB_REL = new Set(["noopener", "noreferrer", "opener"]);

/** The link's own rel words (nofollow…) kept, with noopener and noreferrer when `newTab`, without them otherwise. */
function relFor(rel: string | undefined, newTab: boolean): string {
  const words = new Set((rel ?? "").toLowerCase().split(/\s+/).filter((word) => word && !NEW_TAB_REL.has(word)));
  if (newTab) {
    words.add("noopener");
    words.add("noreferrer");
  }
  return [...words].join(" ");
}

/** An address on another site: a web address with a host. /contact, #part, ?page=2, mailto: and tel: are not. */
const isExternal = (href: string | undefined) => /^https?:\/\//i.test((href ?? "").trim());

/**
 * The link's address decides the tab, whatever the editor wrote (TipTap gives every link
 * target="_blank"): another site opens in a new tab, which never gets our page as its
 * opener; a page of our own (/contact) opens in the same one.
 */
function byAddress(attribs: Record<string, string>): Record<string, string> {
  const { target: _target, rel, ...rest } = attribs;
  const newTab = isExternal(attribs.href);
  const words = relFor(rel, newTab);
  return { ...rest, ...(newTab ? { target: "_blank" } : {}), ...(words ? { rel: words } : {}) };
}

/** A snippet keeps the targets it was written with; one that opens another browsing context never hands it our page as its opener. */
const withNoOpener = (attribs: Record<string, string>) => (attribs.target ? { ...attribs, rel: relFor(attribs.rel, true) } : attribs);

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
  transformTags: { a: (tagName, attribs) => ({ tagName, attribs: withNoOpener(attribs) }) },
  // sanitize-html refuses <style> unless told that it knows the risk: inside the sandboxed frame a stylesheet styles the snippet alone.
  allowVulnerableTags: true,
};

export async function sanitizeSnippetHtml(html: string): Promise<string> {
  const { default: sanitizeHtml } = await (sanitizer ??= import("sanitize-html"));
  return sanitizeHtml(html, SNIPPET_OPTIONS);
}
