// A back-office list's search box (news, cases, contacts, LINE customers): the list is asked again a
// moment after typing stops, or at once with Enter, never while an input method is
// still composing (注音 being chosen is not a word yet); × empties it at once. The box
// follows the address when it changes from elsewhere (back, a cleared filter).
import { Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { focusRing } from "./admin-notice.tsx";
import { inputClass } from "./form-field-parts.tsx";

/** Typing pauses this long before the list is asked again. */
const SEARCH_DELAY_MS = 400;
/** The server honours 100 characters (the contracts' list queries). */
const SEARCH_MAX_LENGTH = 100;

interface SearchFieldProps {
  label: string;
  placeholder: string;
  /** The search the list shows now (from the address). */
  value: string;
  onSearch(search: string): void;
  testId: string;
}

export function SearchField({ label, placeholder, value, onSearch, testId }: SearchFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [composing, setComposing] = useState(false);
  const shown = useRef(value);
  shown.current = value;
  const search = useRef(onSearch);
  search.current = onSearch;

  // What is being typed, spaces and all, stays while it says the same as the address.
  useEffect(() => setText((current) => (current.trim() === value ? current : value)), [value]);

  useEffect(() => {
    const wanted = text.trim();
    if (composing || wanted === shown.current) return;
    const timer = setTimeout(() => search.current(wanted), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, composing]);

  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-gray-700">
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden size={18} className="pointer-events-none absolute top-1/2 left-3 mt-0.5 -translate-y-1/2 text-gray-500" />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          onCompositionStart={() => setComposing(true)}
          onCompositionEnd={() => setComposing(false)}
          onKeyDown={(event) => {
            if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
            // Searched here: a form around the box has nothing to send.
            event.preventDefault();
            if (text.trim() !== value) onSearch(text.trim());
          }}
          className={`${inputClass} min-h-11 pr-11 pl-10 [&::-webkit-search-cancel-button]:hidden`}
          data-testid={testId}
        />
        {text ? (
          <button
            type="button"
            aria-label="清除搜尋"
            onClick={() => {
              setText("");
              if (value) onSearch("");
            }}
            className={`absolute top-1/2 right-0 mt-0.5 grid size-11 -translate-y-1/2 place-items-center rounded-lg text-gray-600 hover:text-gray-900 ${focusRing}`}
          >
            <X aria-hidden size={16} />
          </button>
        ) : null}
      </div>
    </div>
  );
}
