// One element in the canvas: its drag handle, its name (type in words and
// what it holds) as the button that selects it (a double click opens its
// dialog), its findings, its actions when selected (a menu on a phone) and a
// preview. Memoised on the element object, which tree edits keep for every
// element they do not change; its selection and findings come from the store,
// so selecting a card re-renders that card and the one selected before.
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical, TriangleAlert } from "lucide-react";
import { memo, useEffect, useRef } from "react";
import { elementLabel } from "#contract/page-builder/element-kinds.ts";
import type { BuilderElement } from "#contract/page-builder/tree.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import type { Finding } from "#web/page-builder/findings/findings.ts";
import { NO_RESIZE_WATCH, type DragData } from "./drag-drop.ts";
import { useEditor } from "./editor-context.ts";
import { useNodeFindings, useSelected } from "./editor-store.ts";
import { ElementPreview } from "./element-preview.tsx";
import { editorOf, elementSummary } from "./node-names.ts";
import { NodeActionBar, NodeActionMenu } from "./node-actions.tsx";

export const dragHandle = `grid size-9 shrink-0 cursor-grab touch-none place-items-center rounded-lg text-gray-500 hover:bg-gray-100 hover:text-gray-800 active:cursor-grabbing max-md:size-11 ${focusRing}`;

const WIDTH_WORDS: Record<string, string> = { desktop: "電腦版", mobile: "手機版" };

/** Desktop only or phone only is said; both is the usual case. */
const findingWidths = (finding: Finding) => (finding.widths.length === 1 ? `（${WIDTH_WORDS[finding.widths[0]!] ?? finding.widths[0]}）` : "");

interface ElementCardProps {
  element: BuilderElement;
  index: number;
  count: number;
  columnId: string;
}

/** The same element each render: React skips it, so a card re-rendered by a drag does not rebuild its icon. */
const GRIP = <GripVertical aria-hidden size={18} />;

/**
 * The sortable shell: dnd-kit re-renders every sortable when a drag starts or
 * ends, so this part is small, and the card's content (CardBody) is memoised
 * apart from it.
 */
export const ElementCard = memo(function ElementCard({ element, index, count, columnId }: ElementCardProps) {
  const { store, actions, ids } = useEditor();
  const selected = useSelected(store, element.id);
  const data: DragData = { kind: "element", columnId };
  const sortable = useSortable({ id: element.id, data, resizeObserverConfig: NO_RESIZE_WATCH });
  const card = useRef<HTMLLIElement | null>(null);
  const fromOtherColumn = sortable.isOver && (sortable.active?.data.current as DragData | undefined)?.columnId !== columnId;

  useEffect(() => {
    if (selected) card.current?.scrollIntoView({ block: "nearest" });
  }, [selected]);

  return (
    <li
      ref={(node) => {
        sortable.setNodeRef(node);
        card.current = node;
      }}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
      onClick={() => actions.select(element.id)}
      className={`relative rounded-lg border bg-white shadow-sm ${selected ? "border-blue-600 ring-2 ring-blue-600/40" : "border-gray-200"} ${sortable.isDragging ? "z-20 opacity-80 shadow-lg" : ""} ${fromOtherColumn ? "before:absolute before:inset-x-0 before:-top-1.5 before:h-1 before:rounded before:bg-blue-600" : ""}`}
      data-testid="pb-element"
      data-node-id={element.id}
      data-type={element.type}
      data-selected={selected || undefined}
    >
      <button
        type="button"
        ref={sortable.setActivatorNodeRef}
        {...sortable.attributes}
        {...sortable.listeners}
        id={ids.action(element.id, "drag")}
        aria-label={`拖曳移動：${nameOf(element)}`}
        onFocus={() => actions.select(element.id)}
        title="拖曳移動"
        className={`absolute top-1 left-1 ${dragHandle}`}
        data-testid="pb-drag-element"
      >
        {GRIP}
      </button>
      <CardBody element={element} first={index === 0} last={index === count - 1} selected={selected} />
    </li>
  );
});

function nameOf(element: BuilderElement): string {
  const summary = elementSummary(element);
  return summary ? `${elementLabel(element)}：${summary}` : elementLabel(element);
}

/** The card's name (the button that selects it), its findings, its actions and its preview. */
const CardBody = memo(function CardBody({ element, first, last, selected }: { element: BuilderElement; first: boolean; last: boolean; selected: boolean }) {
  const { store, actions, ids, wide } = useEditor();
  const findings = useNodeFindings(store, element.id);
  const label = elementLabel(element);
  const summary = elementSummary(element);
  const name = summary ? `${label}：${summary}` : label;
  const Icon = editorOf(element.type).icon;
  const findingsId = `${ids.card(element.id)}-findings`;
  return (
    <>
      <div className="flex items-start gap-1 py-1 pr-1 pl-11 max-md:pl-13">
        <button
          type="button"
          id={ids.card(element.id)}
          aria-label={name}
          aria-pressed={selected}
          aria-describedby={findings.length > 0 ? findingsId : undefined}
          onFocus={() => actions.select(element.id)}
          onDoubleClick={() => actions.edit(element.id)}
          className={`flex min-h-9 min-w-0 flex-1 items-center gap-2 rounded-lg px-1.5 py-1 text-left max-md:min-h-11 ${focusRing}`}
          data-testid="pb-element-select"
        >
          <Icon aria-hidden size={18} className="shrink-0 text-gray-600" />
          <span className="shrink-0 text-sm font-semibold text-gray-900">{label}</span>
          {summary ? <span className="min-w-0 truncate text-sm text-gray-600">{summary}</span> : null}
        </button>
        {findings.length > 0 ? (
          <span className="inline-flex shrink-0 items-center gap-1 self-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900" aria-hidden>
            <TriangleAlert size={14} />
            {findings.length}
          </span>
        ) : null}
        {wide ? null : <NodeActionMenu kind="element" id={element.id} name={name} first={first} last={last} />}
      </div>
      {wide && selected ? (
        <div className="border-t border-gray-100 px-1 py-0.5">
          <NodeActionBar kind="element" id={element.id} name={name} first={first} last={last} />
        </div>
      ) : null}
      {findings.length > 0 ? (
        <ul id={findingsId} className="mx-2 mb-2 space-y-1 rounded-md bg-amber-50 px-2 py-1.5 text-sm text-amber-900" data-testid="pb-findings">
          {findings.map((finding) => (
            <li key={`${finding.rule}-${finding.message}`} className="flex items-start gap-1.5" data-testid="pb-finding" data-rule={finding.rule}>
              <TriangleAlert aria-hidden size={16} className="mt-0.5 shrink-0" />
              <span>
                {finding.message}
                {findingWidths(finding)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <ElementPreview element={element} />
    </>
  );
});
