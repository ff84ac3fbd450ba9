// The gallery's one island (decision 015): everything else on /portfolio is
// static HTML (the search form, the cards, the page links), so hydrating it
// costs nothing until a case is opened. It renders the open case's detail (the
// server renders it too for /portfolio?case=<id>) and takes over, by listening
// on the document, what the static page does by loading another page: a card's
// link opens its detail in place (the address updated, so it can be shared and
// Back closes it), a chosen service type shows its list at once, and a search
// leaves out the empty fields of its address (a type chosen before the island
// arrived is applied when it does). When the detail closes, the focus goes back
// to the card that opened it.
import { useEffect, useMemo, useRef, useState } from "react";
import type { ResponsivePicture } from "#contract/media.ts";
import { CaseDetail } from "./case-detail.tsx";
import type { CaseView } from "./case-view.ts";
import { CATEGORY_SELECT_ID, GALLERY_ANCHOR, SEARCH_FORM_ID } from "./gallery-filters.tsx";
import { galleryHref, openCaseOf, type GalleryQuery } from "./gallery-query.ts";
import { isPlainClick } from "#web/lib/plain-click.ts";

export interface CaseViewerProps {
  query: GalleryQuery;
  /** Each case the page shows (featured, the page's, and the open one when it is neither). */
  cases: CaseView[];
  /** Their pictures' variants, without placeholders (the detail opens on request). */
  pictures: Record<string, ResponsivePicture>;
  openCase: number | null;
  /** Where each case's close link returns to without JavaScript: its card's anchor. */
  closeAnchors: Record<number, string>;
  /** The contract's text (PORTFOLIO_MESSAGES.noPhotos), handed over by the server: the contract's module would bring zod into the island. */
  noPhotosText: string;
}

const cameBackInHistory = () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.type === "back_forward";

interface PushedState {
  portfolioCase?: number;
}

export function CaseViewer({ query, cases, pictures, openCase, closeAnchors, noPhotosText }: CaseViewerProps) {
  const byId = useMemo(() => new Map(cases.map((view) => [view.id, view])), [cases]);
  const [openId, setOpenId] = useState(openCase);
  const opener = useRef<HTMLElement | null>(null);
  const shown = useRef(openCase);

  useEffect(() => {
    function onClick(event: MouseEvent) {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-case-link]") : null;
      const id = Number(link?.dataset.caseLink);
      if (!link || !byId.has(id) || !isPlainClick(event)) return;
      event.preventDefault();
      opener.current = link;
      window.history.pushState({ portfolioCase: id } satisfies PushedState, "", galleryHref(query, { caseId: id }));
      setOpenId(id);
    }
    function onSubmit(event: SubmitEvent) {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.id !== SEARCH_FORM_ID) return;
      event.preventDefault();
      const fields = new FormData(form);
      const text = (name: string) => String(fields.get(name) ?? "").trim();
      window.location.assign(galleryHref({ search: text("search"), category: text("category"), page: 1 }, { hash: GALLERY_ANCHOR }));
    }
    function onChange(event: Event) {
      const select = event.target;
      if (select instanceof HTMLSelectElement && select.id === CATEGORY_SELECT_ID) select.form?.requestSubmit();
    }
    // Back and Forward move between the list and a case this visit opened.
    const follow = () => setOpenId(openCaseOf(window.location.search));
    document.addEventListener("click", onClick);
    document.addEventListener("submit", onSubmit);
    document.addEventListener("change", onChange);
    window.addEventListener("popstate", follow);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("submit", onSubmit);
      document.removeEventListener("change", onChange);
      window.removeEventListener("popstate", follow);
    };
  }, [byId, query]);

  // A service type chosen before this island arrived (its change went unheard): applied now, with what was typed in the
  // search box, as if chosen now. Declared after the listeners' effect, so the submit is taken over like any other.
  // (Not after Back or Forward: the browser then restores the choice the visitor left the page with, which is not a new one.)
  useEffect(() => {
    const select = document.getElementById(CATEGORY_SELECT_ID);
    if (!(select instanceof HTMLSelectElement) || cameBackInHistory()) return;
    const rendered = [...select.options].find((option) => option.defaultSelected) ?? select.options[0];
    if (rendered && select.value !== rendered.value) select.form?.requestSubmit();
  }, []);

  // However the detail closed (Escape, the backdrop, the button, Back), the focus goes back to its card.
  useEffect(() => {
    const previous = shown.current;
    shown.current = openId;
    if (previous === null || openId !== null) return;
    const card = opener.current ?? document.querySelector<HTMLElement>(`[data-case-link="${previous}"]`);
    opener.current = null;
    card?.focus();
  }, [openId]);

  function onDetailClosed() {
    const id = openId;
    setOpenId(null);
    // A case this visit opened goes back to the list's entry; one the page opened on leaves the list's address in its place.
    if ((window.history.state as PushedState | null)?.portfolioCase === id) window.history.back();
    else window.history.replaceState(null, "", galleryHref(query));
  }

  const open = openId === null ? undefined : byId.get(openId);
  if (!open) return null;
  return (
    <CaseDetail
      key={open.id}
      view={open}
      pictures={pictures}
      closeHref={galleryHref(query, { hash: closeAnchors[open.id] })}
      noPhotosText={noPhotosText}
      onClose={onDetailClosed}
    />
  );
}
