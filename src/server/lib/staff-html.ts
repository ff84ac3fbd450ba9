// Staff-written HTML (the about page, free pages, news posts) as it may reach a
// visitor's browser: an allow-list of the tags and attributes the editors produce, through
// a maintained sanitiser (never regular expressions). Scripts, event handlers,
// javascript: links, frames other than YouTube's and styles that could cover the
// page are dropped.
import type { IOptions } from "sanitize-html";

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
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  allowedIframeHostnames: ["www.youtube-nocookie.com", "www.youtube.com"],
  // Links that open elsewhere never hand the opener to the other page.
  transformTags: {
    a: (tagName, attribs) => (attribs.target === "_blank" ? { tagName, attribs: { ...attribs, rel: "noopener noreferrer" } } : { tagName, attribs }),
  },
};

// Loaded on the first page that needs it (then kept): a server that never renders staff HTML never holds the parser.
// sanitize-html is CommonJS: its function is the module's default export.
let sanitizer: Promise<{ default: (html: string, options: IOptions) => string }> | undefined;

export async function sanitizeStaffHtml(html: string): Promise<string> {
  const { default: sanitizeHtml } = await (sanitizer ??= import("sanitize-html"));
  return sanitizeHtml(html, OPTIONS);
}
