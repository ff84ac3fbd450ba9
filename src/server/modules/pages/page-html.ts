// A page record's content: HTML, or the page builder's JSON holding it. What
// reaches visitors goes through lib/staff-html.ts.
/** A page's content is HTML, or JSON whose `html` field holds it (the page builder's saves, 000 §3). */
export function htmlOfContent(content: string): string {
  const trimmed = content.trim();
  if (trimmed.startsWith("{")) {
    try {
      const parsed = JSON.parse(trimmed) as { html?: unknown };
      return typeof parsed.html === "string" ? parsed.html : "";
    } catch {
      return content;
    }
  }
  return content;
}
