// A modal for a long form that may refuse to close: Escape, the close button
// and a click on the backdrop all ask `onRequestClose`, which closes it (by
// unmounting it) or not (unsaved changes kept after our confirmation): the
// case dialog's own state decides, where AdminDialog asks its forms. The body
// scrolls between a fixed title bar and `footer`, so 儲存 stays in reach.
// What happens in a dialog opened from it stays there (ModalDialog, decision 039).
import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { ModalDialog } from "#web/admin/shared/modal-dialog.tsx";

interface GuardedDialogProps {
  title: string;
  onRequestClose(): void;
  children: ReactNode;
  footer: ReactNode;
  testId: string;
}

/** Mount it to open it; it closes when unmounted. */
export function GuardedDialog({ title, onRequestClose, children, footer, testId }: GuardedDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const mounted = useRef(false);
  const pressedOutside = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    mounted.current = true;
    if (!dialog.open) dialog.showModal();
    return () => {
      mounted.current = false;
      dialog.close();
    };
  }, []);

  return (
    <ModalDialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onRequestClose();
      }}
      onClose={() => {
        // Chromium lets a page refuse Escape only once per user action; a second
        // Escape closes the dialog anyway. Still wanted: shown again, then asked.
        // (Open again already: the close of an effect run twice in development.)
        const dialog = ref.current;
        if (!mounted.current || !dialog || dialog.open) return;
        dialog.showModal();
        onRequestClose();
      }}
      onPointerDown={(event) => {
        pressedOutside.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // Only a click that began on the backdrop: a drag that ends outside the form is not one.
        if (event.target === event.currentTarget && pressedOutside.current) onRequestClose();
      }}
      className="m-auto max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-4xl flex-col overflow-hidden rounded-2xl bg-white p-0 text-gray-900 shadow-2xl backdrop:bg-black/50 open:flex sm:max-h-[calc(100dvh-3rem)] sm:w-[calc(100%-3rem)]"
      data-testid={testId}
    >
      <div className="flex items-center justify-between gap-4 border-b border-gray-100 px-4 py-3 sm:px-6">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <button type="button" onClick={onRequestClose} aria-label="關閉" className={`grid size-11 place-items-center rounded-lg text-gray-500 hover:bg-gray-100 hover:text-gray-900 ${focusRing}`}>
          <X aria-hidden size={20} />
        </button>
      </div>
      {/* relative: what is positioned inside (text for screen readers, file inputs) scrolls with the body, not the dialog. */}
      <div className="relative min-h-0 flex-1 overflow-y-auto px-4 py-4 sm:px-6">{children}</div>
      <div className="px-4 pb-3 sm:px-6">{footer}</div>
    </ModalDialog>
  );
}
