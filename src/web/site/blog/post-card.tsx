// One post in the news list or among an article's related posts (000 §2, §9):
// its featured image, category, publication day, title and an excerpt (150
// characters in the list, 100 among related posts); in a searched list the
// search's words marked. The title is the link to the article; its ::after
// covers the card, so the whole card takes the tap while the link's name
// stays the title.
import { Newspaper } from "lucide-react";
import { BLOG_EXCERPT_LENGTH, excerptOf, type PublicBlogPostSummary } from "#contract/blog.ts";
import type { ResponsivePicture } from "#contract/media.ts";
import { ResponsiveImage } from "#web/site/shell/responsive-image.tsx";
import { HighlightedText } from "#web/ui/highlighted-text.tsx";
import { postPath } from "./blog-query.ts";
import { publishedDay } from "./post-date.ts";

interface PostCardProps {
  post: PublicBlogPostSummary;
  picture: ResponsivePicture | undefined;
  /** The first card a visitor sees: its picture is fetched first, never lazily. */
  priority: boolean;
  excerptLength?: number;
  /** The list's search: its words are marked in the title and the excerpt (which the server cut around them). */
  search?: string;
  /**
   * Among an article's related posts: on a phone a row with a small picture, so the three
   * pictures below the article cost a few KB instead of competing with its cover (LCP).
   */
  compact?: boolean;
}

/** What each layout's picture is shown at, for the browser to choose its file. */
const SIZES = {
  card: "(min-width: 1024px) 420px, (min-width: 640px) calc(50vw - 2.25rem), calc(100vw - 2rem)",
  compact: "(min-width: 1024px) 420px, (min-width: 640px) calc(50vw - 2.25rem), 7rem",
};

export function PostCard({ post, picture, priority, excerptLength = BLOG_EXCERPT_LENGTH, compact = false, search = "" }: PostCardProps) {
  // The server cut the excerpt at the list's length (around the search's words, with … at both ends): only a shorter one is cut again.
  const excerpt = excerptLength < BLOG_EXCERPT_LENGTH ? excerptOf({ summary: post.excerpt, content: "" }, excerptLength) : post.excerpt;
  return (
    <article
      className={`render-near ${compact ? "[--near-height:7rem] sm:[--near-height:27rem]" : "[--near-height:27rem]"} relative flex h-full ${compact ? "flex-row sm:flex-col" : "flex-col"} overflow-hidden rounded-theme bg-card shadow-sm ring-1 ring-line transition-shadow hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-primary-600`}
      data-testid="post-card"
    >
      <div className={compact ? "aspect-square w-28 shrink-0 bg-surface-muted sm:aspect-video sm:w-auto" : "aspect-video bg-surface-muted"}>
        {post.featured_image ? (
          <ResponsiveImage
            src={post.featured_image}
            picture={picture}
            alt=""
            sizes={SIZES[compact ? "compact" : "card"]}
            width={1200}
            height={675}
            priority={priority}
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full items-center justify-center bg-gradient-to-br from-primary-50 to-surface-muted text-primary-700">
            <Newspaper aria-hidden size={40} />
          </div>
        )}
      </div>
      <div className={`flex min-w-0 flex-1 flex-col gap-3 ${compact ? "p-4 sm:p-5" : "p-5"}`}>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {post.category_name ? <span className="rounded-full bg-primary-50 px-3 py-1 font-medium text-primary-800">{post.category_name}</span> : null}
          <time dateTime={post.published_at} className="text-ink-muted">
            {publishedDay(post.published_at)}
          </time>
        </p>
        <h3 className="text-lg font-bold leading-snug text-ink">
          <a href={postPath(post.slug)} className="flex min-h-11 items-center after:absolute after:inset-0 hover:text-primary-700 focus-visible:outline-none">
            <HighlightedText text={post.title} search={search} />
          </a>
        </h3>
        <p className="break-words text-ink-muted" data-testid="post-excerpt">
          <HighlightedText text={excerpt} search={search} />
        </p>
        <span aria-hidden className="mt-auto pt-1 font-medium text-primary-700">
          閱讀更多 →
        </span>
      </div>
    </article>
  );
}
