// The page builder's editor (002 §2.6, issue 24): a toolbar, the outline (the
// keyboard way around) and the canvas of containers → columns → elements,
// with every structural action by keyboard and by pointer, each change
// announced in words, undo / redo across every change (dialog edits too),
// and copy / paste between pages. It holds the history; the parent gets each
// new tree through onChange and remounts it (a `key`) to replace the tree
// from outside (a draft loaded, a version restored).
import { ListTree } from "lucide-react";
import { useCallback, useEffect, useId, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type KeyboardEvent, type Ref } from "react";
import { layoutOf } from "#contract/page-builder/layouts.ts";
import type { BuilderElement, BuilderTree, ElementType } from "#contract/page-builder/tree.ts";
import { focusRing, NoticeArea, useNotice } from "#web/admin/shared/admin-notice.tsx";
import { useConfirm } from "#web/admin/shared/confirm-dialog.tsx";
import { useWideScreen } from "#web/admin/shared/use-wide-screen.ts";
import type { ElementEditorProps } from "#web/page-builder/element-editor.ts";
import { usePageNames, useSiteLinks } from "#web/page-builder/elements/link-choices.ts";
import { findingsOf, type Finding } from "#web/page-builder/findings/findings.ts";
import { LayoutPickerDialog } from "#web/page-builder/layout-picker.tsx";
import { Canvas } from "./canvas.tsx";
import { ContainerSettingsDialog } from "./container-settings-dialog.tsx";
import type { DropTarget } from "./drop-places.ts";
import { domIds, EditorContext, type EditorActions, type EditorEnvironment } from "./editor-context.ts";
import { EditorStore } from "./editor-store.ts";
import { EditorToolbar } from "./editor-toolbar.tsx";
import { canRedo, canUndo, record, redo, startHistory, undo, type History } from "./history.ts";
import { MoveToDialog } from "./move-to-dialog.tsx";
import { newNodeId } from "./node-ids.ts";
import { editorOf, elementName, PageNamesContext } from "./node-names.ts";
import { OutlinePanel } from "./outline-panel.tsx";
import { columnWords, containerMoved, containerWords, elementMoved } from "./place-words.ts";
import * as edits from "./tree-edits.ts";
import { containerElementCount, idsOf, locate } from "./tree-lookup.ts";
import { copyToClipboard, pasteFromClipboard } from "./use-clipboard.ts";

export interface PageBuilderEditorProps {
  /** The tree the editor starts from; later changes of this prop are not read (remount with a `key` to replace it). */
  value: BuilderTree;
  /** Every change: a new tree (an edit, an undo, a redo). */
  onChange(tree: BuilderTree): void;
  /** The id of the heading that names the editor. */
  labelledBy: string;
  /** The page's accessibility findings, if the parent computes them; otherwise the editor does, 500 ms after the last change. */
  findings?: readonly Finding[];
  /** What the parent may ask of the editor (the publish dialog's 前往修改). */
  ref?: Ref<PageBuilderHandle>;
}

export interface PageBuilderHandle {
  /** 前往修改: selects the node that holds the finding's fix and opens its dialog. */
  fix(finding: Finding): void;
}

/** Findings wait for a pause in the editing: they render and parse the whole page. */
export const FINDINGS_DELAY_MS = 500;

type Dialog =
  | { kind: "element"; element: BuilderElement; isNew: boolean; columnId: string }
  | { kind: "move"; nodeId: string }
  | { kind: "layout"; containerId: string | null; at: number }
  | { kind: "settings"; containerId: string };

/** Where the focus goes once the change is on screen: the first of these ids that exists; `ifLost` only when the focus fell off the page (its element moved or went away). */
type FocusRequest = { ids: string[]; ifLost?: boolean };

/** The focus fell off the page: its element moved or went away. */
function focusLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/** Focuses the first of these ids that is on the page. */
function focusFirst(ids: string[]): void {
  for (const id of ids) {
    const target = document.getElementById(id);
    if (target) return target.focus();
  }
}

const isTextField = (element: Element) => element.matches("input, textarea, select, [contenteditable=''], [contenteditable='true']");

export function PageBuilderEditor({ value, onChange, labelledBy, findings, ref }: PageBuilderEditorProps) {
  const prefix = useId();
  const ids = useMemo(() => domIds(`pb${prefix.replace(/[^a-zA-Z0-9_-]/g, "")}`), [prefix]);
  const wide = useWideScreen();
  const confirm = useConfirm();
  const [notice, setNotice] = useNotice();
  const [store] = useState(() => new EditorStore());
  const [history, setHistory] = useState<History<BuilderTree>>(() => startHistory(value));
  const [dialog, showDialog] = useState<Dialog | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [outlineOpen, setOutlineOpen] = useState(false);
  const root = useRef<HTMLElement>(null);
  const outline = useRef<HTMLDivElement>(null);
  // The history of the moment: actions may follow each other faster than renders.
  const historyRef = useRef(history);
  const outside = useRef({ onChange, confirm });
  const focusRequest = useRef<FocusRequest | null>(null);
  const lastSurface = useRef<"outline" | "canvas">("canvas");
  const tree = history.present.state;
  const undoButtonId = `${ids.card("toolbar")}-undo`;
  const addButtonId = `${ids.card("toolbar")}-add`;

  useLayoutEffect(() => {
    outside.current = { onChange, confirm };
  }, [onChange, confirm]);

  const setDialog = useCallback((next: Dialog | null) => {
    if (next) dropSelectionIn(root.current);
    showDialog(next);
  }, []);

  useEffect(() => {
    if (!focusRequest.current) return;
    // A node that moved to another column is a new item: its focus fell to the page. It is taken back at
    // once, so that the next key (Alt + ↓ held down) reaches the outline, not the page.
    if (focusLost()) focusFirst(focusRequest.current.ids);
    // After this frame: a dialog closing in the same commit hands the focus back to its opener first.
    // A render before the frame cancels it and the next effect asks again, so the request is only taken here.
    const frame = requestAnimationFrame(() => {
      const request = focusRequest.current;
      focusRequest.current = null;
      if (!request) return;
      if (request.ifLost && !focusLost()) return;
      focusFirst(request.ids);
    });
    return () => cancelAnimationFrame(frame);
  });

  const links = useSiteLinks();
  // The actions are made once and read the names of the moment.
  const pageNames = usePageNames();
  const pageNamesRef = useRef(pageNames);
  useLayoutEffect(() => {
    pageNamesRef.current = pageNames;
  }, [pageNames]);
  const nameOf = (element: BuilderElement) => elementName(element, pageNamesRef.current);
  useEffect(() => {
    if (findings) return store.setFindings(findings);
    const timer = setTimeout(() => store.setFindings(findingsOf(tree, { links })), FINDINGS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [tree, findings, store, links]);

  const say = useCallback((words: string) => setAnnouncement((previous) => (previous === words ? `${words}\u200b` : words)), []);

  const refuse = useCallback(
    (message: string) => {
      setNotice({ tone: "error", text: message });
      say(message);
    },
    [say, setNotice],
  );

  /** The node's own button in the surface the person works in (the outline or the canvas), the other as a fallback. */
  const nodeFocus = useCallback((id: string): FocusRequest => {
    const outlineFirst = lastSurface.current === "outline";
    return { ids: outlineFirst ? [ids.outline(id), ids.card(id)] : [ids.card(id), ids.outline(id)] };
  }, [ids]);

  const keepFocus = (): FocusRequest | null => {
    const active = document.activeElement;
    return active?.id ? { ids: [active.id], ifLost: true } : null;
  };

  const selectNode = useCallback(
    (id: string | null, current: BuilderTree) => {
      const place = id ? locate(current, id) : null;
      if (place && place.kind !== "container") store.setCollapsed(place.container.id, false);
      if (place?.kind === "element") store.setCollapsed(place.column.id, false);
      store.select(place ? id : null);
    },
    [store],
  );

  const replace = useCallback(
    (next: History<BuilderTree>) => {
      historyRef.current = next;
      setHistory(next);
      outside.current.onChange(next.present.state);
      const selected = store.getSelected();
      if (selected && !locate(next.present.state, selected)) store.select(null);
    },
    [store],
  );

  /** Records a change: one undo step named `label`, the announcement said, then selection and focus as asked. */
  const commit = useCallback(
    (next: BuilderTree, label: string, announce: string, options: { select?: string | null; focus?: FocusRequest | null } = {}) => {
      replace(record(historyRef.current, next, label));
      say(announce);
      if (options.select !== undefined) selectNode(options.select, next);
      if (options.focus) focusRequest.current = options.focus;
    },
    [replace, say, selectNode],
  );

  const current = () => historyRef.current.present.state;

  function undoOnce() {
    const back = undo(historyRef.current);
    if (!back) return say("沒有可以復原的變更");
    focusRequest.current = { ids: [...(keepFocus()?.ids ?? []), undoButtonId], ifLost: true };
    replace(back.history);
    say(`已復原：${back.label}`);
  }

  function redoOnce() {
    const forward = redo(historyRef.current);
    if (!forward) return say("沒有可以重做的變更");
    focusRequest.current = { ids: [...(keepFocus()?.ids ?? []), undoButtonId], ifLost: true };
    replace(forward.history);
    say(`已重做：${forward.label}`);
  }

  function moveTo(target: DropTarget, focus: FocusRequest | null) {
    const before = current();
    if (target.kind === "container") {
      const from = locate(before, target.containerId);
      const edit = edits.moveContainer(before, target.containerId, target.index);
      if (!edit.ok) return refuse(edit.message);
      if (edit.tree === before || from?.kind !== "container") return;
      const to = locate(edit.tree, target.containerId);
      commit(edit.tree, `移動${containerWords(from.containerIndex)}`, containerMoved(from.containerIndex, to?.kind === "container" ? to.containerIndex : target.index), { select: target.containerId, focus });
      return;
    }
    const edit = edits.moveElement(before, target.elementId, target.target);
    if (!edit.ok) return refuse(edit.message);
    const to = locate(edit.tree, target.elementId);
    if (edit.tree === before || to?.kind !== "element") return;
    const name = nameOf(to.element);
    commit(edit.tree, `移動「${name}」`, elementMoved(name, to.containerIndex, to.columnIndex, to.elementIndex), { select: target.elementId, focus });
  }

  // Stable for the editor's life: they read the history of the moment, so memoised cards never re-render for them.
  const actionsRef = useRef<EditorActions | null>(null);
  const latest = { moveTo, addContainer };
  const latestRef = useRef(latest);
  useLayoutEffect(() => {
    latestRef.current = latest;
  });

  if (!actionsRef.current) {
    actionsRef.current = {
      select: (id) => selectNode(id, current()),
      edit(id) {
        const place = locate(current(), id);
        if (place?.kind === "element") setDialog({ kind: "element", element: place.element, isNew: false, columnId: place.column.id });
        else if (place?.kind === "container") setDialog({ kind: "settings", containerId: id });
      },
      addElement(columnId, type: ElementType) {
        const element = editorOf(type).create(newNodeId(idsOf(current())));
        setDialog({ kind: "element", element, isNew: true, columnId });
      },
      step(id, by) {
        const before = current();
        const place = locate(before, id);
        if (place?.kind === "element") {
          // On into the next column at a column's end: where it went is read from the new tree.
          const edit = edits.stepElement(before, id, by);
          if (!edit.ok) return refuse(edit.message);
          const to = locate(edit.tree, id);
          if (to?.kind !== "element") return;
          const name = nameOf(place.element);
          commit(edit.tree, `移動「${name}」`, elementMoved(name, to.containerIndex, to.columnIndex, to.elementIndex), { select: id, focus: keepFocus() });
        } else if (place?.kind === "container") {
          const edit = edits.stepContainer(before, id, by);
          if (!edit.ok) return refuse(edit.message);
          commit(edit.tree, `移動${containerWords(place.containerIndex)}`, containerMoved(place.containerIndex, place.containerIndex + by), { select: id, focus: keepFocus() });
        }
      },
      openMove: (id) => setDialog({ kind: "move", nodeId: id }),
      duplicate(id) {
        const before = current();
        const place = locate(before, id);
        const edit = edits.duplicate(before, id);
        if (!edit.ok) return refuse(edit.message);
        if (!edit.id || !place || place.kind === "column") return;
        const name = place.kind === "element" ? `「${nameOf(place.element)}」` : containerWords(place.containerIndex);
        const announce = place.kind === "element" ? `已複製一份${name}，放在它的下方` : `已複製一份${name}，成為第 ${place.containerIndex + 2} 個容器`;
        commit(edit.tree, `複製一份${name}`, announce, { select: edit.id, focus: nodeFocus(edit.id) });
      },
      async remove(id) {
        const before = current();
        const place = locate(before, id);
        if (!place || place.kind === "column") return;
        const isElement = place.kind === "element";
        const name = isElement ? nameOf(place.element) : `${containerWords(place.containerIndex)}（${layoutOf(place.container.layout)?.name ?? ""}）`;
        const inside = isElement ? 0 : containerElementCount(place.container);
        const confirmed = await outside.current.confirm({
          title: isElement ? "刪除元素" : "刪除容器",
          message: isElement ? "確定要刪除這個元素嗎？刪除後可以按「復原」找回。" : `確定要刪除這個容器嗎？${inside > 0 ? `其中的 ${inside} 個元素也會一起刪除。` : ""}刪除後可以按「復原」找回。`,
          items: [name],
          confirmLabel: "刪除",
        });
        if (!confirmed) return;
        const now = current();
        const edit = edits.remove(now, id);
        if (!edit.ok) return refuse(edit.message);
        const neighbour = neighbourAfterRemoval(now, id);
        commit(edit.tree, `刪除「${name}」`, `已刪除「${name}」`, { select: neighbour, focus: neighbour ? nodeFocus(neighbour) : { ids: [addButtonId] } });
      },
      copy(id) {
        const place = locate(current(), id);
        if (!place || place.kind === "column") return refuse("請先選取一個元素或容器再複製");
        const copied = place.kind === "element" ? copyToClipboard({ kind: "element", element: place.element }) : copyToClipboard({ kind: "container", container: place.container });
        const name = place.kind === "element" ? `「${nameOf(place.element)}」` : containerWords(place.containerIndex);
        if (!copied) return refuse("無法寫入剪貼簿：瀏覽器不允許這個網站儲存資料");
        setNotice({ tone: "success", text: `已複製${name}，可以貼到這個或其他頁面` });
        say(`已複製${name}到剪貼簿`);
      },
      openLayout: (containerId) => setDialog({ kind: "layout", containerId, at: -1 }),
      openSettings: (containerId) => setDialog({ kind: "settings", containerId }),
    };
  }
  const actions = actionsRef.current;
  useImperativeHandle(ref, () => ({
    fix(finding) {
      actions.select(finding.editId);
      actions.edit(finding.editId);
    },
  }), [actions]);

  function addContainer() {
    const now = current();
    const selected = store.getSelected();
    const place = selected ? locate(now, selected) : null;
    setDialog({ kind: "layout", containerId: null, at: place ? place.containerIndex + 1 : now.containers.length });
  }

  function copySelected() {
    const selected = store.getSelected();
    if (!selected) return refuse("請先選取一個元素或容器再複製");
    actions.copy(selected);
  }

  function paste() {
    const read = pasteFromClipboard();
    if (!read.ok) return refuse(read.message);
    const now = current();
    const selected = store.getSelected();
    const place = selected ? locate(now, selected) : null;
    if (read.content.kind === "container") {
      const at = place ? place.containerIndex + 1 : now.containers.length;
      const edit = edits.pasteContainer(now, read.content.container, at);
      if (!edit.ok) return refuse(edit.message);
      commit(edit.tree, "貼上容器", `已貼上容器，成為${containerWords(at)}`, { select: edit.id ?? null, focus: edit.id ? nodeFocus(edit.id) : null });
      return;
    }
    // An element goes after the selected element, at the end of the selected column, or the first column of the selected (or last) container.
    let base = now;
    let columnId: string;
    let index: number;
    if (place?.kind === "element") [columnId, index] = [place.column.id, place.elementIndex + 1];
    else if (place?.kind === "column") [columnId, index] = [place.column.id, place.column.elements.length];
    else {
      const container = place?.kind === "container" ? place.container : now.containers.at(-1);
      if (container) [columnId, index] = [container.columns[0]!.id, container.columns[0]!.elements.length];
      else {
        const added = edits.addContainer(now, 0, "1");
        if (!added.ok) return refuse(added.message);
        base = added.tree;
        [columnId, index] = [base.containers[0]!.columns[0]!.id, 0];
      }
    }
    const edit = edits.pasteElement(base, read.content.element, columnId, index);
    if (!edit.ok || !edit.id) return refuse(edit.ok ? "無法貼上" : edit.message);
    const to = locate(edit.tree, edit.id);
    const name = to?.kind === "element" ? nameOf(to.element) : "";
    const where = to?.kind === "element" ? columnWords(to.containerIndex, to.columnIndex) : "";
    commit(edit.tree, `貼上「${name}」`, `已貼上「${name}」到${where}`, { select: edit.id, focus: nodeFocus(edit.id) });
  }

  function saveElement(element: BuilderElement) {
    if (dialog?.kind !== "element") return;
    const now = current();
    const name = nameOf(element);
    if (dialog.isNew) {
      const column = locate(now, dialog.columnId);
      const edit = edits.addElement(now, dialog.columnId, column?.kind === "column" ? column.column.elements.length : 0, element);
      if (!edit.ok) return refuse(edit.message);
      const where = column?.kind === "column" ? columnWords(column.containerIndex, column.columnIndex) : "";
      setDialog(null);
      commit(edit.tree, `新增「${name}」`, `已新增「${name}」到${where}`, { select: element.id, focus: nodeFocus(element.id) });
      return;
    }
    const edit = edits.updateElement(now, element);
    if (!edit.ok) return refuse(edit.message);
    setDialog(null);
    if (edit.tree === now) return;
    commit(edit.tree, `編輯「${name}」`, `已更新「${name}」`, { select: element.id, focus: nodeFocus(element.id) });
  }

  function pickLayout(layoutId: string) {
    if (dialog?.kind !== "layout") return;
    const now = current();
    const layout = layoutOf(layoutId);
    setDialog(null);
    if (dialog.containerId === null) {
      const edit = edits.addContainer(now, dialog.at, layoutId);
      if (!edit.ok || !edit.id) return refuse(edit.ok ? "無法新增容器" : edit.message);
      commit(edit.tree, "新增容器", `已新增${containerWords(dialog.at)}（${layout?.name ?? ""}）`, { select: edit.id, focus: nodeFocus(edit.id) });
      return;
    }
    const place = locate(now, dialog.containerId);
    const edit = edits.changeLayout(now, dialog.containerId, layoutId);
    if (!edit.ok) return refuse(edit.message);
    if (place?.kind !== "container") return;
    if (edit.tree === now) return say(`${containerWords(place.containerIndex)}的版面沒有改變`);
    const moved = edit.moved ? `，${edit.moved} 個元素移到最後一欄` : "";
    commit(edit.tree, `變更${containerWords(place.containerIndex)}的版面`, `已將${containerWords(place.containerIndex)}變更為「${layout?.name ?? ""}」版面${moved}`, { select: dialog.containerId, focus: nodeFocus(dialog.containerId) });
  }

  function saveSettings(containerId: string, mobile: edits.MobileRules, background: string) {
    const now = current();
    const place = locate(now, containerId);
    const rules = edits.setMobileRules(now, containerId, mobile);
    const edit = rules.ok ? edits.setContainerBackground(rules.tree, containerId, background) : rules;
    if (!edit.ok) return refuse(edit.message);
    setDialog(null);
    if (edit.tree === now || place?.kind !== "container") return;
    const where = containerWords(place.containerIndex);
    commit(edit.tree, `變更${where}的手機版與背景`, `已更新${where}的手機版設定與背景`, { select: containerId, focus: nodeFocus(containerId) });
  }

  const onAddFirstContainer = useCallback(() => latestRef.current.addContainer(), []);
  const onDrop = useCallback((target: DropTarget, byKeyboard: boolean) => {
    const id = target.kind === "container" ? target.containerId : target.elementId;
    latestRef.current.moveTo(target, byKeyboard ? { ids: [ids.action(id, "drag")] } : null);
  }, [ids]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    const target = event.target as HTMLElement;
    // A key pressed in a dialog opened from the builder (rendered apart, at the end of the page: decision 039) is that dialog's.
    const dialogAround = target.closest("dialog");
    if (event.defaultPrevented || isTextField(target) || (dialogAround && !dialogAround.contains(root.current))) return;
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) undoOnce();
    else if ((key === "z" && event.shiftKey) || key === "y") redoOnce();
    else if (key === "c" && !event.shiftKey && (window.getSelection()?.isCollapsed ?? true)) copySelected();
    else if (key === "v" && !event.shiftKey) paste();
    else return;
    event.preventDefault();
  }

  /** A dialog closed without a change: the focus goes back to the node (a new element's column's 新增元素) if it has nowhere to go. */
  function cancelDialog() {
    const id = dialog?.kind === "element" ? (dialog.isNew ? null : dialog.element.id) : dialog?.kind === "move" ? dialog.nodeId : dialog?.kind === "settings" ? dialog.containerId : null;
    const fallback = dialog?.kind === "element" && dialog.isNew ? [ids.action(dialog.columnId, "add")] : [];
    focusRequest.current = { ids: [...(id ? nodeFocus(id).ids : []), ...fallback], ifLost: true };
    setDialog(null);
  }

  const environment = useMemo<EditorEnvironment>(() => ({ store, actions, ids, wide }), [store, actions, ids, wide]);
  const settingsPlace = dialog?.kind === "settings" ? locate(tree, dialog.containerId) : null;
  const layoutPlace = dialog?.kind === "layout" && dialog.containerId ? locate(tree, dialog.containerId) : null;
  const ElementEditor = dialog?.kind === "element" ? (editorOf(dialog.element.type).Editor as ComponentType<ElementEditorProps<ElementType>>) : null;

  return (
    <EditorContext.Provider value={environment}>
      <PageNamesContext.Provider value={pageNames}>
        <section
          ref={root}
          aria-labelledby={labelledBy}
          onKeyDown={onKeyDown}
          onFocusCapture={(event) => {
            if (outline.current?.contains(event.target)) lastSurface.current = "outline";
            else if (!(event.target as HTMLElement).closest("dialog")) lastSurface.current = "canvas";
          }}
          className="flex min-w-0 flex-col gap-3"
          data-testid="page-builder"
        >
          <EditorToolbar
            tree={tree}
            canUndo={canUndo(history)}
            canRedo={canRedo(history)}
            undoButtonId={undoButtonId}
            addButtonId={addButtonId}
            onAddContainer={addContainer}
            onUndo={undoOnce}
            onRedo={redoOnce}
            onCopy={copySelected}
            onPaste={paste}
          />
          <p role="status" aria-live="polite" className="min-h-5 text-sm text-gray-700" data-testid="pb-announcer">
            {announcement}
          </p>
          {wide ? (
            <div className="grid grid-cols-[15rem_minmax(0,1fr)] items-start gap-4">
              <div ref={outline} className="sticky top-0 flex max-h-[calc(100vh-6rem)] flex-col rounded-xl border border-gray-200 bg-white p-3">
                <OutlinePanel tree={tree} />
              </div>
              <Canvas tree={tree} onDrop={onDrop} onAddFirstContainer={onAddFirstContainer} />
            </div>
          ) : (
            <div className="flex flex-col gap-3">
              <div ref={outline} className="rounded-xl border border-gray-200 bg-white">
                <button
                  type="button"
                  aria-expanded={outlineOpen}
                  onClick={() => setOutlineOpen((open) => !open)}
                  className={`flex min-h-11 w-full items-center gap-2 rounded-xl px-3 text-left font-medium text-gray-800 ${focusRing}`}
                  data-testid="pb-outline-toggle"
                >
                  <ListTree aria-hidden size={18} />
                  {outlineOpen ? "隱藏大綱" : "顯示大綱"}
                </button>
                {outlineOpen ? (
                  <div className="flex max-h-80 flex-col border-t border-gray-100 p-3">
                    <OutlinePanel tree={tree} />
                  </div>
                ) : null}
              </div>
              <Canvas tree={tree} onDrop={onDrop} onAddFirstContainer={onAddFirstContainer} />
            </div>
          )}
          {dialog?.kind === "element" && ElementEditor ? (
            <ElementEditor key={dialog.element.id} element={dialog.element} isNew={dialog.isNew} onSave={saveElement} onCancel={cancelDialog} />
          ) : null}
          {dialog?.kind === "move" ? <MoveToDialog tree={tree} nodeId={dialog.nodeId} onMove={(target) => (setDialog(null), moveTo(target, nodeFocus(target.kind === "container" ? target.containerId : target.elementId)))} onClose={cancelDialog} /> : null}
          {settingsPlace?.kind === "container" ? (
            <ContainerSettingsDialog container={settingsPlace.container} index={settingsPlace.containerIndex} onSave={(mobile, background) => saveSettings(settingsPlace.container.id, mobile, background)} onClose={cancelDialog} />
          ) : null}
          <LayoutPickerDialog
            open={dialog?.kind === "layout"}
            current={layoutPlace?.kind === "container" ? layoutPlace.container.layout : undefined}
            title={layoutPlace?.kind === "container" ? `變更版面：${containerWords(layoutPlace.containerIndex)}` : "新增容器：選擇欄位版面"}
            onPick={pickLayout}
            onClose={() => setDialog(null)}
          />
          <NoticeArea notice={notice} onDismiss={() => setNotice(null)} successTestId="pb-notice" errorTestId="pb-error" />
        </section>
      </PageNamesContext.Provider>
    </EditorContext.Provider>
  );
}

/**
 * A click on a card leaves the caret in its name. Once a dialog opens that
 * caret is in inert content, and as the dialog opens and its first field
 * takes the focus the browser walks the whole page for a place it could show
 * it: about 15 ms on a 300-element page (issue 24). Nothing is selected in the
 * canvas or the outline on purpose, so it goes first.
 */
function dropSelectionIn(root: HTMLElement | null) {
  const selection = window.getSelection();
  if (selection && selection.rangeCount > 0 && root?.contains(selection.anchorNode)) selection.removeAllRanges();
}

/** What to select once a node is deleted: the next element in its column, else the one before, else its column; the next container, else the one before. */
function neighbourAfterRemoval(tree: BuilderTree, id: string): string | null {
  const place = locate(tree, id);
  if (place?.kind === "element") {
    const elements = place.column.elements;
    return elements[place.elementIndex + 1]?.id ?? elements[place.elementIndex - 1]?.id ?? place.column.id;
  }
  if (place?.kind === "container") return tree.containers[place.containerIndex + 1]?.id ?? tree.containers[place.containerIndex - 1]?.id ?? null;
  return null;
}
