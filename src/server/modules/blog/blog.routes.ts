import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { BLOG_MESSAGES } from "#contract/blog.ts";
import { actorOf } from "#server/lib/access.ts";
import { sendCachedJson } from "#server/lib/cached-json.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { EMPTY_BODY_LIMIT } from "#server/lib/request-limits.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { BlogPostsOperations } from "./blog-posts.operations.ts";
import type { BlogPublicService } from "./blog-public.service.ts";
import type { BlogTaxonomyOperations } from "./blog-taxonomy.operations.ts";
import type { BlogService } from "./blog.service.ts";

type IdParams = { Params: { id: string } };
type LimitQuery = { Querystring: { limit?: string } };

export interface BlogRoutesOptions {
  blog: BlogService;
  publicBlog: BlogPublicService;
  operations: { posts: BlogPostsOperations; taxonomy: BlogTaxonomyOperations };
  run: RunOperation;
  /** The absolute base of the feed's links (the canonical URL setting, else the request's origin). */
  originFor: (requestOrigin: string) => Promise<string>;
  /** The feed's title (the site's) and its author (the company's name). */
  feedIdentity: () => Promise<{ title: string; author: string }>;
}

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

// News: the public reads of 000 §7, the back office's calls of 002 §7, versions, the feed.
export const blogRoutes: FastifyPluginAsync<BlogRoutesOptions> = async (app, { blog, publicBlog, operations, run, originFor, feedIdentity }) => {
  const { posts, taxonomy } = operations;
  // --- visitors ---
  app.get("/api.php/blog/posts", { config: { access: "public" }, compress: false }, async (request, reply) =>
    sendCachedJson(request, reply, await publicBlog.publicListJson(request.query)),
  );
  app.get<LimitQuery>("/api.php/blog/featured", { config: { access: "public" }, compress: false }, async (request, reply) =>
    sendCachedJson(request, reply, await publicBlog.featuredJson(request.query.limit)),
  );
  app.get("/api.php/blog/categories", { config: { access: "public" }, compress: false }, async (request, reply) =>
    sendCachedJson(request, reply, await publicBlog.publicCategoriesJson()),
  );
  app.get<LimitQuery>("/api.php/blog/tags", { config: { access: "public" }, compress: false }, async (request, reply) =>
    sendCachedJson(request, reply, await publicBlog.publicTagsJson(request.query.limit)),
  );
  app.get<{ Params: { slug: string } }>("/api.php/blog/post/:slug", { config: { access: "public" } }, async (request) =>
    ok({ post: await publicBlog.publicPost(request.params.slug) }),
  );
  app.post<IdParams>("/api.php/blog/posts/:id/view", { bodyLimit: EMPTY_BODY_LIMIT, config: { access: "public" } }, async (request) =>
    ok(await run(posts.countView, { actor: actorOf(request), input: { id: request.params.id } })),
  );

  app.get("/blog/feed.xml", { config: { access: "public" } }, async (request, reply) => {
    const feed = await publicBlog.feed(await originFor(originOf(request)), await feedIdentity());
    return reply.type("application/atom+xml; charset=utf-8").header("cache-control", "no-cache").send(feed);
  });

  // --- the back office ---
  app.get("/admin-api.php/blog/posts", { config: { access: "admin" } }, async (request) => ok(await blog.list(request.query)));
  app.get<IdParams>("/admin-api.php/blog/posts/:id", { config: { access: "admin" } }, async (request) => ok({ post: await blog.get(request.params.id) }));
  app.post("/admin-api.php/blog/posts", { config: { access: "admin" } }, async (request) => {
    const { post, autosave } = await run(posts.create, { actor: actorOf(request), input: request.body });
    return ok({ post }, autosave ? BLOG_MESSAGES.autosaved : BLOG_MESSAGES.created);
  });
  app.put<IdParams>("/admin-api.php/blog/posts/:id", { config: { access: "admin" } }, async (request) => {
    const { post, autosave } = await run(posts.update, { actor: actorOf(request), id: request.params.id, input: request.body });
    return ok({ post }, autosave ? BLOG_MESSAGES.autosaved : BLOG_MESSAGES.updated);
  });
  app.delete<IdParams>("/admin-api.php/blog/posts/:id", { config: { access: "admin" } }, async (request) => {
    await run(posts.remove, { actor: actorOf(request), id: request.params.id });
    return ok(null, BLOG_MESSAGES.deleted);
  });
  app.get<IdParams>("/admin-api.php/blog/posts/:id/revisions", { config: { access: "admin" } }, async (request) =>
    ok({ revisions: await blog.revisions(request.params.id) }),
  );
  // A version is looked at and loaded into the editor, never written back here: the editor's save makes it live (decision 032).
  app.get<{ Params: { id: string; revisionId: string } }>("/admin-api.php/blog/posts/:id/revisions/:revisionId", { config: { access: "admin" } }, async (request) =>
    ok({ revision: await blog.revision(request.params.id, request.params.revisionId) }),
  );

  app.get("/admin-api.php/blog/categories", { config: { access: "admin" } }, async () => ok({ categories: await blog.categories() }));
  app.post("/admin-api.php/blog/categories", { config: { access: "admin" } }, async (request) =>
    ok({ category: await run(taxonomy.createCategory, { actor: actorOf(request), input: request.body }) }, BLOG_MESSAGES.categoryCreated),
  );
  app.put<IdParams>("/admin-api.php/blog/categories/:id", { config: { access: "admin" } }, async (request) =>
    ok({ category: await run(taxonomy.updateCategory, { actor: actorOf(request), id: request.params.id, input: request.body }) }, BLOG_MESSAGES.categoryUpdated),
  );
  app.delete<IdParams>("/admin-api.php/blog/categories/:id", { config: { access: "admin" } }, async (request) => {
    await run(taxonomy.removeCategory, { actor: actorOf(request), id: request.params.id });
    return ok(null, BLOG_MESSAGES.categoryDeleted);
  });

  app.get("/admin-api.php/blog/tags", { config: { access: "admin" } }, async () => ok({ tags: await blog.tags() }));
  app.post("/admin-api.php/blog/tags", { config: { access: "admin" } }, async (request) =>
    ok({ tag: await run(taxonomy.createTag, { actor: actorOf(request), input: request.body }) }, BLOG_MESSAGES.tagCreated),
  );
  app.put<IdParams>("/admin-api.php/blog/tags/:id", { config: { access: "admin" } }, async (request) =>
    ok({ tag: (await run(taxonomy.renameTag, { actor: actorOf(request), id: request.params.id, input: request.body })).tag }, BLOG_MESSAGES.tagUpdated),
  );
  app.delete<IdParams>("/admin-api.php/blog/tags/:id", { config: { access: "admin" } }, async (request) => {
    await run(taxonomy.removeTag, { actor: actorOf(request), id: request.params.id });
    return ok(null, BLOG_MESSAGES.tagDeleted);
  });
};
