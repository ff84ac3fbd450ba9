// The canvas's one dnd-kit draggable. dnd-kit re-renders every component
// that uses one of its hooks whenever a drag starts, moves or ends, and React
// then walks everything below DndContext looking for them: with 300 cards
// each holding a useDraggable handle inside DndContext, starting a drag cost
// hundreds of milliseconds (issue 24). So the cards sit outside DndContext
// and their handles are plain buttons; the one they are pressed on lends the
// hub its id, its card and itself, and hands the press on to dnd-kit's
// sensors (pointer and keyboard) as if it were the draggable.
import { useDraggable } from "@dnd-kit/core";
import { createContext, useContext, useImperativeHandle, useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent, type Ref } from "react";
import { flushSync } from "react-dom";
import type { DragData } from "./drag-drop.ts";

export type HandlePress = PointerEvent<HTMLButtonElement> | KeyboardEvent<HTMLButtonElement>;

export interface DragHubHandle {
  /** A press on a drag handle: the handle's node (an element or container) becomes the draggable, and dnd-kit's sensor decides whether a drag starts. */
  press(event: HandlePress, id: string, data: DragData): void;
}

/** What the handles reach: the press, and the id of dnd-kit's instructions for screen readers (their description). */
export interface DragHubEnvironment extends DragHubHandle {
  describedBy: string;
}

export const DragHubContext = createContext<DragHubEnvironment | null>(null);

export function useDragHub(): DragHubEnvironment {
  const hub = useContext(DragHubContext);
  if (!hub) throw new Error("useDragHub needs the canvas around it");
  return hub;
}

/** Before the first press: an id no node has, on a disabled draggable. */
const UNARMED = "pb-unarmed";

/** Inside DndContext; renders nothing. */
export function DragHub({ hub }: { hub: Ref<DragHubHandle> }) {
  const [armed, setArmed] = useState<{ id: string; data: DragData } | null>(null);
  const { listeners, setNodeRef, setActivatorNodeRef } = useDraggable({ id: armed?.id ?? UNARMED, data: armed?.data, disabled: !armed });
  // The listeners of the render that armed the hub for the handle pressed (useDraggable's are bound to its id).
  const latest = useRef(listeners);
  useLayoutEffect(() => {
    latest.current = listeners;
  });
  useImperativeHandle(
    hub,
    () => ({
      press(event, id, data) {
        const handle = event.currentTarget;
        setActivatorNodeRef(handle);
        setNodeRef(handle.closest("li"));
        // Synchronously: dnd-kit looks the draggable up by id as the press is handed on.
        flushSync(() => setArmed({ id, data }));
        if (event.type === "keydown") latest.current?.onKeyDown?.(event);
        else latest.current?.onPointerDown?.(event);
      },
    }),
    [setActivatorNodeRef, setNodeRef],
  );
  return null;
}
