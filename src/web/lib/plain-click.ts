// A click the island may take over: the main button without a modifier key.
// Any other (a middle click, Ctrl or ⌘ for a new tab, Shift for a window)
// stays the browser's, on the link's real address.
export const isPlainClick = (event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
