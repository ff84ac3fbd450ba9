// A selected element's or container's actions: a row of named icon buttons on
// a wide screen, one 動作 menu on a phone (002 §2.6 narrow layout, 44 px tap
// targets). Each button's accessible name says the action and the node
// (上移：圖片：門面), since a screen reader may reach it out of its card.
import { ArrowDown, ArrowUp, Copy, CopyPlus, Ellipsis, LayoutPanelLeft, Move, Pencil, Settings2, Trash2 } from "lucide-react";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import { useEditor, type EditorActions } from "./editor-context.ts";
import { MenuButton, type MenuItem } from "./menu-button.tsx";

type NodeAction = "edit" | "layout" | "settings" | "up" | "down" | "move" | "duplicate" | "copy" | "remove";

interface Action {
  action: NodeAction;
  label: string;
  icon: typeof Pencil;
  /** At the top or the bottom already: shown but does nothing (the focus stays where it is). */
  unavailable?: boolean;
  danger?: boolean;
  run(actions: EditorActions, id: string): void;
}

const ELEMENT_ACTIONS = ["edit", "up", "down", "move", "duplicate", "copy", "remove"] as const;
const CONTAINER_ACTIONS = ["layout", "settings", "up", "down", "move", "duplicate", "copy", "remove"] as const;

const ACTIONS: Record<NodeAction, Omit<Action, "unavailable">> = {
  edit: { action: "edit", label: "編輯", icon: Pencil, run: (actions, id) => actions.edit(id) },
  layout: { action: "layout", label: "變更版面", icon: LayoutPanelLeft, run: (actions, id) => actions.openLayout(id) },
  settings: { action: "settings", label: "手機版與背景", icon: Settings2, run: (actions, id) => actions.openSettings(id) },
  up: { action: "up", label: "上移", icon: ArrowUp, run: (actions, id) => actions.step(id, -1) },
  down: { action: "down", label: "下移", icon: ArrowDown, run: (actions, id) => actions.step(id, 1) },
  move: { action: "move", label: "移動到…", icon: Move, run: (actions, id) => actions.openMove(id) },
  duplicate: { action: "duplicate", label: "複製一份", icon: CopyPlus, run: (actions, id) => actions.duplicate(id) },
  copy: { action: "copy", label: "複製", icon: Copy, run: (actions, id) => actions.copy(id) },
  remove: { action: "remove", label: "刪除", icon: Trash2, danger: true, run: (actions, id) => actions.remove(id) },
};

const iconButton = `inline-grid size-9 place-items-center rounded-lg text-gray-700 hover:bg-gray-100 hover:text-gray-900 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent ${focusRing}`;
const menuTrigger = `inline-grid size-11 shrink-0 place-items-center rounded-lg text-gray-700 hover:bg-gray-100 ${focusRing}`;

interface NodeActionsProps {
  kind: "element" | "container";
  id: string;
  name: string;
  /** At the page's first or last place: 上移 / 下移 have nowhere to go (an element steps on across columns, tree-edits.ts). */
  first: boolean;
  last: boolean;
}

function actionsOf({ kind, first, last }: Pick<NodeActionsProps, "kind" | "first" | "last">): Action[] {
  return (kind === "element" ? ELEMENT_ACTIONS : CONTAINER_ACTIONS).map((action) => ({
    ...ACTIONS[action],
    unavailable: (action === "up" && first) || (action === "down" && last),
  }));
}

/** The inline row of a selected node on a wide screen. */
export function NodeActionBar(props: NodeActionsProps) {
  const { actions, ids } = useEditor();
  return (
    <div role="group" aria-label={`「${props.name}」的動作`} className="flex flex-wrap items-center gap-0.5" data-testid="pb-node-actions">
      {actionsOf(props).map(({ action, label, icon: Icon, unavailable, danger, run }) => (
        <button
          key={action}
          id={ids.action(props.id, action)}
          type="button"
          aria-label={`${label}：${props.name}`}
          title={label}
          aria-disabled={unavailable || undefined}
          onClick={() => !unavailable && run(actions, props.id)}
          className={`${iconButton} ${danger ? "text-red-700 hover:bg-red-50 hover:text-red-800" : ""}`}
          data-testid={`pb-action-${action}`}
        >
          <Icon aria-hidden size={18} />
        </button>
      ))}
    </div>
  );
}

/** The 動作 menu of a node on a phone: in the Tab order while its node is selected. */
export function NodeActionMenu(props: NodeActionsProps & { tabbable: boolean }) {
  const { actions, ids } = useEditor();
  const items: MenuItem[] = actionsOf(props)
    .filter((entry) => !entry.unavailable)
    .map(({ action, label, icon: Icon, danger, run }) => ({ key: action, label, danger, icon: <Icon aria-hidden size={18} />, onSelect: () => run(actions, props.id) }));
  return (
    <MenuButton label={`動作：${props.name}`} items={items} buttonClassName={menuTrigger} buttonId={ids.action(props.id, "menu")} testId="pb-node-menu" align="end" tabbable={props.tabbable}>
      <Ellipsis aria-hidden size={20} />
    </MenuButton>
  );
}
