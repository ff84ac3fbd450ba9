// A click beside a dialog (on its backdrop, or an empty area standing for it)
// closes it, but only when the press began there too: a drag that starts inside
// (selecting a case's text, or a word in a field) and ends outside makes the
// browser send the click to the dialog itself, and must not close it.
import { useRef, type MouseEvent, type PointerEvent } from "react";

/** Handlers for the element whose own clicks mean "beside the dialog"; one hook may serve several nested such elements. */
export function useBackdropClick(onBackdrop: () => void) {
  const pressed = useRef<EventTarget | null>(null);
  return {
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      pressed.current = event.target;
    },
    onClick: (event: MouseEvent<HTMLElement>) => {
      if (event.target === event.currentTarget && pressed.current === event.currentTarget) onBackdrop();
    },
  };
}
