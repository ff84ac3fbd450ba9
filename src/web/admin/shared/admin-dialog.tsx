// A modal dialog on the native <dialog> element: focus stays inside, Escape
// and the close button close it, a click on the backdrop too (one that began
// there: a drag from inside the form that ends outside is not one). A form
// inside with changes not saved (it says so through useUnsavedInDialog, which
// useDialogForm calls for every form built on it) makes each of those ask in our
// confirmation first, so typing is never thrown away by a stray key or click.
// It may open inside another dialog, an editor or a form: ModalDialog keeps its
// submit, Escape, cancel and close to itself (decision 039).
import { X } from "lucide-react";
import { createContext, useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from "react";
import { useOptionalConfirm } from "./confirm-context.ts";
import { ModalDialog } from "./modal-dialog.tsx";

const WIDTHS = { md: "max-w-md", lg: "max-w-2xl", xl: "max-w-5xl" } as const;

/** The question before discarding a form's changes: the same for every form dialog. */
export const DISCARD_QUESTION = { title: "放棄變更", message: "表單有尚未儲存的變更，關閉後會遺失。確定要關閉嗎？", confirmLabel: "放棄變更" } as const;

/** Each form of a dialog says whether it holds changes not saved (a dialog may hold several: a list's add and rename forms). */
type ReportUnsaved = (form: string, unsaved: boolean) => void;
interface DialogGuard {
  report: ReportUnsaved;
  /** Runs `discard` at once, or with unsaved changes once our confirmation says so. */
  beforeDiscard(discard: () => void): void;
}
const GuardContext = createContext<DialogGuard | null>(null);

/** Tells the dialog around a form whether it holds changes not saved; outside a dialog it does nothing. */
export function useUnsavedInDialog(unsaved: boolean) {
  const report = useContext(GuardContext)?.report;
  const form = useId();
  // Before the next key is handled: Escape pressed right after typing must already find the change.
  useLayoutEffect(() => {
    report?.(form, unsaved);
  }, [report, form, unsaved]);
  // A form that goes away takes its changes with it.
  useLayoutEffect(() => () => report?.(form, false), [report, form]);
}

interface AdminDialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  /** md (default) for a form, lg for a preview, xl for a file browser. */
  size?: keyof typeof WIDTHS;
  /** Where the focus goes on opening (the safe choice of a confirmation); else the browser's first focusable element. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Unsaved changes of a form whose state lives outside the dialog (the forms inside report theirs themselves). */
  unsaved?: boolean;
}

export function AdminDialog({ open, title, onClose, children, size = "md", initialFocus, unsaved: unsavedOutside = false }: AdminDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const pressedOnBackdrop = useRef(false);
  const [unsavedForms, setUnsavedForms] = useState<ReadonlySet<string>>(() => new Set());
  const unsaved = unsavedOutside || unsavedForms.size > 0;
  const reportUnsaved = useCallback<ReportUnsaved>(
    (form, changed) =>
      setUnsavedForms((current) => {
        if (current.has(form) === changed) return current;
        const next = new Set(current);
        if (changed) next.add(form);
        else next.delete(form);
        return next;
      }),
    [],
  );
  const confirm = useOptionalConfirm();
  const asking = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      initialFocus?.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, initialFocus]);

  /** Escape, the close button, the backdrop, a form's 取消: go on, or with unsaved changes ask first. */
  async function beforeDiscard(discard: () => void) {
    if (!unsaved || !confirm) return discard();
    if (asking.current) return;
    asking.current = true;
    const yes = await confirm(DISCARD_QUESTION);
    asking.current = false;
    if (yes) discard();
  }
  const requestClose = () => beforeDiscard(onClose);
  // The forms inside keep one guard (a stable context value); it asks with the dialog's state as it is now.
  const latestGuard = useRef(beforeDiscard);
  useEffect(() => {
    latestGuard.current = beforeDiscard;
  });
  const guard = useMemo<DialogGuard>(() => ({ report: reportUnsaved, beforeDiscard: (discard) => void latestGuard.current(discard) }), [reportUnsaved]);

  return (
    <ModalDialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape closes through our state, not the browser: a key pressed right after
        // must find the dialog closed on screen and in the state alike (the browser's
        // own close is told in a later task, after keys already waiting).
        if (!unsaved && !event.cancelable) return;
        event.preventDefault();
        void requestClose();
      }}
      onClose={() => {
        // Closed by our state (open is false already): onClose has been called.
        if (!open) return;
        const dialog = ref.current;
        // Chromium lets a page refuse Escape only once per user action: a second Escape closes anyway. Shown again, then asked.
        if (unsaved && dialog && !dialog.open) {
          dialog.showModal();
          void requestClose();
          return;
        }
        onClose();
      }}
      onPointerDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && pressedOnBackdrop.current) void requestClose();
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
              onClick={() => void requestClose()}
              aria-label="關閉"
              className="rounded-lg p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <X aria-hidden size={20} />
            </button>
          </div>
          <GuardContext.Provider value={guard}>{children}</GuardContext.Provider>
        </div>
      ) : null}
    </ModalDialog>
  );
}

/** For a form not built on useDialogForm: its values differ from those it opened with → unsaved changes. */
export function useUnsavedValuesInDialog(values: unknown) {
  const [opened] = useState(() => JSON.stringify(values));
  useUnsavedInDialog(JSON.stringify(values) !== opened);
}

/** A form's 取消 inside a dialog: asks like the dialog's own close before discarding unsaved changes. */
export function useBeforeDiscard(): (discard: () => void) => void {
  const guard = useContext(GuardContext);
  return guard ? guard.beforeDiscard : (discard) => discard();
}
