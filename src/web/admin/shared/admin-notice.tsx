// The back office's feedback blocks, one implementation for every screen:
// a success message that clears itself after 3 s (002 §9), a
// dismissable error, and a load failure with its way out (retry or sign in).
// Success and error notices are toasts fixed at the bottom of the window, so
// they are seen wherever the page is scrolled to when the action finishes —
// unless the button they answer is down there: then at the top, so a toast
// never covers the button it answers (the focus is on that button, or back on
// it once the dialog it opened has closed).
import { CircleAlert, CircleCheck, RefreshCw, X } from "lucide-react";
import { useEffect, useLayoutEffect, useState, type ReactNode } from "react";

/** Keyboard focus outline shared by the back office's buttons and links. */
export const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

export const NOTICE_MS = 3_000;

export type Notice = { tone: "success" | "error"; text: string };

/** Notice state whose success messages disappear after NOTICE_MS; errors stay until dismissed. */
export function useNotice() {
  const [notice, setNotice] = useState<Notice | null>(null);
  useEffect(() => {
    if (notice?.tone !== "success") return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return [notice, setNotice] as const;
}

export function ErrorBanner({ children, onDismiss, testId }: { children: ReactNode; onDismiss(): void; testId: string }) {
  return (
    <div role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-testid={testId}>
      <CircleAlert aria-hidden size={18} className="mt-0.5 shrink-0" />
      <span className="flex-1">{children}</span>
      <button type="button" onClick={onDismiss} aria-label="關閉訊息" className="-my-2 -mr-2 grid size-11 shrink-0 place-items-center rounded-lg hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-red-600">
        <X aria-hidden size={16} />
      </button>
    </div>
  );
}

/**
 * Announces a success politely and shows an error until dismissed: as toasts in the
 * window's corner, or `inline` in a dialog's own flow (a toast fixed in the corner
 * would cover the buttons a long dialog keeps at its bottom).
 */
export function NoticeArea({
  notice,
  onDismiss,
  successTestId,
  errorTestId,
  placement = "corner",
}: {
  notice: Notice | null;
  onDismiss(): void;
  successTestId: string;
  errorTestId: string;
  placement?: "corner" | "inline";
}) {
  const corner = placement === "corner";
  const [atTop, setAtTop] = useState(false);
  useLayoutEffect(() => {
    if (corner && notice) setAtTop(answeredControlIsUnderToasts());
  }, [corner, notice]);
  const cornerClass = atTop
    ? "pointer-events-none fixed inset-x-4 top-4 z-40 flex flex-col gap-2 sm:left-1/2 sm:right-auto sm:w-96 sm:-translate-x-1/2"
    : "pointer-events-none fixed inset-x-4 bottom-4 z-40 flex flex-col gap-2 sm:left-auto sm:right-6 sm:bottom-6 sm:w-96";
  return (
    <div className={corner ? cornerClass : "space-y-2"} data-toast-place={corner ? (atTop ? "top" : "bottom") : undefined}>
      <div role="status" aria-live="polite">
        {notice?.tone === "success" ? (
          <p
            className={`pointer-events-auto flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 px-4 text-sm text-green-800 ${corner ? "py-3 shadow-lg" : "py-2.5"}`}
            data-testid={successTestId}
          >
            <CircleCheck aria-hidden size={18} className="shrink-0" />
            {notice.text}
          </p>
        ) : null}
      </div>
      {notice?.tone === "error" ? (
        <div className={`pointer-events-auto ${corner ? "shadow-lg" : ""}`}>
          <ErrorBanner onDismiss={onDismiss} testId={errorTestId}>
            {notice.text}
          </ErrorBanner>
        </div>
      ) : null}
    </div>
  );
}

/** The bottom toasts' area: the whole width on a phone, the right 26 rem above 640 px, up to 9 rem high (a toast with a long error). */
const TOAST_AREA = { height: 144, width: 26 * 16, wide: 640 };

/** Whether the control the person just used (the focused one) sits where the bottom toasts appear. */
export function answeredControlIsUnderToasts(): boolean {
  const control = document.activeElement;
  if (!control || control === document.body) return false;
  const box = control.getBoundingClientRect();
  const { innerWidth, innerHeight } = window;
  const left = innerWidth >= TOAST_AREA.wide ? innerWidth - TOAST_AREA.width - 24 : 0;
  return box.bottom > innerHeight - TOAST_AREA.height && box.right > left;
}

/** A list that could not be loaded; `action` is the way out (RetryButton or a sign-in link). */
export function LoadError({ message, action, testId }: { message: string; action: ReactNode; testId: string }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800" data-testid={testId}>
      <CircleAlert aria-hidden size={20} className="shrink-0" />
      <span className="flex-1 font-medium">{message}</span>
      {action}
    </div>
  );
}

export function RetryButton({ onRetry }: { onRetry(): void }) {
  return (
    <button
      type="button"
      onClick={onRetry}
      className={`inline-flex items-center gap-1.5 rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-red-100 ${focusRing}`}
    >
      <RefreshCw aria-hidden size={16} />
      重新載入
    </button>
  );
}
