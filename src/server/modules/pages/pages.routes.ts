import type { FastifyPluginAsync } from "fastify";
import { PAGE_MESSAGES } from "#contract/pages.ts";
import { actorOf } from "#server/lib/access.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { PagesOperations } from "./pages.operations.ts";
import type { PagesService } from "./pages.service.ts";

type KeyParams = { Params: { pageKey: string } };

export const pagesRoutes: FastifyPluginAsync<{ pages: PagesService; operations: PagesOperations; run: RunOperation }> = async (app, { pages, operations, run }) => {
  // What visitors' pages read (000 §7): a published page, HTML sanitised.
  app.get<KeyParams>("/api.php/pages/:pageKey", { config: { access: "public" } }, async (request) => ok(await pages.publicPage(request.params.pageKey)));

  // The pages screen (002 §7).
  app.get("/admin-api.php/pages", { config: { access: "admin" } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return ok(await pages.list());
  });
  // The built-in pages' default content: the screen lists an absent one and reads missing fields from it (002 §4, §5).
  app.get("/admin-api.php/pages/defaults", { config: { access: "admin" } }, async () => ok(pages.defaults()));
  app.post("/admin-api.php/pages", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.create, { actor: actorOf(request), input: request.body }), PAGE_MESSAGES.created),
  );
  app.put<KeyParams & { Body: unknown }>("/admin-api.php/pages/:pageKey", { config: { access: "admin" } }, async (request) => {
    const page = await run(operations.update, { actor: actorOf(request), id: request.params.pageKey, input: request.body });
    const autosaved = typeof request.body === "object" && request.body !== null && (request.body as { autosave?: unknown }).autosave === true;
    return ok(page, autosaved ? PAGE_MESSAGES.draftSaved : PAGE_MESSAGES.saved);
  });
  // By id (the same path segment as the key above), as the spec's screen removes the legacy services record.
  app.delete<KeyParams>("/admin-api.php/pages/:pageKey", { config: { access: "admin" } }, async (request) => {
    await run(operations.remove, { actor: actorOf(request), id: request.params.pageKey });
    return ok(null, PAGE_MESSAGES.deleted);
  });

  // 下架: the page off the public site, its content kept (decision 042).
  app.post<KeyParams>("/admin-api.php/pages/:pageKey/unpublish", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.unpublish, { actor: actorOf(request), id: request.params.pageKey }), PAGE_MESSAGES.unpublished),
  );

  // The builder's autosaved draft, dropped (the editor's 放棄草稿).
  app.delete<KeyParams>("/admin-api.php/pages/:pageKey/draft", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.discardDraft, { actor: actorOf(request), id: request.params.pageKey }), PAGE_MESSAGES.draftDiscarded),
  );

  // Earlier versions, and restoring one.
  app.get<KeyParams>("/admin-api.php/pages/:pageKey/revisions", { config: { access: "admin" } }, async (request) => ok({ revisions: await pages.revisions(request.params.pageKey) }));
  app.post<{ Params: { pageKey: string; revisionId: string } }>("/admin-api.php/pages/:pageKey/revisions/:revisionId/restore", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.restore, { actor: actorOf(request), id: request.params.pageKey, input: { revision_id: request.params.revisionId } }), PAGE_MESSAGES.restored),
  );
};
