// Whether there is room for a screen's table (from 48rem); a phone gets one
// card per row instead (contacts, cases).
import { useSyncExternalStore } from "react";

const WIDE = "(min-width: 48rem)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

export function useWideScreen() {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => true,
  );
}
