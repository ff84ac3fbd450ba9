import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { BLOG_MESSAGES } from "#contract/blog.ts";
import { currentAdmin } from "#server/lib/access.ts";
import { sendCachedJson } from "#server/lib/cached-json.ts";
import { EMPTY_BODY_LIMIT } from "#server/lib/request-limits.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { BlogService } from "./blog.service.ts";

type IdParams = { Params: { id: string } };
type LimitQuery = { Querystring: { limit?: string } };

export interface BlogRoutesOptions {
  blog: BlogService;
  /** The absolute base of the feed's links (the canonical URL setting, else the request's origin). */
  originFor: (requestOrigin: string) => Promise<string>;
  siteTitle: () => Promise<string>;
}

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

// News: the public reads of 000 §7, the back office's calls of 002 §7, versions, the feed.
export const blogRoutes: FastifyPluginAsync<BlogRoutesOptions> = async (app, { blog, originFor, siteTitle }) => {
  // --- visitors ---
  app.get("/api.php/blog/posts", { config: { access: "public" }, compress: false }, async (request, reply) =>
    sendCachedJson(request, reply, await blog.publicListJson(request.query)),
  );
  app.get<LimitQuery>("/api.php/blog/featured", { config: { access: "public" } }, async (request) => ok({ posts: await blog.featured(request.query.limit) }));
  app.get("/api.php/blog/categories", { config: { access: "public" } }, async () => ok({ categories: await blog.publicCategories() }));
  app.get<LimitQuery>("/api.php/blog/tags", { config: { access: "public" } }, async (request) => ok({ tags: await blog.publicTags(request.query.limit) }));
  app.get<{ Params: { slug: string } }>("/api.php/blog/post/:slug", { config: { access: "public" } }, async (request) =>
    ok({ post: await blog.publicPost(request.params.slug) }),
  );
  app.post<IdParams>("/api.php/blog/posts/:id/view", { bodyLimit: EMPTY_BODY_LIMIT, config: { access: "public" } }, async (request) => ok(await blog.countView(request.params.id)));

  app.get("/blog/feed.xml", { config: { access: "public" } }, async (request, reply) => {
    const feed = await blog.feed(await originFor(originOf(request)), await siteTitle());
    return reply.type("application/atom+xml; charset=utf-8").header("cache-control", "no-cache").send(feed);
  });

  // --- the back office ---
  app.get("/admin-api.php/blog/posts", { config: { access: "admin" } }, async (request) => ok(await blog.list(request.query)));
  app.get<IdParams>("/admin-api.php/blog/posts/:id", { config: { access: "admin" } }, async (request) => ok({ post: await blog.get(request.params.id) }));
  app.post("/admin-api.php/blog/posts", { config: { access: "admin" } }, async (request) => {
    const { post, autosave } = await blog.create(request.body, currentAdmin(request).id);
    return ok({ post }, autosave ? BLOG_MESSAGES.autosaved : BLOG_MESSAGES.created);
  });
  app.put<IdParams>("/admin-api.php/blog/posts/:id", { config: { access: "admin" } }, async (request) => {
    const { post, autosave } = await blog.update(request.params.id, request.body, currentAdmin(request).id);
    return ok({ post }, autosave ? BLOG_MESSAGES.autosaved : BLOG_MESSAGES.updated);
  });
  app.delete<IdParams>("/admin-api.php/blog/posts/:id", { config: { access: "admin" } }, async (request) => {
    await blog.remove(request.params.id, currentAdmin(request).id);
    return ok(null, BLOG_MESSAGES.deleted);
  });
  app.get<IdParams>("/admin-api.php/blog/posts/:id/revisions", { config: { access: "admin" } }, async (request) =>
    ok({ revisions: await blog.revisions(request.params.id) }),
  );
  app.post<{ Params: { id: string; revisionId: string } }>("/admin-api.php/blog/posts/:id/revisions/:revisionId/restore", { config: { access: "admin" } }, async (request) =>
    ok({ post: await blog.restore(request.params.id, request.params.revisionId, currentAdmin(request).id) }, BLOG_MESSAGES.restored),
  );

  app.get("/admin-api.php/blog/categories", { config: { access: "admin" } }, async () => ok({ categories: await blog.categories() }));
  app.post("/admin-api.php/blog/categories", { config: { access: "admin" } }, async (request) =>
    ok({ category: await blog.createCategory(request.body, currentAdmin(request).id) }, BLOG_MESSAGES.categoryCreated),
  );
  app.put<IdParams>("/admin-api.php/blog/categories/:id", { config: { access: "admin" } }, async (request) =>
    ok({ category: await blog.updateCategory(request.params.id, request.body, currentAdmin(request).id) }, BLOG_MESSAGES.categoryUpdated),
  );
  app.delete<IdParams>("/admin-api.php/blog/categories/:id", { config: { access: "admin" } }, async (request) => {
    await blog.removeCategory(request.params.id, currentAdmin(request).id);
    return ok(null, BLOG_MESSAGES.categoryDeleted);
  });

  app.get("/admin-api.php/blog/tags", { config: { access: "admin" } }, async () => ok({ tags: await blog.tags() }));
  app.post("/admin-api.php/blog/tags", { config: { access: "admin" } }, async (request) =>
    ok({ tag: await blog.createTag(request.body, currentAdmin(request).id) }, BLOG_MESSAGES.tagCreated),
  );
  app.put<IdParams>("/admin-api.php/blog/tags/:id", { config: { access: "admin" } }, async (request) =>
    ok({ tag: await blog.renameTag(request.params.id, request.body, currentAdmin(request).id) }, BLOG_MESSAGES.tagUpdated),
  );
  app.delete<IdParams>("/admin-api.php/blog/tags/:id", { config: { access: "admin" } }, async (request) => {
    await blog.removeTag(request.params.id, currentAdmin(request).id);
    return ok(null, BLOG_MESSAGES.tagDeleted);
  });
};
