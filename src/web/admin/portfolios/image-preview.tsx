// A case picture at full screen (001 §2): the picture as large as the window
// allows, what it is (照片組 1・施工前), and a close button; Escape closes it
// too, and only it, inside the case dialog (ModalDialog). The focus goes back
// to the thumbnail that opened it.
import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { ModalDialog } from "#web/admin/shared/modal-dialog.tsx";
import { useBackdropClick } from "#web/ui/backdrop-click.ts";

export interface PreviewRequest {
  src: string;
  /** What the picture is, shown under it and as its text alternative. */
  caption: string;
}

/** Mount it to open it; `onClose` unmounts it. */
export function ImagePreview({ preview, onClose }: { preview: PreviewRequest; onClose(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const backdrop = useBackdropClick(onClose);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <ModalDialog
      ref={ref}
      aria-label={`圖片預覽：${preview.caption}`}
      onClose={() => {
        // Open again already: the close of an effect run twice in development.
        if (!ref.current?.open) onClose();
      }}
      {...backdrop}
      className="fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none bg-black/90 p-0 text-white backdrop:bg-black/80"
      data-testid="image-preview"
    >
      <figure className="flex h-full flex-col items-center justify-center gap-3 p-4 pt-16" {...backdrop}>
        <img src={preview.src} alt={preview.caption} className="max-h-[calc(100dvh-8rem)] max-w-full rounded-lg object-contain" data-testid="preview-image" />
        <figcaption className="text-center text-base">
          {preview.caption}
        </figcaption>
      </figure>
      <button
        type="button"
        onClick={onClose}
        autoFocus
        aria-label="關閉預覽"
        className={`absolute top-3 right-3 grid size-11 place-items-center rounded-full bg-white/15 text-white hover:bg-white/25 ${focusRing} focus-visible:outline-white`}
      >
        <X aria-hidden size={24} />
      </button>
    </ModalDialog>
  );
}
