// What the back office knows of an element type besides its schema and view
// (those are the contract's, src/contract/page-builder/elements/): how a new
// one starts, how it is named in the outline, and its dialog. The registry
// (registry.ts) maps every ElementType to one of these, typed so that a type
// without an editor does not compile.
import type { LucideIcon } from "lucide-react";
import type { ComponentType } from "react";
import type { ElementOf, ElementType } from "#contract/page-builder/tree.ts";
import type { PageNames } from "./elements/link-choices.ts";

export interface ElementEditorProps<T extends ElementType> {
  /** The element as it is now (a new one: as `create` made it). */
  element: ElementOf<T>;
  /** True when the element is being added: cancelling adds nothing. */
  isNew: boolean;
  /** The dialog's result, checked by the element's schema: recorded as one change (one undo step). */
  onSave(element: ElementOf<T>): void;
  onCancel(): void;
}

export interface ElementEditorModule<T extends ElementType> {
  type: T;
  /** The toolbar's and the outline's icon (the label is the contract's ELEMENT_KINDS[type].label). */
  icon: LucideIcon;
  /** A new element of this type with its defaults; `id` is a fresh node id. */
  create(id: string): ElementOf<T>;
  /** One short line saying what the element holds: the outline, the delete dialog, announcements; a page it links to by its name. */
  summary(element: ElementOf<T>, names: PageNames): string;
  /** The element's dialog, opened to add or to edit it. */
  Editor: ComponentType<ElementEditorProps<T>>;
}

export type ElementEditorRegistry = { [T in ElementType]: ElementEditorModule<T> };
