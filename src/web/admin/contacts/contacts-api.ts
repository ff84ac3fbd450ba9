// The contacts endpoints as the inbox calls them (001 §7): a page of
// messages with the four counts, a status change, a delete.
import type { Contact, ContactList } from "#contract/contact.ts";
import { apiGet, apiRequest } from "#web/admin/shared/api-client.ts";
import { CONTACTS_PATH, contactListPath, type ContactListParams } from "./contact-inbox.ts";

export const fetchContacts = (params: ContactListParams, signal?: AbortSignal) => apiGet<ContactList>(contactListPath(params), signal);

/** PUT /admin-api.php/contacts/{id}: read, replied or closed ('new' is the server's alone). */
export const updateContactStatus = (id: number, status: Exclude<Contact["status"], "new">) =>
  apiRequest<Contact>(`${CONTACTS_PATH}/${id}`, { method: "PUT", body: { status } });

/** PUT /admin-api.php/contacts/{id}/note: the staff's note ('' clears it). */
export const updateContactNote = (id: number, note: string) => apiRequest<Contact>(`${CONTACTS_PATH}/${id}/note`, { method: "PUT", body: { note } });

export const deleteContact = (id: number) => apiRequest<unknown>(`${CONTACTS_PATH}/${id}`, { method: "DELETE" });
