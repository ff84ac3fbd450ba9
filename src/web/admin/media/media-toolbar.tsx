// Search by file name and the grid/list switch, for the library and the picker.
import { LayoutGrid, List, Search } from "lucide-react";
import { useId } from "react";
import type { MediaView } from "./media-grid.tsx";

interface MediaToolbarProps {
  query: string;
  onQuery(query: string): void;
  view: MediaView;
  onView(view: MediaView): void;
}

const toggleClass = (on: boolean) =>
  `inline-flex h-10 w-10 items-center justify-center focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 ${
    on ? "bg-blue-600 text-white" : "bg-white text-gray-600 hover:bg-gray-50"
  }`;

export function MediaToolbar({ query, onQuery, view, onView }: MediaToolbarProps) {
  const searchId = useId();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="relative min-w-0 flex-1">
        <label htmlFor={searchId} className="sr-only">
          搜尋檔案名稱
        </label>
        <Search aria-hidden size={18} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-gray-400" />
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => onQuery(event.target.value)}
          placeholder="搜尋檔案名稱..."
          className="w-full rounded-lg border border-gray-300 bg-white py-2 pl-10 pr-3 text-gray-900 placeholder:text-gray-400 focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/30"
        />
      </div>
      <div role="group" aria-label="檢視方式" className="flex overflow-hidden rounded-lg border border-gray-300">
        <button type="button" aria-pressed={view === "grid"} aria-label="格狀檢視" title="格狀檢視" onClick={() => onView("grid")} className={toggleClass(view === "grid")}>
          <LayoutGrid aria-hidden size={18} />
        </button>
        <button type="button" aria-pressed={view === "list"} aria-label="清單檢視" title="清單檢視" onClick={() => onView("list")} className={toggleClass(view === "list")}>
          <List aria-hidden size={18} />
        </button>
      </div>
    </div>
  );
}
