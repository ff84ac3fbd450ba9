// What a visitor's message is found by: who wrote and about what first (name, subject,
// telephone, email, company), then the message and the staff's note (search-terms.ts).
import { indexTerms } from "#server/lib/search/search-terms.ts";

interface SearchedContact {
  name: string;
  email: string;
  phone?: string | null;
  company?: string | null;
  subject?: string | null;
  message: string;
  staff_note?: string | null;
}

export const contactSearchColumns = (contact: SearchedContact) => ({
  search_title: indexTerms(contact.name, contact.subject, contact.phone, contact.email, contact.company),
  search_body: indexTerms(contact.message, contact.staff_note),
});
