// The full picture preview over a case's detail (000 §2, §4): one of the
// case's pictures as large as the screen allows, its name and place ("3 / 8"),
// previous and next (buttons, or the arrow keys) and a close button. It is a
// modal <dialog> of its own above the detail's, so Escape closes it first and
// the detail stays open; a click beside the picture closes it too.
import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { useEffect, useRef, type KeyboardEvent } from "react";
import type { ResponsivePicture } from "#contract/media.ts";
import { ResponsiveImage } from "#web/site/shell/responsive-image.tsx";
import { useBackdropClick } from "#web/ui/backdrop-click.ts";
import type { CasePicture } from "./case-pictures.ts";

interface PicturePreviewProps {
  items: readonly CasePicture[];
  index: number;
  pictures: Record<string, ResponsivePicture>;
  caseTitle: string;
  onIndex(index: number): void;
  onClose(): void;
}

const buttonClass =
  "inline-flex size-12 items-center justify-center rounded-full bg-white/15 text-white transition-colors hover:bg-white/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

export function PicturePreview({ items, index, pictures, caseTitle, onIndex, onClose }: PicturePreviewProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const item = items[index]!;
  const several = items.length > 1;
  const step = (by: number) => onIndex((index + by + items.length) % items.length);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    element.showModal();
    return () => element.close();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (!several || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
    event.preventDefault();
    step(event.key === "ArrowLeft" ? -1 : 1);
  }

  // The dialog and the empty areas around the picture all stand for "beside it".
  const backdrop = useBackdropClick(() => dialog.current?.close());

  return (
    <dialog
      ref={dialog}
      aria-label={`${caseTitle}：${item.caption}`}
      // The close event does not bubble in the page, but React passes it up its own tree: only this dialog's own closing counts.
      onClose={(event) => event.target === event.currentTarget && onClose()}
      onKeyDown={onKeyDown}
      {...backdrop}
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none bg-black/90 p-0 text-white backdrop:bg-transparent"
      data-testid="picture-preview"
    >
      <div className="flex h-full flex-col" {...backdrop}>
        <div className="flex items-center justify-between gap-4 p-3">
          <p className="min-w-0 truncate px-2 text-sm sm:text-base" aria-live="polite">
            <span className="font-semibold">{item.caption}</span>
            {several ? <span className="ml-3 text-white/80">{`${index + 1} / ${items.length}`}</span> : null}
          </p>
          <button type="button" className={buttonClass} aria-label="關閉大圖" onClick={() => dialog.current?.close()}>
            <X aria-hidden size={24} />
          </button>
        </div>
        <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-4 sm:px-16" {...backdrop}>
          <ResponsiveImage
            key={item.key}
            src={item.src}
            picture={pictures[item.src]}
            alt={`${caseTitle}：${item.caption}`}
            sizes="100vw"
            width={1600}
            height={1200}
            priority
            className="max-h-[calc(100dvh-6rem)] w-auto max-w-full object-contain"
          />
          {several ? (
            <>
              <button type="button" className={`${buttonClass} absolute left-2 top-1/2 -translate-y-1/2 sm:left-4`} aria-label="上一張" onClick={() => step(-1)}>
                <ChevronLeft aria-hidden size={28} />
              </button>
              <button type="button" className={`${buttonClass} absolute right-2 top-1/2 -translate-y-1/2 sm:right-4`} aria-label="下一張" onClick={() => step(1)}>
                <ChevronRight aria-hidden size={28} />
              </button>
            </>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
