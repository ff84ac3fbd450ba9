// The editor's preview document (002 §2.7): the page's own HTML in a
// sandboxed frame (no script runs), at the chosen device width. A built page
// takes the page-builder stylesheet the public site uses, with the theme's
// tokens it reads copied from the back office's own (the frame is a separate
// document, so it sees none of the window's custom properties).
import pageBuilderStylesheet from "#web/ui/page-builder.css?inline";

/** The theme tokens page-builder.css reads, and the base variables they stand for (ui/theme.css's @theme). */
const THEME_TOKENS: Record<string, string> = {
  "--color-primary-500": "--primary-500",
  "--color-primary-600": "--primary-600",
  "--color-primary-700": "--primary-700",
  "--color-ink-muted": "--text-secondary",
  "--color-line": "--border",
  "--radius-theme": "--radius",
  "--content-width": "--content-width",
  "--text-primary": "--text-primary",
  "--font-family": "--font-family",
};

/** The tokens' values in this window (the active theme's, else theme.css's defaults); empty outside a browser. */
export function themeTokens(root: Element | null = typeof document === "undefined" ? null : document.documentElement): Record<string, string> {
  if (!root) return {};
  const style = getComputedStyle(root);
  const tokens: Record<string, string> = {};
  for (const [token, source] of Object.entries(THEME_TOKENS)) {
    const value = style.getPropertyValue(source).trim();
    if (value) tokens[token] = value;
  }
  return tokens;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]!);

/** A token's value may not close the style block nor start another rule. */
const cssValue = (value: string) => value.replace(/[<>{};]/g, "");

const BASE_STYLE = `body{font-family:var(--font-family,system-ui,"Noto Sans TC",sans-serif);line-height:1.7;color:var(--text-primary,#1f2937);margin:0;overflow-wrap:anywhere}
.rich{padding:24px}.rich h2{font-size:1.4rem;margin:1.5rem 0 .5rem}.rich h3{font-size:1.15rem;margin:1.25rem 0 .5rem}
h1{font-size:1.75rem;margin:0 0 1rem}.built-title{padding:24px 1rem 0;max-width:var(--content-width,1280px);margin-inline:auto;box-sizing:border-box}
a{color:#1d4ed8}img{max-width:100%;height:auto}ul,ol{padding-left:1.5rem}`;

export interface PreviewContent {
  title: string;
  /** The page's HTML: rich text, or the builder's generated HTML. */
  html: string;
  /** True for the builder's HTML: the page-builder stylesheet and the page's full width. */
  built: boolean;
  tokens?: Record<string, string>;
}

export function previewDocument({ title, html, built, tokens = {} }: PreviewContent): string {
  const root = Object.entries(tokens)
    .map(([name, value]) => `${name}:${cssValue(value)}`)
    .join(";");
  const styles = `:root{${root}}\n${BASE_STYLE}${built ? `\n${pageBuilderStylesheet}` : ""}`;
  const body = built ? `<h1 class="built-title">${escapeHtml(title)}</h1>${html}` : `<div class="rich"><h1>${escapeHtml(title)}</h1>${html}</div>`;
  return `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><style>${styles}</style></head><body>${body}</body></html>`;
}
