// What a case is found by: its title first, then its description and client (search-terms.ts).
import { indexTerms } from "#server/lib/search/search-terms.ts";

export const caseSearchColumns = (portfolio: { title: string; description?: string | null; client?: string | null }) => ({
  search_title: indexTerms(portfolio.title),
  search_body: indexTerms(portfolio.description, portfolio.client),
});
