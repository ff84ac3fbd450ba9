// A case's detail over the gallery (000 §2, §4, §8): service type, title,
// location, completion date, description, every service feature, then each
// photo group, or 此案例尚未新增照片 for a case without pictures. It is a
// <dialog>: the server renders it open for /portfolio?case=<id> (without
// JavaScript it is the page's overlay, closed by a link back to the list);
// the island makes it modal (focus kept inside, the page behind inert) and
// closes it on Escape, on a click beside it and with the close button. A
// picture opens the full preview above it.
import { CalendarDays, MapPin, X } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type MouseEvent } from "react";
import type { ResponsivePicture } from "#contract/media.ts";
import { formatDate } from "#web/lib/zh-tw-dates.ts";
import { casePicturesOf } from "./case-pictures.ts";
import type { CaseView } from "./case-view.ts";
import { PhotoGroup } from "./photo-group.tsx";
import { PicturePreview } from "./picture-preview.tsx";
import { isPlainClick } from "#web/lib/plain-click.ts";
import { useBackdropClick } from "#web/ui/backdrop-click.ts";

interface CaseDetailProps {
  view: CaseView;
  pictures: Record<string, ResponsivePicture>;
  /** The list without the case: where the close link goes without JavaScript. */
  closeHref: string;
  noPhotosText: string;
  onClose(): void;
}

export function CaseDetail({ view, pictures, closeHref, noPhotosText, onClose }: CaseDetailProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [preview, setPreview] = useState<number | null>(null);
  const items = useMemo(() => casePicturesOf(view.groups), [view.groups]);
  const completed = formatDate(view.completedAt);
  const titleId = `case-${view.id}-title`;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // Open as rendered (a plain overlay); as a modal, the browser keeps the focus inside and makes the page behind inert.
    if (!element.matches(":modal")) {
      if (element.open) element.close();
      element.showModal();
    }
    // The page behind stays where it was while the detail scrolls.
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = overflow;
      if (element.open) element.close();
    };
  }, []);

  const close = () => dialog.current?.close();
  const backdrop = useBackdropClick(close);

  function onCloseLink(event: MouseEvent<HTMLAnchorElement>) {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    close();
  }

  return (
    <dialog
      ref={dialog}
      open
      aria-labelledby={titleId}
      // Closing to reopen as a modal (above) queues a close event too, which finds the dialog open again. The
      // preview's closing, passed up React's tree, is not this one's.
      onClose={(event) => event.target === event.currentTarget && !event.currentTarget.open && onClose()}
      onPointerDown={backdrop.onPointerDown}
      onClick={backdrop.onClick}
      // Above the floating contact buttons too while it is a plain overlay (without JavaScript); as a modal it is in the top layer.
      className="fixed inset-0 z-[60] m-0 h-dvh max-h-none w-full max-w-none items-center justify-center bg-black/60 p-0 open:flex sm:p-6 backdrop:bg-transparent"
      data-testid="case-detail"
    >
      {/* The heading and the close button stay in view while the rest scrolls. */}
      <article className="flex max-h-full w-full max-w-4xl flex-col overflow-hidden bg-card shadow-2xl sm:rounded-2xl">
        <header className="flex shrink-0 items-start justify-between gap-4 border-b border-line px-4 py-3 sm:px-6">
          <div className="min-w-0 pt-1">
            <p className="text-sm font-medium text-primary-700">{view.serviceType}</p>
            <h2 id={titleId} className="mt-1 text-xl font-bold text-ink sm:text-2xl">
              {view.title}
            </h2>
          </div>
          <a
            href={closeHref}
            onClick={onCloseLink}
            aria-label="關閉案例詳情"
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink-muted hover:bg-surface-muted hover:text-ink"
          >
            <X aria-hidden size={24} />
          </a>
        </header>
        <div className="min-h-0 flex-1 space-y-8 overflow-y-auto overscroll-contain px-4 py-6 sm:px-6">
          {view.location || completed ? (
            <dl className="flex flex-wrap gap-x-6 gap-y-2 text-ink-muted">
              {view.location ? (
                <div className="flex items-center gap-1.5">
                  <dt className="flex items-center gap-1.5">
                    <MapPin aria-hidden size={18} />
                    地點
                  </dt>
                  <dd className="font-medium text-ink">{view.location}</dd>
                </div>
              ) : null}
              {completed ? (
                <div className="flex items-center gap-1.5">
                  <dt className="flex items-center gap-1.5">
                    <CalendarDays aria-hidden size={18} />
                    完工日期
                  </dt>
                  <dd className="font-medium text-ink">
                    <time dateTime={view.completedAt ?? undefined}>{completed}</time>
                  </dd>
                </div>
              ) : null}
            </dl>
          ) : null}
          {view.description ? <p className="whitespace-pre-line leading-relaxed text-ink">{view.description}</p> : null}
          {view.features.length > 0 ? (
            <section aria-labelledby={`${titleId}-features`}>
              <h3 id={`${titleId}-features`} className="font-bold text-ink">
                服務特色
              </h3>
              <ul className="mt-3 flex flex-wrap gap-2">
                {view.features.map((feature, index) => (
                  <li key={`${index}-${feature}`} className="rounded-full bg-primary-50 px-3 py-1 text-sm font-medium text-primary-800">
                    {feature}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {items.length === 0 ? (
            <p className="rounded-theme bg-surface-muted p-6 text-center text-ink-muted" data-testid="no-photos">
              {noPhotosText}
            </p>
          ) : null}
          {view.groups.map((group, index) => (
            <PhotoGroup key={index} group={group} index={index} caseTitle={view.title} pictures={pictures} onPreview={(key) => setPreview(items.findIndex((item) => item.key === key))} />
          ))}
        </div>
      </article>
      {preview !== null ? (
        <PicturePreview items={items} index={preview} pictures={pictures} caseTitle={view.title} onIndex={setPreview} onClose={() => setPreview(null)} />
      ) : null}
    </dialog>
  );
}
