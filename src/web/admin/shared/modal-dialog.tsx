// The <dialog> element of every back-office dialog that can open inside
// another dialog, an editor or a form (AdminDialog, the case dialog, the
// picture preview): what happens inside it stays inside it (decision 039).
//
// Two things carried a dialog's submit and Escape out of it (decision 039):
// - The DOM. Rendered where it was opened, a dialog's <form> sat inside the
//   <form> of the dialog around it (the link dialog inside the builder's text
//   dialog). Chromium stops a nested form's submit at the outer form, before
//   React's listener on the document hears it: the inner onSubmit never ran,
//   nothing prevented the browser's own submission, the screen reloaded and
//   the typing was lost. An input's Enter submitted the outer form the same
//   way (the media library's search inside the settings form). So the dialog
//   is rendered at the end of <body>, outside any form; it is modal, so being
//   elsewhere in the DOM changes neither its place on top nor the focus.
// - React. Its events bubble through the component tree, portals included: a
//   submit reaches the onSubmit of every form the dialog was opened from, and
//   `cancel` / `close` (which the browser does not bubble) and Escape reach
//   every dialog around. They stop at the dialog that owns them.
import type { ComponentPropsWithRef, SyntheticEvent } from "react";
import { createPortal } from "react-dom";

type ModalDialogProps = ComponentPropsWithRef<"dialog">;

/** Runs the dialog's own handler, then (for the events it owns) lets the event go no further up the component tree. */
function ownedBy<E extends SyntheticEvent>(handler: ((event: E) => void) | undefined, owned: (event: E) => boolean = () => true) {
  return (event: E) => {
    handler?.(event);
    if (owned(event)) event.stopPropagation();
  };
}

export function ModalDialog({ onSubmit, onCancel, onClose, onKeyDown, ...props }: ModalDialogProps) {
  const dialog = (
    <dialog
      {...props}
      // Outside the back office's root: its phone tap-target rules (admin.css) apply here too.
      data-back-office=""
      onSubmit={ownedBy(onSubmit)}
      onCancel={ownedBy(onCancel)}
      onClose={ownedBy(onClose)}
      // Only Escape: other keys are the screen's too (the settings' Ctrl+S, which must keep the browser's own Save away).
      onKeyDown={ownedBy(onKeyDown, (event) => event.key === "Escape")}
    />
  );
  // The back office renders in the browser only; without a document (a server render) it stays in place.
  return typeof document === "undefined" ? dialog : createPortal(dialog, document.body);
}
