// Our own confirmation dialog, for deletes, bulk actions and discarding work:
// it names what will be affected and says what the button does, where the
// browser's confirm() shows a bare sentence with OK / Cancel. One dialog for
// the whole back office (the admin layout provides it); screens ask
// `await confirm({...})` and get true or false.
import { CircleAlert } from "lucide-react";
import { useCallback, useContext, useRef, useState, type ReactNode } from "react";
import { AdminDialog } from "./admin-dialog.tsx";
import { focusRing } from "./admin-notice.tsx";
import { ConfirmContext, type Confirm, type ConfirmRequest } from "./confirm-context.ts";

export type { Confirm, ConfirmRequest } from "./confirm-context.ts";

/** Asks a question in the back office's confirmation dialog; resolves true only when confirmed. */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error("useConfirm needs a ConfirmProvider (the admin layout provides one)");
  return confirm;
}

/** Items beyond this many are counted rather than listed, so the buttons stay on screen. */
const LISTED_ITEMS = 8;

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<{ request: ConfirmRequest; resolve(answer: boolean): void } | null>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);

  const confirm = useCallback<Confirm>(
    (request) =>
      new Promise<boolean>((resolve) => {
        setPending((current) => {
          // A second question replaces an unanswered first one, which counts as declined.
          current?.resolve(false);
          return { request, resolve };
        });
      }),
    [],
  );

  const answer = (value: boolean) => {
    pending?.resolve(value);
    setPending(null);
  };

  const request = pending?.request;
  const danger = (request?.tone ?? "danger") === "danger";
  const items = request?.items ?? [];
  const listed = items.slice(0, LISTED_ITEMS);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <AdminDialog open={pending !== null} title={request?.title ?? ""} onClose={() => answer(false)} initialFocus={danger ? cancelButton : confirmButton}>
        {request ? (
          <div data-testid="confirm-dialog">
            <p className="flex items-start gap-2 text-gray-800">
              {danger ? <CircleAlert aria-hidden size={20} className="mt-0.5 shrink-0 text-red-600" /> : null}
              <span>{request.message}</span>
            </p>
            {listed.length > 0 ? (
              <ul className="mt-3 max-h-48 list-disc space-y-1 overflow-y-auto rounded-lg bg-gray-50 py-2 pr-3 pl-8 text-sm text-gray-800" data-testid="confirm-items">
                {listed.map((item, index) => (
                  <li key={`${index}-${item}`} className="break-all">
                    {item}
                  </li>
                ))}
                {items.length > listed.length ? <li className="list-none text-gray-600">另外 {items.length - listed.length} 項</li> : null}
              </ul>
            ) : null}
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <button
                ref={cancelButton}
                type="button"
                onClick={() => answer(false)}
                className={`min-h-11 rounded-lg border border-gray-300 bg-white px-4 py-2 font-medium text-gray-800 hover:bg-gray-50 ${focusRing}`}
              >
                取消
              </button>
              <button
                ref={confirmButton}
                type="button"
                onClick={() => answer(true)}
                className={`min-h-11 rounded-lg px-4 py-2 font-semibold text-white ${danger ? "bg-red-600 hover:bg-red-700" : "bg-blue-600 hover:bg-blue-700"} ${focusRing}`}
              >
                {request.confirmLabel}
              </button>
            </div>
          </div>
        ) : null}
      </AdminDialog>
    </ConfirmContext.Provider>
  );
}
