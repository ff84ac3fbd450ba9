// What a post is found by: its title first, then its summary and text (search-terms.ts).
import { textOfHtml } from "#contract/blog.ts";
import { indexTerms } from "#server/lib/search/search-terms.ts";

export const postSearchColumns = (post: { title: string; summary?: string | null; content?: string | null }) => ({
  search_title: indexTerms(post.title),
  search_body: indexTerms(post.summary, textOfHtml(post.content ?? "")),
});
