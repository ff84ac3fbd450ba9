// The back office's confirmation, as a context of its own: the confirmation
// dialog (confirm-dialog.tsx) provides it and the form dialogs it is built on
// (admin-dialog.tsx) ask it before discarding typing, without the two files
// importing each other.
import { createContext, useContext } from "react";

export interface ConfirmRequest {
  /** The dialog's heading: the action, e.g. 刪除橫幅. */
  title: string;
  /** The question in the spec's words, e.g. 確定要刪除此橫幅嗎？ */
  message: string;
  /** What the action touches, by the names people know them by (a banner's title, a file's name). */
  items?: readonly string[];
  /** The confirming button's words, e.g. 刪除; the other button is always 取消. */
  confirmLabel: string;
  /** danger (default): a red button and the focus on 取消. */
  tone?: "danger" | "primary";
}

export type Confirm = (request: ConfirmRequest) => Promise<boolean>;

export const ConfirmContext = createContext<Confirm | null>(null);

/** The confirmation where one is provided (the admin layout); null elsewhere. */
export const useOptionalConfirm = () => useContext(ConfirmContext);
