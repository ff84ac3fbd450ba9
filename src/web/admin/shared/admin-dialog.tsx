// A modal dialog on the native <dialog> element: focus stays inside, Escape
// and the close button close it, a click on the backdrop too.
import { X } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";

const WIDTHS = { md: "max-w-md", lg: "max-w-2xl", xl: "max-w-5xl" } as const;

interface AdminDialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  /** md (default) for a form, lg for a preview, xl for a file browser. */
  size?: keyof typeof WIDTHS;
  /** Where the focus goes on opening (the safe choice of a confirmation); else the browser's first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
}

export function AdminDialog({ open, title, onClose, children, size = "md", initialFocus }: AdminDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      initialFocus?.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, initialFocus]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${WIDTHS[size]} rounded-2xl bg-white p-0 text-gray-900 shadow-2xl backdrop:bg-black/50`}
    >
      {open ? (
        <div className="p-6">
          <div className="mb-4 flex items-center justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="關閉"
              className="rounded-lg p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <X aria-hidden size={20} />
            </button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
