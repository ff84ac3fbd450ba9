// The browser half of an island: finds every marker the server rendered for it
// and hydrates the same component with the same props. When React has attached
// (its effects ran), the marker says data-hydrated: people see no difference,
// tests wait for it.
//
// A visitor may type or choose before the island's script arrives (the page
// works without it; on a phone on 4G that is seconds). Hydration leaves the
// fields as they are, but a controlled field's state is still the server's
// value, and the component's first re-render would write that back over what
// was typed. So, once hydration has committed and before any of the island's
// own effects run, every field whose value differs from what the server
// rendered hands the visitor's value to React, as if it had just been typed
// (decision 021). Every island gets this, including later ones.
import { startTransition, useEffect, useLayoutEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import type { IslandName } from "#contract/islands.ts";

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Input types whose value is not typed: nothing to take over. */
const NOT_TYPED = new Set(["hidden", "file", "submit", "button", "reset", "image"]);

/** Sets a property through the element's prototype setter, past React's value tracker (which React installs on the element itself). */
function setPast(element: HTMLElement, property: "value" | "checked", value: string | boolean) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), property)?.set;
  setter?.call(element, value);
}

/** The option the server marked selected, else the first (what a select shows without one). */
function serverSelected(select: HTMLSelectElement): string {
  const options = [...select.options];
  return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? "";
}

/** A text field's caret and selection, to keep them for the visitor who is typing in it right now. */
function selectionOf(field: HTMLInputElement | HTMLTextAreaElement): (() => void) | null {
  if (field !== document.activeElement) return null;
  try {
    const { selectionStart: start, selectionEnd: end, selectionDirection: direction } = field;
    if (start === null || end === null) return null;
    return () => field.setSelectionRange(start, end, direction ?? undefined);
  } catch {
    // Types without a selection (email, number) throw: their caret stays where the browser puts it.
    return null;
  }
}

/**
 * Hands to React each value the visitor typed or chose before hydration. React notices a
 * change only when the field's value differs from its tracker's: the tracker is set to the
 * server's value through the element's own setter, the visitor's value is put back past it,
 * and the event React listens for is dispatched.
 */
export function adoptTypedValues(root: HTMLElement) {
  for (const field of root.querySelectorAll<Field>("input, textarea, select")) {
    if (field.disabled) continue;
    if (field instanceof HTMLSelectElement) {
      if (field.multiple || field.value === serverSelected(field)) continue;
      field.dispatchEvent(new Event("change", { bubbles: true }));
      continue;
    }
    if (field instanceof HTMLInputElement && NOT_TYPED.has(field.type)) continue;
    if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      if (field.checked === field.defaultChecked || (field.type === "radio" && !field.checked)) continue;
      // Back to the server's state for the tracker, then a click makes it the visitor's again (React listens to clicks on these).
      const chosen = field.checked;
      field.checked = !chosen;
      field.click();
      if (field.checked !== chosen) setPast(field, "checked", chosen);
      continue;
    }
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    const restoreSelection = selectionOf(field);
    field.value = field.defaultValue;
    setPast(field, "value", typed);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    // React may have re-rendered the field by now; whatever it did, the visitor's text stays.
    if (field.value !== typed) setPast(field, "value", typed);
    restoreSelection?.();
  }
}

function MarkHydrated({ marker, children }: { marker: HTMLElement; children: ReactNode }) {
  // A layout effect of the wrapper runs after hydration has committed and before the island's own (passive) effects re-render it.
  useLayoutEffect(() => adoptTypedValues(marker), [marker]);
  useEffect(() => {
    marker.dataset.hydrated = "true";
  }, [marker]);
  return children;
}

export function hydrateIsland<P extends object>(name: IslandName, Component: ComponentType<P>) {
  for (const marker of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    if (marker.dataset.hydrated) continue;
    const props = JSON.parse(marker.dataset.props ?? "{}") as P;
    // As a transition, hydration yields to the browser every few milliseconds instead of holding a
    // slow phone's main thread for the whole island (decision 049); a visitor's tap on the island
    // still hydrates the part tapped at once.
    startTransition(() => {
      hydrateRoot(
        marker,
        <MarkHydrated marker={marker}>
          <Component {...props} />
        </MarkHydrated>,
      );
    });
  }
}
