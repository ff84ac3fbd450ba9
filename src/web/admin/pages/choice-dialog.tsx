// A question with its own answers, in our dialog: the page editor's 409
// (載入最新版本 / 保留我的版本) and its check before publishing (仍要發布 /
// 返回修改, and 前往修改 beside each finding), where the confirmation dialog's
// one action and 取消 would not say what each choice does. Closing it
// (Escape, ×) answers null: nothing happens.
import { useCallback, useRef, useState, type ReactNode } from "react";
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";

export interface Choice<T extends string> {
  value: T;
  label: string;
  /** primary: the filled button; the others are outlined. */
  tone?: "primary" | "secondary";
}

/** A listed item with an answer of its own beside it (a finding's 前往修改); `name` is the button's full name. */
export interface ChoiceItem<T extends string> {
  text: string;
  choice: { value: T; label: string; name: string };
}

export interface ChoiceRequest<T extends string> {
  title: string;
  message: string;
  /** What the question is about, listed under it (the findings). */
  items?: ReadonlyArray<string | ChoiceItem<T>>;
  /** In the order shown; the focus starts on the first. */
  choices: ReadonlyArray<Choice<T>>;
  testId: string;
}

type Pending = { request: ChoiceRequest<string>; resolve(answer: string | null): void };

/** `ask` resolves with the chosen value, or null when the dialog is closed without a choice; render `dialog` once. */
export function useChoiceDialog() {
  const [pending, setPending] = useState<Pending | null>(null);
  const first = useRef<HTMLButtonElement>(null);

  const ask = useCallback(
    <T extends string>(request: ChoiceRequest<T>) =>
      new Promise<T | null>((resolve) => {
        setPending((current) => {
          current?.resolve(null);
          return { request, resolve: resolve as (answer: string | null) => void };
        });
      }),
    [],
  );

  const answer = (value: string | null) => {
    pending?.resolve(value);
    setPending(null);
  };

  const request = pending?.request;
  const dialog: ReactNode = (
    <AdminDialog open={pending !== null} title={request?.title ?? ""} onClose={() => answer(null)} initialFocus={first} size="lg">
      {request ? (
        <div data-testid={request.testId}>
          <p className="text-gray-800">{request.message}</p>
          {request.items && request.items.length > 0 ? (
            <ul className="mt-3 max-h-64 list-disc space-y-1 overflow-y-auto rounded-lg bg-gray-50 py-2 pr-3 pl-8 text-sm text-gray-800" data-testid={`${request.testId}-items`}>
              {request.items.map((item, index) =>
                typeof item === "string" ? (
                  <li key={`${index}-${item}`}>{item}</li>
                ) : (
                  <li key={`${index}-${item.text}`} className="space-y-1">
                    <span className="block">{item.text}</span>
                    <button
                      type="button"
                      aria-label={item.choice.name}
                      onClick={() => answer(item.choice.value)}
                      className={`inline-flex min-h-11 items-center rounded-lg border border-blue-700 bg-white px-3 text-sm font-semibold text-blue-800 hover:bg-blue-50 ${focusRing}`}
                      data-testid="choice-item-action"
                    >
                      {item.choice.label}
                    </button>
                  </li>
                ),
              )}
            </ul>
          ) : null}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            {request.choices.map((choice, index) => (
              <button
                key={choice.value}
                ref={index === 0 ? first : undefined}
                type="button"
                onClick={() => answer(choice.value)}
                className={`min-h-11 rounded-lg px-4 py-2 font-semibold ${choice.tone === "primary" ? "bg-blue-600 text-white hover:bg-blue-700" : "border border-gray-300 bg-white text-gray-800 hover:bg-gray-50"} ${focusRing}`}
              >
                {choice.label}
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </AdminDialog>
  );

  return { ask, dialog };
}
