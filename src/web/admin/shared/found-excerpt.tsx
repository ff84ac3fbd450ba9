// Where a search found a row in a text the list does not show (a contact's message or
// note, a post's text, a customer's note): the part around the first word found, the
// words marked. Nothing without a search, or when the words are not in this text.
import { excerptAround, hasMatch } from "#contract/search-highlight.ts";
import { HighlightedText } from "#web/ui/highlighted-text.tsx";

export function FoundExcerpt({ label, text, search, testId }: { label: string; text: string; search: string; testId: string }) {
  if (!search || !hasMatch(text, search)) return null;
  return (
    <p className="mt-1 break-words text-sm font-normal text-gray-700" data-testid={testId}>
      <span className="text-gray-600">{label}：</span>
      <HighlightedText text={excerptAround(text, search)} search={search} />
    </p>
  );
}
