// The frame of every element dialog: the back office's modal with the form,
// its message, 取消 / 儲存, and the media library opened beside it (each keeps
// its own submit, Escape and close: ModalDialog, decision 039). Cancel (取消,
// Escape, the close button, the backdrop) calls onCancel; for a new element
// the editor then adds nothing.
import { useEffect, useRef, useState, type ReactNode } from "react";
import type { MediaFile } from "#contract/media.ts";
import type { MediaAccept } from "#web/admin/media/media-files.ts";
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { DialogButtons, FormMessage } from "#web/admin/shared/dialog-fields.tsx";
import { MediaPicker } from "#web/admin/shared/media-picker.tsx";
import type { ElementForm } from "./use-element-form.ts";

/** What a field asks of the media library. */
export interface MediaRequest {
  accept: Exclude<MediaAccept, "all">;
  title: string;
  onConfirm(file: MediaFile): void;
}

interface ElementDialogProps<V> {
  title: string;
  form: Pick<ElementForm<V>, "ref" | "submit" | "message" | "saving" | "dirty">;
  onCancel(): void;
  size?: "md" | "lg";
  testId: string;
  /** The fields; `pick` opens the media library beside the dialog. */
  children(pick: (request: MediaRequest) => void): ReactNode;
}

export function ElementDialog<V>({ title, form, onCancel, size = "lg", testId, children }: ElementDialogProps<V>) {
  const [request, setRequest] = useState<MediaRequest | null>(null);
  const fields = useRef<HTMLDivElement>(null);
  // The first field takes the cursor on opening (the dialog's own default is its close button).
  // This effect runs after the dialog's, which opens it.
  useEffect(() => {
    fields.current?.querySelector<HTMLElement>("input:not([type=hidden], [type=radio]), input[type=radio]:checked, textarea, select, [contenteditable=true]")?.focus();
  }, []);
  return (
    <>
      <AdminDialog open title={title} onClose={onCancel} size={size} unsaved={form.dirty}>
        <form ref={form.ref} onSubmit={(event) => void form.submit(event)} noValidate className="space-y-5" data-testid={testId}>
          <FormMessage message={form.message} testId={`${testId}-error`} />
          <div ref={fields} className="space-y-5">
            {children(setRequest)}
          </div>
          <DialogButtons saving={form.saving} onClose={onCancel} />
        </form>
      </AdminDialog>
      <MediaPicker
        open={request !== null}
        accept={request?.accept ?? "image"}
        title={request?.title}
        onClose={() => setRequest(null)}
        onConfirm={([file]) => {
          if (file) request?.onConfirm(file);
        }}
      />
    </>
  );
}

/** The dialog's title: 新增圖片 / 編輯圖片. */
export const dialogTitle = (isNew: boolean, label: string) => `${isNew ? "新增" : "編輯"}${label}`;
