// The editor's toolbar: 新增容器, 復原 / 重做 (also Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y),
// 複製 / 貼上 (also between pages and tabs), and the page's size in words. A
// button that cannot act now stays focusable and says why in its title.
import { ClipboardPaste, Copy, Plus, Redo2, Undo2 } from "lucide-react";
import type { ReactNode } from "react";
import { BUILDER_LIMITS, type BuilderTree } from "#contract/page-builder/tree.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { useEditor } from "./editor-context.ts";
import { useSelection } from "./editor-store.ts";
import { countElements, locate } from "./tree-lookup.ts";
import { useClipboardKind } from "./use-clipboard.ts";

const toolbarButton = `inline-flex min-h-10 items-center gap-1.5 rounded-lg border border-gray-300 bg-white px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-white max-md:min-h-11 ${focusRing}`;

interface EditorToolbarProps {
  tree: BuilderTree;
  canUndo: boolean;
  canRedo: boolean;
  undoButtonId: string;
  addButtonId: string;
  onAddContainer(): void;
  onUndo(): void;
  onRedo(): void;
  onCopy(): void;
  onPaste(): void;
}

function ToolButton({ id, label, hint, shortcut, unavailable, onClick, icon, testId, primary = false }: { id?: string; label: string; hint?: string; shortcut?: string; unavailable?: boolean; onClick(): void; icon: ReactNode; testId: string; primary?: boolean }) {
  return (
    <button
      id={id}
      type="button"
      aria-disabled={unavailable || undefined}
      aria-keyshortcuts={shortcut}
      title={hint}
      onClick={() => !unavailable && onClick()}
      className={primary ? `inline-flex min-h-10 items-center gap-1.5 rounded-lg bg-blue-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-700 max-md:min-h-11 ${focusRing}` : toolbarButton}
      data-testid={testId}
    >
      {icon}
      {label}
    </button>
  );
}

export function EditorToolbar({ tree, canUndo, canRedo, undoButtonId, addButtonId, onAddContainer, onUndo, onRedo, onCopy, onPaste }: EditorToolbarProps) {
  const { store } = useEditor();
  const selected = useSelection(store);
  const clipboard = useClipboardKind();
  const selectedKind = selected ? locate(tree, selected)?.kind : undefined;
  const copyable = selectedKind === "element" || selectedKind === "container";
  const elements = countElements(tree);
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="pb-toolbar">
      <ToolButton id={addButtonId} label="新增容器" primary icon={<Plus aria-hidden size={16} />} onClick={onAddContainer} testId="pb-add-container" unavailable={tree.containers.length >= BUILDER_LIMITS.containers} hint={tree.containers.length >= BUILDER_LIMITS.containers ? `頁面最多 ${BUILDER_LIMITS.containers} 個容器` : "新增一個容器，先選擇它的欄位版面"} />
      <div role="group" aria-label="復原與重做" className="flex gap-1">
        <ToolButton id={undoButtonId} label="復原" shortcut="Control+Z" hint={canUndo ? "復原上一個變更（Ctrl+Z）" : "沒有可以復原的變更"} unavailable={!canUndo} icon={<Undo2 aria-hidden size={16} />} onClick={onUndo} testId="pb-undo" />
        <ToolButton label="重做" shortcut="Control+Shift+Z Control+Y" hint={canRedo ? "重做剛才復原的變更（Ctrl+Shift+Z 或 Ctrl+Y）" : "沒有可以重做的變更"} unavailable={!canRedo} icon={<Redo2 aria-hidden size={16} />} onClick={onRedo} testId="pb-redo" />
      </div>
      <div role="group" aria-label="剪貼簿" className="flex gap-1">
        <ToolButton label="複製" shortcut="Control+C" hint={copyable ? "複製選取的元素或容器，可貼到這個或其他頁面" : "請先選取一個元素或容器"} unavailable={!copyable} icon={<Copy aria-hidden size={16} />} onClick={onCopy} testId="pb-copy" />
        <ToolButton
          label="貼上"
          shortcut="Control+V"
          hint={clipboard === "element" ? "貼上複製的元素（放在選取的元素之後，或選取的欄的最後）" : clipboard === "container" ? "貼上複製的容器（放在選取的容器之後）" : "剪貼簿是空的：請先複製一個元素或容器"}
          unavailable={clipboard === null}
          icon={<ClipboardPaste aria-hidden size={16} />}
          onClick={onPaste}
          testId="pb-paste"
        />
      </div>
      <p className="ml-auto text-sm text-gray-600" data-testid="pb-size">
        {tree.containers.length} 個容器・{elements} 個元素
      </p>
    </div>
  );
}
