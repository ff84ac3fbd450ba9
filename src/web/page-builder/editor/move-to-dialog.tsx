// 移動到…: the keyboard's and the pointer's way to move a node anywhere
// without dragging. An element chooses a container, one of its columns and a
// place among that column's elements; a container chooses its place among
// the containers. The current place is chosen when it opens.
import { useId, useState, type FormEvent } from "react";
import type { BuilderTree } from "#contract/page-builder/tree.ts";
import { AdminDialog } from "#web/admin/shared/admin-dialog.tsx";
import { inputClass } from "#web/admin/shared/form-field-parts.tsx";
import type { DropTarget } from "./drop-places.ts";
import { DialogActions } from "./dialog-actions.tsx";
import { elementName, usePageNamesContext } from "./node-names.ts";
import { columnName, containerName } from "./place-words.ts";
import { locate } from "./tree-lookup.ts";

interface MoveToDialogProps {
  tree: BuilderTree;
  nodeId: string;
  onMove(target: DropTarget): void;
  onClose(): void;
}

export function MoveToDialog({ tree, nodeId, onMove, onClose }: MoveToDialogProps) {
  const place = locate(tree, nodeId);
  const pageNames = usePageNamesContext();
  const name = place?.kind === "element" ? elementName(place.element, pageNames) : place?.kind === "container" ? containerName(place.container, place.containerIndex) : "";
  return (
    <AdminDialog open title={`移動「${name}」`} onClose={onClose}>
      {place?.kind === "element" ? (
        <ElementMoveForm tree={tree} nodeId={nodeId} start={[place.containerIndex, place.columnIndex, place.elementIndex]} onMove={onMove} onClose={onClose} />
      ) : place?.kind === "container" ? (
        <ContainerMoveForm tree={tree} nodeId={nodeId} start={place.containerIndex} onMove={onMove} onClose={onClose} />
      ) : null}
    </AdminDialog>
  );
}

function Select({ label, value, options, onChange, testId }: { label: string; value: number; options: readonly string[]; onChange(value: number): void; testId: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-gray-700">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))} className={inputClass} data-testid={testId}>
        {options.map((option, index) => (
          <option key={index} value={index}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

function ElementMoveForm({ tree, nodeId, start, onMove, onClose }: Omit<MoveToDialogProps, "onClose"> & { start: [number, number, number]; onClose(): void }) {
  const [containerIndex, setContainerIndex] = useState(start[0]);
  const [columnIndex, setColumnIndex] = useState(start[1]);
  const [position, setPosition] = useState(start[2]);
  const container = tree.containers[containerIndex]!;
  const column = container.columns[columnIndex] ?? container.columns[0]!;
  const pageNames = usePageNamesContext();
  const others = column.elements.filter((element) => element.id !== nodeId);
  const positions = [...others.map((element) => `在「${elementName(element, pageNames)}」之前`), others.length === 0 ? "這一欄的第一個" : "最後面"];
  const isStart = (c: number, k: number) => c === start[0] && k === start[1];

  function chooseContainer(index: number) {
    setContainerIndex(index);
    setColumnIndex(0);
    setPosition(tree.containers[index]!.columns[0]!.elements.filter((element) => element.id !== nodeId).length);
  }

  function chooseColumn(index: number) {
    setColumnIndex(index);
    setPosition(container.columns[index]!.elements.filter((element) => element.id !== nodeId).length);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isStart(containerIndex, columnIndex) && position === start[2]) return onClose();
    onMove({ kind: "element", elementId: nodeId, target: { columnId: column.id, index: position } });
  }

  return (
    <form onSubmit={submit} className="space-y-4" data-testid="pb-move-form">
      <Select label="容器" value={containerIndex} options={tree.containers.map((entry, index) => `${containerName(entry, index)}${index === start[0] ? "（目前）" : ""}`)} onChange={chooseContainer} testId="pb-move-container" />
      <Select label="欄" value={columnIndex} options={container.columns.map((_, index) => `${columnName(container, index)}${isStart(containerIndex, index) ? "（目前）" : ""}`)} onChange={chooseColumn} testId="pb-move-column" />
      <Select label="位置" value={Math.min(position, positions.length - 1)} options={positions.map((words, index) => (isStart(containerIndex, columnIndex) && index === start[2] ? `${words}（目前）` : words))} onChange={setPosition} testId="pb-move-position" />
      <DialogActions confirmLabel="移動" onCancel={onClose} />
    </form>
  );
}

function ContainerMoveForm({ tree, nodeId, start, onMove, onClose }: Omit<MoveToDialogProps, "onClose"> & { start: number; onClose(): void }) {
  const [position, setPosition] = useState(start);
  const options = tree.containers.map((_, index) => `第 ${index + 1} 個位置${index === 0 ? "（最前面）" : index === tree.containers.length - 1 ? "（最後面）" : ""}${index === start ? "（目前）" : ""}`);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (position === start) return onClose();
    onMove({ kind: "container", containerId: nodeId, index: position });
  }

  return (
    <form onSubmit={submit} className="space-y-4" data-testid="pb-move-form">
      <Select label="位置" value={position} options={options} onChange={setPosition} testId="pb-move-position" />
      <DialogActions confirmLabel="移動" onCancel={onClose} />
    </form>
  );
}
