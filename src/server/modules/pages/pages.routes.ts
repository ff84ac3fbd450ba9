import type { FastifyPluginAsync } from "fastify";
import { PAGE_MESSAGES } from "#contract/pages.ts";
import { currentAdmin } from "#server/lib/access.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { PagesService } from "./pages.service.ts";

type KeyParams = { Params: { pageKey: string } };

export const pagesRoutes: FastifyPluginAsync<{ pages: PagesService }> = async (app, { pages }) => {
  // What visitors' pages read (000 §7): a published page, HTML sanitised.
  app.get<KeyParams>("/api.php/pages/:pageKey", { config: { access: "public" } }, async (request) => ok(await pages.publicPage(request.params.pageKey)));

  // The pages screen (002 §7).
  app.get("/admin-api.php/pages", { config: { access: "admin" } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return ok(await pages.list());
  });
  app.post("/admin-api.php/pages", { config: { access: "admin" } }, async (request) => ok(await pages.create(request.body, currentAdmin(request).id), PAGE_MESSAGES.created));
  app.put<KeyParams>("/admin-api.php/pages/:pageKey", { config: { access: "admin" } }, async (request) =>
    ok(await pages.update(request.params.pageKey, request.body, currentAdmin(request).id), PAGE_MESSAGES.saved),
  );
  // By id (the same path segment as the key above), as the spec's screen removes the legacy services record.
  app.delete<KeyParams>("/admin-api.php/pages/:pageKey", { config: { access: "admin" } }, async (request) => {
    await pages.remove(request.params.pageKey, currentAdmin(request).id);
    return ok(null, PAGE_MESSAGES.deleted);
  });

  // Earlier versions, and restoring one.
  app.get<KeyParams>("/admin-api.php/pages/:pageKey/revisions", { config: { access: "admin" } }, async (request) => ok({ revisions: await pages.revisions(request.params.pageKey) }));
  app.post<{ Params: { pageKey: string; revisionId: string } }>("/admin-api.php/pages/:pageKey/revisions/:revisionId/restore", { config: { access: "admin" } }, async (request) =>
    ok(await pages.restore(request.params.pageKey, request.params.revisionId, currentAdmin(request).id), PAGE_MESSAGES.restored),
  );
};
