// What many parts of the canvas and the outline read but few change at once:
// the selected node, the outline's collapsed items and the findings per
// element. Each card subscribes to its own answer (is it selected? its
// findings), so selecting a card re-renders the two cards involved, not all
// 300 (issue 24: editing speed must not depend on the page's size).
import { useSyncExternalStore } from "react";
import type { Finding } from "#web/page-builder/findings/findings.ts";

const NO_FINDINGS: readonly Finding[] = [];

export class EditorStore {
  private selected: string | null = null;
  private collapsed = new Set<string>();
  private findings = new Map<string, readonly Finding[]>();
  private listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  private changed() {
    for (const listener of this.listeners) listener();
  }

  getSelected = () => this.selected;

  select(id: string | null) {
    if (this.selected === id) return;
    this.selected = id;
    this.changed();
  }

  isCollapsed = (id: string) => this.collapsed.has(id);

  setCollapsed(id: string, collapsed: boolean) {
    if (this.collapsed.has(id) === collapsed) return;
    this.collapsed = new Set(this.collapsed);
    if (collapsed) this.collapsed.add(id);
    else this.collapsed.delete(id);
    this.changed();
  }

  findingsOf = (id: string) => this.findings.get(id) ?? NO_FINDINGS;

  /** New findings; an element whose findings read the same keeps its list (its card does not re-render). */
  setFindings(findings: readonly Finding[]) {
    const grouped = new Map<string, Finding[]>();
    for (const finding of findings) grouped.set(finding.nodeId, [...(grouped.get(finding.nodeId) ?? []), finding]);
    const next = new Map<string, readonly Finding[]>();
    for (const [id, list] of grouped) {
      const previous = this.findings.get(id);
      next.set(id, previous && sameFindings(previous, list) ? previous : list);
    }
    const unchanged = next.size === this.findings.size && [...next].every(([id, list]) => this.findings.get(id) === list);
    if (unchanged) return;
    this.findings = next;
    this.changed();
  }
}

// The node 前往修改 opens is part of it: an element moved to another container keeps its words but not its fix.
const findingKey = (finding: Finding) => `${finding.rule}\n${finding.message}\n${finding.widths.join()}\n${finding.editId}`;
const sameFindings = (a: readonly Finding[], b: readonly Finding[]) => a.length === b.length && a.every((finding, index) => findingKey(finding) === findingKey(b[index]!));

export const useSelected = (store: EditorStore, id: string) => useSyncExternalStore(store.subscribe, () => store.getSelected() === id);
export const useSelection = (store: EditorStore) => useSyncExternalStore(store.subscribe, store.getSelected);
export const useCollapsed = (store: EditorStore, id: string) => useSyncExternalStore(store.subscribe, () => store.isCollapsed(id));
export const useNodeFindings = (store: EditorStore, id: string) => useSyncExternalStore(store.subscribe, () => store.findingsOf(id));
/** True for the first node of the outline or the canvas while nothing is selected: where Tab enters it then. */
export const useFirstTabStop = (store: EditorStore, first: boolean) => useSyncExternalStore(store.subscribe, () => first && store.getSelected() === null);
