import type { FastifyPluginAsync } from "fastify";
import { CATEGORY_MESSAGES } from "#contract/categories.ts";
import { currentAdmin } from "#server/lib/access.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { CategoriesService } from "./categories.service.ts";

type IdParams = { Params: { id: string } };

// Product categories (001 §7): the back office only.
export const categoriesRoutes: FastifyPluginAsync<{ categories: CategoriesService }> = async (app, { categories }) => {
  app.get("/admin-api.php/categories", { config: { access: "admin" } }, async () => ok(await categories.list()));
  app.post("/admin-api.php/categories", { config: { access: "admin" } }, async (request) =>
    ok(await categories.create(request.body, currentAdmin(request).id), CATEGORY_MESSAGES.created),
  );
  app.put<IdParams>("/admin-api.php/categories/:id", { config: { access: "admin" } }, async (request) =>
    ok(await categories.update(request.params.id, request.body, currentAdmin(request).id), CATEGORY_MESSAGES.updated),
  );
  app.delete<IdParams>("/admin-api.php/categories/:id", { config: { access: "admin" } }, async (request) => {
    await categories.remove(request.params.id, currentAdmin(request).id);
    return ok(null, CATEGORY_MESSAGES.deleted);
  });
};
