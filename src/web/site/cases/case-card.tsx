// One case in the gallery (000 §2): its picture (the after picture when there
// is one), title, service type, location, completion date, and the first
// three service features then '+N'; a search's words marked. The title is a
// link to the gallery with this case open (/portfolio?case=<id>, the other
// parameters kept): without JavaScript the server answers with the detail
// open; the gallery's island opens it in place. The link's area covers the
// whole card.
import { CalendarDays, ImageOff, MapPin } from "lucide-react";
import type { ResponsivePicture } from "#contract/media.ts";
import { formatDate } from "#web/lib/zh-tw-dates.ts";
import { ResponsiveImage } from "#web/site/shell/responsive-image.tsx";
import { HighlightedText } from "#web/ui/highlighted-text.tsx";
import type { CaseView } from "./case-view.ts";

interface CaseCardProps {
  view: CaseView;
  picture: ResponsivePicture | undefined;
  href: string;
  /** The first card a visitor sees: its picture is fetched first, never lazily. */
  priority: boolean;
  /** The gallery's search: its words are marked in the title and the location. */
  search: string;
}

export function CaseCard({ view, picture, href, priority, search }: CaseCardProps) {
  const tags = view.features.slice(0, view.cardTagCount);
  const more = view.features.length - tags.length;
  const completed = formatDate(view.completedAt);
  return (
    <article
      className="relative flex flex-col overflow-hidden rounded-theme bg-card shadow-sm ring-1 ring-line transition-shadow hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-primary-600"
      data-testid="case-card"
    >
      <div className="aspect-[4/3] bg-surface-muted">
        {view.cover ? (
          <ResponsiveImage
            src={view.cover}
            picture={picture}
            alt=""
            sizes="(min-width: 1024px) 400px, (min-width: 640px) calc(50vw - 2.25rem), calc(100vw - 2rem)"
            width={800}
            height={600}
            priority={priority}
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full flex-col items-center justify-center gap-2 text-ink-muted">
            <ImageOff aria-hidden size={32} />
            <span className="text-sm">尚無照片</span>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <span className="self-start rounded-full bg-primary-50 px-3 py-1 text-sm font-medium text-primary-800">{view.serviceType}</span>
        <h3 className="text-lg font-bold text-ink">
          {/* The link's ::after covers the card: the whole card takes the tap, the link's name stays the title. */}
          <a href={href} data-case-link={view.id} className="flex min-h-11 items-center after:absolute after:inset-0 focus-visible:outline-none">
            <HighlightedText text={view.title} search={search} />
          </a>
        </h3>
        {view.location || completed ? (
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted">
            {view.location ? (
              <div className="flex items-center gap-1">
                <dt>
                  <MapPin aria-hidden size={16} />
                  <span className="sr-only">地點</span>
                </dt>
                <dd>
                  <HighlightedText text={view.location} search={search} />
                </dd>
              </div>
            ) : null}
            {completed ? (
              <div className="flex items-center gap-1">
                <dt>
                  <CalendarDays aria-hidden size={16} />
                  <span className="sr-only">完工日期</span>
                </dt>
                <dd>
                  <time dateTime={view.completedAt ?? undefined}>{completed}</time>
                </dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        {tags.length > 0 ? (
          <ul className="mt-auto flex flex-wrap gap-2 pt-1" aria-label="服務特色">
            {tags.map((tag, index) => (
              <li key={`${index}-${tag}`} className="rounded-md bg-surface-muted px-2 py-1 text-xs font-medium text-ink">
                {tag}
              </li>
            ))}
            {more > 0 ? (
              <li className="rounded-md bg-surface-muted px-2 py-1 text-xs font-medium text-ink-muted" data-testid="more-tags">
                <span aria-hidden>+{more}</span>
                <span className="sr-only">還有 {more} 項</span>
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
