import type { FastifyPluginAsync } from "fastify";
import { CATEGORY_MESSAGES } from "#contract/categories.ts";
import { actorOf } from "#server/lib/access.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { CategoriesOperations } from "./categories.operations.ts";
import type { CategoriesService } from "./categories.service.ts";

type IdParams = { Params: { id: string } };

// Product categories (001 §7): the back office only.
export const categoriesRoutes: FastifyPluginAsync<{ categories: CategoriesService; operations: CategoriesOperations; run: RunOperation }> = async (
  app,
  { categories, operations, run },
) => {
  app.get("/admin-api.php/categories", { config: { access: "admin" } }, async () => ok(await categories.list()));
  app.post("/admin-api.php/categories", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.create, { actor: actorOf(request), input: request.body }), CATEGORY_MESSAGES.created),
  );
  app.put<IdParams>("/admin-api.php/categories/:id", { config: { access: "admin" } }, async (request) =>
    ok(await run(operations.update, { actor: actorOf(request), id: request.params.id, input: request.body }), CATEGORY_MESSAGES.updated),
  );
  app.delete<IdParams>("/admin-api.php/categories/:id", { config: { access: "admin" } }, async (request) => {
    await run(operations.remove, { actor: actorOf(request), id: request.params.id });
    return ok(null, CATEGORY_MESSAGES.deleted);
  });
};
