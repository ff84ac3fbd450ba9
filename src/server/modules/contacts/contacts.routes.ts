import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { CONTACT_MESSAGES } from "#contract/contact.ts";
import { currentAdmin } from "#server/lib/access.ts";
import { FORM_BODY_LIMIT } from "#server/lib/request-limits.ts";
import { ok } from "#server/lib/success-envelope.ts";
import type { ContactsService, SenderMeta } from "./contacts.service.ts";

type IdParams = { Params: { id: string } };

const senderOf = (request: FastifyRequest): SenderMeta => ({ clientIp: request.ip, userAgent: request.headers["user-agent"] ?? "" });

export const contactsRoutes: FastifyPluginAsync<{ contacts: ContactsService }> = async (app, { contacts }) => {
  // The public form. Answered only once the message is committed.
  app.post("/api.php/contact", { bodyLimit: FORM_BODY_LIMIT, config: { access: "public" } }, async (request) => {
    await contacts.submit(request.body, senderOf(request));
    return ok(null, CONTACT_MESSAGES.sent);
  });

  app.get("/admin-api.php/contacts", { config: { access: "admin" } }, async (request) => ok(await contacts.list(request.query)));

  app.get<IdParams>("/admin-api.php/contacts/:id", { config: { access: "admin" } }, async (request) => ok(await contacts.get(request.params.id)));

  app.put<IdParams>("/admin-api.php/contacts/:id", { config: { access: "admin" } }, async (request) =>
    ok(await contacts.setStatus(request.params.id, request.body, currentAdmin(request).id), "狀態已更新"),
  );

  app.delete<IdParams>("/admin-api.php/contacts/:id", { config: { access: "admin" } }, async (request) => {
    await contacts.remove(request.params.id, currentAdmin(request).id);
    return ok(null, "聯絡表單已刪除");
  });
};
