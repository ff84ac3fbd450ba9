// The clipboard as the toolbar sees it: what kind of node a 貼上 would add,
// kept current when this tab copies and when another tab does (the storage
// event), so 貼上 is ready as soon as something was copied anywhere.
import { useMemo, useSyncExternalStore } from "react";
import { CLIPBOARD_KEY, parseClipboard, readClipboard, writeClipboard, type ClipboardContent, type ClipboardKind } from "./clipboard.ts";

const COPIED = "pb-clipboard-copied";

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CLIPBOARD_KEY || event.key === null) onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(COPIED, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(COPIED, onChange);
  };
}

function stored(): string | null {
  try {
    return window.localStorage.getItem(CLIPBOARD_KEY);
  } catch {
    return null;
  }
}

export function useClipboardKind(): ClipboardKind | null {
  const raw = useSyncExternalStore(subscribe, stored, () => null);
  return useMemo(() => {
    const parsed = parseClipboard(raw);
    return parsed.ok ? parsed.content.kind : null;
  }, [raw]);
}

export function copyToClipboard(content: ClipboardContent): boolean {
  let copied = false;
  try {
    copied = writeClipboard(window.localStorage, content);
  } catch {
    copied = false;
  }
  if (copied) window.dispatchEvent(new Event(COPIED));
  return copied;
}

export function pasteFromClipboard(): ReturnType<typeof readClipboard> {
  try {
    return readClipboard(window.localStorage);
  } catch {
    return readClipboard({ getItem: () => null });
  }
}
