// /blog/feed.xml: the newest public posts as an Atom 1.0 feed (RFC 4287), so
// readers and LINE-style link tools can follow the news. Content is the
// sanitised HTML, escaped as text inside the XML.
import { excerptOf, type PublicBlogPost } from "#contract/blog.ts";

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&${{ "<": "lt", ">": "gt", "&": "amp", "'": "apos", '"': "quot" }[c]};`);
/** Relative pictures and links in a post's HTML, made absolute: a reader shows the feed away from the site. */
const absoluteUrls = (html: string, origin: string) => html.replace(/\b(src|href)="\/(?!\/)/g, `$1="${origin}/`);

/**
 * `author` is the company's name, given once for the whole feed: Atom (RFC 4287
 * §4.1.1) requires an author on every entry or on the feed, and the W3C validator
 * refuses a feed without one.
 */
export function atomFeed(feed: { origin: string; title: string; author: string; posts: readonly PublicBlogPost[] }): string {
  const { origin, title, author, posts } = feed;
  const updated = posts.map((post) => post.updated_at).sort().at(-1) ?? new Date(0).toISOString();
  const entries = posts.map((post) => {
    const url = `${origin}/blog/${encodeURIComponent(post.slug)}`;
    const category = post.category_name ? `\n    <category term="${escapeXml(post.category_name)}"/>` : "";
    return `  <entry>
    <title>${escapeXml(post.title)}</title>
    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>
    <id>${escapeXml(url)}</id>
    <published>${escapeXml(post.published_at)}</published>
    <updated>${escapeXml(post.updated_at)}</updated>${category}
    <summary>${escapeXml(excerptOf(post))}</summary>
    <content type="html">${escapeXml(absoluteUrls(post.content, origin))}</content>
  </entry>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="zh-Hant-TW">
  <title>${escapeXml(title)}</title>
  <link rel="self" type="application/atom+xml" href="${escapeXml(`${origin}/blog/feed.xml`)}"/>
  <link rel="alternate" type="text/html" href="${escapeXml(`${origin}/blog`)}"/>
  <id>${escapeXml(`${origin}/blog`)}</id>
  <updated>${escapeXml(updated)}</updated>
  <author>
    <name>${escapeXml(author)}</name>
  </author>
${entries.join("\n")}
</feed>
`;
}
