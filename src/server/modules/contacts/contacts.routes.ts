import type { FastifyPluginAsync } from "fastify";
import { CONTACT_MESSAGES } from "#contract/contact.ts";
import { actorOf } from "#server/lib/access.ts";
import type { RunOperation } from "#server/lib/operation-runner.ts";
import { FORM_BODY_LIMIT } from "#server/lib/request-limits.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { ContactsOperations } from "./contacts.operations.ts";
import type { ContactsService } from "./contacts.service.ts";

type IdParams = { Params: { id: string } };

export const contactsRoutes: FastifyPluginAsync<{ contacts: ContactsService; operations: ContactsOperations; run: RunOperation }> = async (
  app,
  { contacts, operations, run },
) => {
  // The public form. Answered only once the message is committed.
  app.post("/api.php/contact", { bodyLimit: FORM_BODY_LIMIT, config: { access: "public" } }, async (request) => {
    await run(operations.submit, { actor: actorOf(request), input: request.body });
    return ok(null, CONTACT_MESSAGES.sent);
  });

  app.get("/admin-api.php/contacts", { config: { access: "admin" } }, async (request) => ok(await contacts.list(request.query)));

  app.get<IdParams>("/admin-api.php/contacts/:id", { config: { access: "admin" } }, async (request) => ok(await contacts.get(request.params.id)));

  app.put<IdParams>("/admin-api.php/contacts/:id", { config: { access: "admin" } }, async (request) =>
    ok((await run(operations.setStatus, { actor: actorOf(request), id: request.params.id, input: request.body })).contact, "狀態已更新"),
  );

  app.put<IdParams>("/admin-api.php/contacts/:id/note", { config: { access: "admin" } }, async (request) =>
    ok((await run(operations.setNote, { actor: actorOf(request), id: request.params.id, input: request.body })).contact, "備註已儲存"),
  );

  app.delete<IdParams>("/admin-api.php/contacts/:id", { config: { access: "admin" } }, async (request) => {
    await run(operations.remove, { actor: actorOf(request), id: request.params.id });
    return ok(null, "聯絡表單已刪除");
  });
};
