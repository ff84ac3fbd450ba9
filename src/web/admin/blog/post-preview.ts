// The preview's document (002 §2.1): the post as a visitor will read it — its
// title, category and date, cover picture and text — in a sandboxed frame (no
// script runs), with simple typography, at the chosen width.
import { excerptOf } from "#contract/blog.ts";
import { formatDateTime } from "#web/lib/zh-tw-dates.ts";

/** Preview widths of 002 §9: the desktop is the whole area. */
export const PREVIEW_WIDTHS = { desktop: null, tablet: 768, mobile: 375 } as const;
export type PreviewDevice = keyof typeof PREVIEW_WIDTHS;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

interface PreviewPost {
  title: string;
  summary: string;
  content: string;
  featured_image: string;
  categoryName: string;
  /** ISO time of publication; none shows today's. */
  publishedAt: string | null;
}

export function previewDocument(post: PreviewPost, now: Date): string {
  const date = formatDateTime(post.publishedAt ?? now.toISOString()).slice(0, 10);
  const meta = [post.categoryName, date].filter(Boolean).map(escapeHtml).join("・");
  const lead = excerptOf({ summary: post.summary, content: "" });
  const cover = /^(\/(?!\/)|https?:\/\/)/.test(post.featured_image) ? `<img class="cover" src="${escapeHtml(post.featured_image)}" alt="">` : "";
  return `<!doctype html><html lang="zh-Hant-TW"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><style>
body{font-family:system-ui,"Noto Sans TC",sans-serif;line-height:1.8;color:#1f2937;margin:0;padding:24px;overflow-wrap:anywhere}
article{max-width:48rem;margin:0 auto}h1{font-size:1.9rem;line-height:1.3;margin:0 0 .5rem}.meta{color:#4b5563;font-size:.9rem;margin:0 0 1rem}
.lead{font-size:1.1rem;color:#374151}.cover{width:100%;height:auto;border-radius:12px;margin:0 0 1.5rem}
h2{font-size:1.45rem;margin:1.75rem 0 .5rem}h3{font-size:1.2rem;margin:1.25rem 0 .5rem}a{color:#1d4ed8}img{max-width:100%;height:auto;border-radius:8px}
ul,ol{padding-left:1.5rem}blockquote{margin:1rem 0;padding:.25rem 1rem;border-left:4px solid #93c5fd;color:#374151}
</style></head><body><article><h1>${escapeHtml(post.title) || "（尚未輸入標題）"}</h1><p class="meta">${meta}</p>${lead ? `<p class="lead">${escapeHtml(lead)}</p>` : ""}${cover}${post.content}</article></body></html>`;
}
