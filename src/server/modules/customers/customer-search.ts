// What a LINE customer is found by: its name first, then the staff's notes and tags;
// and what a message is found by: a text's words or a file's name (a sticker's or a
// place's content is JSON, whose keys would match everything) (search-terms.ts).
import { indexTerms } from "#server/lib/search/search-terms.ts";

/** The fields a customer's search columns are made of. */
export const CUSTOMER_SEARCH_SOURCES = ["display_name", "notes", "tags"] as const;

export const customerSearchColumns = (customer: { display_name?: string | null; notes?: string | null; tags?: string | null }) => ({
  search_title: indexTerms(customer.display_name),
  search_body: indexTerms(customer.notes, tagWords(customer.tags)),
});

export const messageSearchColumns = (message: { message_type: string; message_content?: string | null; file_name?: string | null }) => ({
  search_body: indexTerms(message.message_type === "text" ? message.message_content : null, message.file_name),
});

/** The tags of a customer (a JSON list) as words. */
function tagWords(tags: string | null | undefined): string {
  if (!tags) return "";
  try {
    const list: unknown = JSON.parse(tags);
    return Array.isArray(list) ? list.filter((tag): tag is string => typeof tag === "string").join(" ") : "";
  } catch {
    return "";
  }
}
