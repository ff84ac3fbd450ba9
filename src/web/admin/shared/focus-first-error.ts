// A refused form brings its first error to the eye: after the render that
// marks the fields (aria-invalid="true"), the first visible one is scrolled
// into the middle of the screen and takes the cursor. Only on a refused
// submit, never while typing (errors that update on each keystroke must not
// move the cursor).
import { useCallback, useEffect, useRef, useState } from "react";

export function useFocusFirstError<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals === 0) return;
    const fields = ref.current?.querySelectorAll<HTMLElement>('[aria-invalid="true"]') ?? [];
    const first = [...fields].find((field) => field.checkVisibility?.() ?? field.offsetParent !== null);
    if (!first) return;
    first.scrollIntoView({ block: "center" });
    first.focus({ preventScroll: true });
  }, [refusals]);

  /** Call when a submit was refused; the focus moves once the errors are on screen. */
  const focusFirstError = useCallback(() => setRefusals((count) => count + 1), []);
  return { ref, focusFirstError };
}
