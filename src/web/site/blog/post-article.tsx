// An article (000 §2 /blog/{slug}): the back link, its category (a link to the
// category's list), publication day, title and summary, the featured image as
// the page's largest paint, the content (sanitised on the server: the only HTML
// of staff a visitor's page takes), its tags, the share island and three
// related posts of its category.
import { ArrowLeft } from "lucide-react";
import { BLOG_RELATED_SUMMARY_LENGTH, tagNames, type PublicBlogPost, type PublicBlogPostSummary } from "#contract/blog.ts";
import type { ResponsivePicture } from "#contract/media.ts";
import { Island } from "#web/site/islands/island.tsx";
import { jsonLdText } from "#web/site/shell/local-business.ts";
import { ResponsiveImage } from "#web/site/shell/responsive-image.tsx";
import { absoluteUrl } from "#web/site/shell/seo.ts";
import { useSiteData } from "#web/ui/site-data.ts";
import { articleJsonLd } from "./article-json-ld.ts";
import { blogHref, postPath } from "./blog-query.ts";
import { PostCard } from "./post-card.tsx";
import { publishedDay } from "./post-date.ts";
import { seoDescriptionOf } from "./post-seo.ts";
import { PostShare, type PostShareProps } from "./post-share.tsx";
import { ViewCounter } from "./view-count.ts";

export interface PostArticleProps {
  post: PublicBlogPost;
  related: PublicBlogPostSummary[];
  pictures: Record<string, ResponsivePicture>;
  share: Pick<PostShareProps, "popup" | "texts">;
}

/** The article's column: 48rem, the page's padding below that. */
const FEATURED_SIZES = "(min-width: 816px) 768px, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)";

const backLinkClass = "inline-flex min-h-11 items-center gap-1 font-medium text-primary-700 hover:underline";

export function PostArticle({ post, related, pictures, share }: PostArticleProps) {
  const site = useSiteData();
  const tags = tagNames(post.tags);
  return (
    <div className="container-site py-8 md:py-12">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(articleJsonLd(post, seoDescriptionOf(post), site)) }} />
      <article className="mx-auto max-w-3xl" data-testid="blog-post">
        <a href={blogHref()} className={backLinkClass}>
          <ArrowLeft aria-hidden size={16} />
          返回最新消息
        </a>
        <div className="mt-4">
          <p className="flex flex-wrap items-center gap-x-3 text-sm text-ink-muted">
            {post.category_name ? (
              post.category_slug ? (
                <a href={blogHref({ category: post.category_slug })} className="inline-flex min-h-11 items-center" data-testid="post-category">
                  <span className="rounded-full bg-primary-50 px-3 py-1 font-medium text-primary-800 hover:bg-primary-100">{post.category_name}</span>
                </a>
              ) : (
                <span className="rounded-full bg-primary-50 px-3 py-1 font-medium text-primary-800">{post.category_name}</span>
              )
            ) : null}
            <time dateTime={post.published_at}>{publishedDay(post.published_at)}</time>
          </p>
          <h1 className="mt-2 text-3xl font-bold leading-tight tracking-tight text-ink md:text-4xl">{post.title}</h1>
          {post.summary ? <p className="mt-4 text-lg leading-relaxed text-ink-muted">{post.summary}</p> : null}
        </div>

        {post.featured_image ? (
          <ResponsiveImage
            src={post.featured_image}
            picture={pictures[post.featured_image]}
            alt={pictures[post.featured_image]?.alt || ""}
            sizes={FEATURED_SIZES}
            width={1200}
            height={675}
            className="mt-8 h-auto w-full rounded-theme bg-surface-muted object-cover shadow-sm"
            priority
          />
        ) : null}

        {/* Sanitised by the blog module on save and when read: scripts, on* handlers and javascript: links never reach this. */}
        <div
          className="page-content mt-8 break-words text-[1.0625rem] md:text-lg [&_figcaption]:text-sm [&_figcaption]:text-ink-muted [&_hr]:my-8 [&_hr]:border-line [&_pre]:overflow-x-auto [&_pre]:rounded-theme [&_pre]:bg-surface-muted [&_pre]:p-4 [&_table]:block [&_table]:overflow-x-auto"
          data-testid="post-content"
          dangerouslySetInnerHTML={{ __html: post.content }}
        />

        {tags.length > 0 ? (
          <ul aria-label="標籤" className="mt-10 flex flex-wrap gap-2" data-testid="post-tags">
            {tags.map((tag) => (
              <li key={tag}>
                <a href={blogHref({ tag })} className="inline-flex min-h-11 items-center rounded-full bg-surface-muted px-4 text-sm text-ink ring-1 ring-line hover:bg-primary-50">
                  #{tag}
                </a>
              </li>
            ))}
          </ul>
        ) : null}

        <div className="mt-8 border-t border-line pt-6">
          <Island name="post-share" wake="touch" component={PostShare} props={{ url: absoluteUrl(site.origin, postPath(post.slug)), title: post.title, ...share }} />
          <Island name="post-view" wake="load" component={ViewCounter} props={{ postId: post.id }} />
        </div>
      </article>

      {related.length > 0 ? (
        <section aria-labelledby="related-posts-title" className="mx-auto mt-16 max-w-6xl" data-testid="related-posts">
          <h2 id="related-posts-title" className="text-2xl font-bold text-ink">
            相關文章
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((item) => (
              <li key={item.id}>
                <PostCard post={item} picture={pictures[item.featured_image]} priority={false} excerptLength={BLOG_RELATED_SUMMARY_LENGTH} compact />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="mx-auto mt-12 max-w-3xl">
        <a href={blogHref()} className={backLinkClass}>
          <ArrowLeft aria-hidden size={16} />
          返回最新消息
        </a>
      </div>
    </div>
  );
}
