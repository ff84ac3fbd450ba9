// The before/after comparison slider's arithmetic: the divider's position is
// how much of the before picture shows, 0-100 percent in whole steps, from a
// pointer's place over the picture or from the keys a slider answers (WAI-ARIA
// slider pattern: arrows step, Page Up/Down step further, Home and End go to the ends).

export const SLIDER_START = 50;
const STEP = 5;
const PAGE_STEP = 20;

export const clampPercent = (value: number) => Math.min(100, Math.max(0, Math.round(value)));

/** The position under a pointer at `clientX` over a picture `width` wide starting at `left`. */
export function percentAt(clientX: number, left: number, width: number): number {
  return width > 0 ? clampPercent(((clientX - left) / width) * 100) : SLIDER_START;
}

/** The position after a key press, or null for a key the slider leaves alone. */
export function percentAfterKey(key: string, value: number): number | null {
  switch (key) {
    case "ArrowLeft":
    case "ArrowDown":
      return clampPercent(value - STEP);
    case "ArrowRight":
    case "ArrowUp":
      return clampPercent(value + STEP);
    case "PageDown":
      return clampPercent(value - PAGE_STEP);
    case "PageUp":
      return clampPercent(value + PAGE_STEP);
    case "Home":
      return 0;
    case "End":
      return 100;
    default:
      return null;
  }
}
