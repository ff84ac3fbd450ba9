// One photo group of a case's detail (000 §2, §3): its title and description,
// the before/after comparison when it has both pictures (else the one it has,
// named), and its other pictures. Every picture is a link to its file, so it
// opens without JavaScript; the island shows it in the full preview instead.
import { Maximize2 } from "lucide-react";
import { useId, type MouseEvent } from "react";
import type { ResponsivePicture } from "#contract/media.ts";
import { ResponsiveImage } from "#web/site/shell/responsive-image.tsx";
import { pictureKey, ROLE_LABELS } from "./case-pictures.ts";
import type { PhotoGroupView } from "./case-view.ts";
import { ComparisonSlider } from "./comparison-slider.tsx";
import { isPlainClick } from "#web/lib/plain-click.ts";

interface PhotoGroupProps {
  group: PhotoGroupView;
  index: number;
  caseTitle: string;
  pictures: Record<string, ResponsivePicture>;
  /** Shows the picture with this key (case-pictures.ts) in the full preview. */
  onPreview(key: string): void;
}

export function PhotoGroup({ group, index, caseTitle, pictures, onPreview }: PhotoGroupProps) {
  const subject = `${caseTitle}・${group.title}`;
  const titleId = useId();
  const previewOn = (key: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    onPreview(key);
  };
  const single = group.before ? ("before" as const) : group.after ? ("after" as const) : null;

  return (
    <section aria-labelledby={titleId} className="space-y-4" data-testid="photo-group">
      <h3 id={titleId} className="text-lg font-bold text-ink">
        {group.title}
      </h3>
      {group.description ? <p className="whitespace-pre-line text-ink-muted">{group.description}</p> : null}
      {group.before && group.after ? (
        <>
          <ComparisonSlider before={group.before} after={group.after} pictures={pictures} subject={subject} />
          <div className="flex flex-wrap gap-2">
            {(["before", "after"] as const).map((role) => (
              <a
                key={role}
                href={group[role]}
                onClick={previewOn(pictureKey(index, role))}
                className="inline-flex min-h-11 items-center gap-2 rounded-theme px-4 font-medium text-primary-700 ring-1 ring-line hover:bg-primary-50"
              >
                <Maximize2 aria-hidden size={18} />
                放大{ROLE_LABELS[role]}照片
              </a>
            ))}
          </div>
        </>
      ) : single ? (
        <a href={group[single]} onClick={previewOn(pictureKey(index, single))} className="relative block cursor-zoom-in overflow-hidden rounded-theme">
          <ResponsiveImage
            src={group[single]}
            picture={pictures[group[single]]}
            alt={`${subject}・${ROLE_LABELS[single]}`}
            sizes="(min-width: 1024px) 56rem, 100vw"
            width={1200}
            height={900}
            className="aspect-[4/3] max-h-[65dvh] w-full object-cover"
          />
          <span className="absolute left-3 top-3 rounded-full bg-black/70 px-3 py-1 text-sm font-semibold text-white" aria-hidden>
            {ROLE_LABELS[single]}
          </span>
        </a>
      ) : null}
      {group.singles.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={`${group.title}的其他照片`}>
          {group.singles.map((src, position) => (
            <li key={`${position}-${src}`}>
              <a href={src} onClick={previewOn(pictureKey(index, "single", position))} className="block cursor-zoom-in overflow-hidden rounded-theme">
                <ResponsiveImage
                  src={src}
                  picture={pictures[src]}
                  alt={`${subject}・照片 ${position + 1}`}
                  sizes="(min-width: 1024px) 18rem, (min-width: 640px) 33vw, 50vw"
                  width={600}
                  height={450}
                  className="aspect-[4/3] w-full object-cover transition-transform hover:scale-105"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
