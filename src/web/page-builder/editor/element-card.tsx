// One element in the canvas: its drag handle, its name (type in words and
// what it holds) as the button that selects it (a double click opens its
// dialog), its findings (each with 前往修改), its actions when selected (a menu on a phone) and a
// preview. Memoised on the element object, which tree edits keep for every
// element they do not change; its selection and findings come from the store,
// so selecting a card re-renders that card and the one selected before. Its
// name is in the canvas's roving set; while it is selected, Tab goes on to its
// actions, then its drag handle (drawn first, last in the DOM: canvas.tsx).
import { TriangleAlert } from "lucide-react";
import { memo, useEffect, useRef } from "react";
import { elementLabel } from "#contract/page-builder/element-kinds.ts";
import type { BuilderElement } from "#contract/page-builder/tree.ts";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";
import type { PageNames } from "#web/page-builder/elements/link-choices.ts";
import type { Finding } from "#web/page-builder/findings/findings.ts";
import { canvasHelpId } from "./canvas-help.ts";
import { DragHandle, LandingLine } from "./drag-parts.tsx";
import { useEditor } from "./editor-context.ts";
import { useNodeFindings, useSelected } from "./editor-store.ts";
import { ElementPreview } from "./element-preview.tsx";
import { editorOf, elementSummary, usePageNamesContext } from "./node-names.ts";
import { NodeActionBar, NodeActionMenu } from "./node-actions.tsx";

const WIDTH_WORDS: Record<string, string> = { desktop: "電腦版", mobile: "手機版" };

/** Desktop only or phone only is said; both is the usual case. */
const findingWidths = (finding: Finding) => (finding.widths.length === 1 ? `（${WIDTH_WORDS[finding.widths[0]!] ?? finding.widths[0]}）` : "");

/**
 * A card's content is not styled or laid out while it is off screen: opening
 * or closing any dialog makes the browser restyle the whole page (everything
 * outside a modal dialog becomes inert, and back), which on a 300-element
 * page was most of the time a text dialog took to open and to save (issue 24).
 * Its height is remembered once shown. Not on a phone, where the card's
 * action menu drops below the card and the containment would cut it off; the
 * card itself (which drags measure) and its landing line stay outside. The
 * containment makes this box the drag handle's positioning box.
 */
const SKIPPED_OFF_SCREEN = "[content-visibility:auto] [contain-intrinsic-height:auto_9rem]";

interface ElementCardProps {
  element: BuilderElement;
  index: number;
  columnId: string;
  /** At the page's first or last place (上移 / 下移 cross columns, so only there have they nowhere to go). */
  first: boolean;
  last: boolean;
}

/**
 * The card's frame: its drag handle and landing line (the only parts a drag
 * re-renders) and its content (CardBody), memoised apart.
 */
export const ElementCard = memo(function ElementCard({ element, index, columnId, first, last }: ElementCardProps) {
  const { store, actions, wide } = useEditor();
  const pageNames = usePageNamesContext();
  const selected = useSelected(store, element.id);
  const card = useRef<HTMLLIElement | null>(null);

  useEffect(() => {
    if (selected) card.current?.scrollIntoView({ block: "nearest" });
  }, [selected]);

  return (
    <li
      ref={card}
      onClick={() => actions.select(element.id)}
      className={`relative rounded-lg border bg-white shadow-sm ${selected ? "border-blue-600 ring-2 ring-blue-600/40" : "border-gray-200"}`}
      data-testid="pb-element"
      data-node-id={element.id}
      data-type={element.type}
      data-selected={selected || undefined}
    >
      <div className={wide ? SKIPPED_OFF_SCREEN : undefined}>
        <CardBody element={element} first={first} last={last} selected={selected} />
        <DragHandle id={element.id} kind="element" columnId={columnId} index={index} name={nameOf(element, pageNames)} tabbable={selected} className="absolute top-1 left-1" rounded="rounded-lg" testId="pb-drag-element" />
      </div>
      <LandingLine list={columnId} index={index} />
    </li>
  );
});

function nameOf(element: BuilderElement, pageNames: PageNames): string {
  const summary = elementSummary(element, pageNames);
  return summary ? `${elementLabel(element)}：${summary}` : elementLabel(element);
}

/** The card's name (the button that selects it), its findings, its actions and its preview. */
const CardBody = memo(function CardBody({ element, first, last, selected }: { element: BuilderElement; first: boolean; last: boolean; selected: boolean }) {
  const { store, actions, ids, wide } = useEditor();
  const findings = useNodeFindings(store, element.id);
  const pageNames = usePageNamesContext();
  const label = elementLabel(element);
  const summary = elementSummary(element, pageNames);
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
          aria-describedby={findings.length > 0 ? `${findingsId} ${canvasHelpId(ids.card)}` : canvasHelpId(ids.card)}
          tabIndex={selected ? 0 : -1}
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
        {wide ? null : <NodeActionMenu kind="element" id={element.id} name={name} first={first} last={last} tabbable={selected} />}
      </div>
      {wide && selected ? (
        <div className="border-t border-gray-100 px-1 py-0.5">
          <NodeActionBar kind="element" id={element.id} name={name} first={first} last={last} />
        </div>
      ) : null}
      {findings.length > 0 ? (
        <ul id={findingsId} className="mx-2 mb-2 space-y-1 rounded-md bg-amber-50 px-2 py-1.5 text-sm text-amber-900" data-testid="pb-findings">
          {findings.map((finding) => (
            <li key={`${finding.rule}-${finding.message}`} className="flex flex-wrap items-start gap-x-1.5 gap-y-1" data-testid="pb-finding" data-rule={finding.rule}>
              <TriangleAlert aria-hidden size={16} className="mt-0.5 shrink-0" />
              <span className="min-w-0 flex-1" data-testid="pb-finding-text">
                {finding.message}
                {findingWidths(finding)}
              </span>
              {/* Selects the node that holds the fix and opens its dialog (the card's own, or its container's settings). */}
              <button
                type="button"
                aria-label={`前往修改：${name}`}
                onClick={(event) => {
                  event.stopPropagation();
                  actions.select(finding.editId);
                  actions.edit(finding.editId);
                }}
                className={`ml-auto inline-flex min-h-8 shrink-0 items-center rounded-md border border-amber-700 bg-white px-2.5 text-sm font-semibold text-amber-900 hover:bg-amber-100 max-md:min-h-11 ${focusRing}`}
                data-testid="pb-finding-fix"
              >
                前往修改
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <ElementPreview element={element} />
    </>
  );
});
