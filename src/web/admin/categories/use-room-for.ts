// Whether the element has room for something `minWidth` px wide. The
// categories table depends on the width the page gives it, not the window's:
// beside the sidebar a laptop has less room than a tablet without it.
import { useLayoutEffect, useRef, useState } from "react";

export function useRoomFor<T extends HTMLElement>(minWidth: number) {
  const ref = useRef<T>(null);
  const [fits, setFits] = useState(true);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setFits(element.clientWidth >= minWidth);
    // Measured before the first paint, then on every change of width.
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [minWidth]);
  return { ref, fits };
}
