// /blog/{slug} (000 §2, §7, §8, §9): a public article with its share links and
// related posts, rendered by the server from the blog module. An old slug of a
// post is a permanent redirect to its address now; an unknown one is a real 404
// saying 文章不存在; when the post cannot be read the page says 載入文章失敗,
// answered 503 and not kept, so the next visitor gets a fresh try.
import { ArrowLeft, FileX } from "lucide-react";
import { data, isRouteErrorResponse, redirect, useLoaderData, useRouteError, type LoaderFunctionArgs, type MetaArgs } from "react-router";
import { BLOG_MESSAGES, type BlogPostPage } from "#contract/blog.ts";
import type { ResponsivePicture } from "#contract/media.ts";
import { NOT_CACHED, passLoaderHeaders } from "#web/site/shell/page-headers.ts";
import { buildPageMeta } from "#web/site/shell/seo.ts";
import { siteFromMatches } from "#web/ui/site-data.ts";
import { requestLogContext, siteServicesContext } from "#web/site/shell/site-services.ts";
import { blogHref, FEED_PATH, postPath } from "./blog-query.ts";
import { PostArticle } from "./post-article.tsx";
import { articleProperties, seoDescriptionOf, seoTitleOf } from "./post-seo.ts";
import { SHARE_POPUP } from "./share-links.ts";

/** When the browser will not copy (no permission, an old browser): the address bar still has the link. */
const COPY_FAILED = "無法自動複製，請複製網址列中的連結";
const FEED_LINK = { tagName: "link", rel: "alternate", type: "application/atom+xml", title: "最新消息", href: FEED_PATH } as const;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const site = context.get(siteServicesContext);
  let found: BlogPostPage;
  let pictures: Record<string, ResponsivePicture>;
  try {
    found = await site.blog.postPage(params.slug ?? "");
    pictures = found.kind === "post" ? await site.media.pictures([found.post, ...found.related].map((post) => post.featured_image).filter(Boolean)) : {};
  } catch (error) {
    context.get(requestLogContext).error({ err: error }, "the article could not be read; answering 載入文章失敗");
    throw data({ message: BLOG_MESSAGES.loadFailed }, { status: 503, ...NOT_CACHED });
  }
  if (found.kind === "moved") throw redirect(postPath(found.slug), 301);
  if (found.kind === "missing") throw data({ message: BLOG_MESSAGES.notFound }, { status: 404 });
  return {
    post: found.post,
    related: found.related,
    pictures,
    share: { popup: SHARE_POPUP, texts: { copied: BLOG_MESSAGES.linkCopied, copyFailed: COPY_FAILED } },
  };
}

export const headers = passLoaderHeaders;

export const meta = ({ matches, loaderData, error, location }: MetaArgs<typeof loader>) => {
  const site = siteFromMatches(matches);
  const post = loaderData?.post;
  if (!post) {
    const missing = isRouteErrorResponse(error) && error.status === 404;
    return buildPageMeta(site, { title: missing ? BLOG_MESSAGES.notFound : BLOG_MESSAGES.loadFailed, path: location.pathname, noindex: true });
  }
  return [
    ...buildPageMeta(site, { title: seoTitleOf(post), description: seoDescriptionOf(post), path: postPath(post.slug), image: post.featured_image || undefined, type: "article" }),
    ...articleProperties(post),
    FEED_LINK,
  ];
};

export default function BlogPostPage() {
  const { post, related, pictures, share } = useLoaderData<typeof loader>();
  return <PostArticle post={post} related={related} pictures={pictures} share={share} />;
}

/** 文章不存在 (404) or 載入文章失敗 (000 §8): the server's message, with the way back to the list. */
export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const sent = isRouteErrorResponse(error) ? (error.data as { message?: unknown } | null)?.message : undefined;
  const message = typeof sent === "string" && sent ? sent : missing ? BLOG_MESSAGES.notFound : BLOG_MESSAGES.loadFailed;
  return (
    <section className="container-site py-24 text-center" data-testid="blog-post-error">
      <FileX aria-hidden size={48} className="mx-auto text-primary-600" />
      <h1 className="mt-6 text-2xl font-bold text-ink">{message}</h1>
      <p className="mt-3 text-ink-muted">{missing ? "您要查看的文章不存在或已下架，歡迎看看其他最新消息。" : "請稍後再試，或回到最新消息看看其他文章。"}</p>
      <a href={blogHref()} className="mt-8 inline-flex min-h-11 items-center gap-1 rounded-theme bg-primary-600 px-5 font-semibold text-white hover:bg-primary-700">
        <ArrowLeft aria-hidden size={16} />
        返回最新消息
      </a>
    </section>
  );
}
