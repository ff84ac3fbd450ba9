// A photo group's before/after comparison (000 §2): the after picture with the
// before picture over it, cut at a divider that a pointer drags (anywhere on
// the picture; on a phone a vertical swipe still scrolls the page) and the
// keyboard moves (a WAI-ARIA slider: arrows, Page Up/Down, Home, End). Without
// JavaScript it shows the two halves side by side at the middle.
import { ChevronsLeftRight } from "lucide-react";
import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import type { ResponsivePicture } from "#contract/media.ts";
import { ResponsiveImage } from "#web/site/shell/responsive-image.tsx";
import { ROLE_LABELS } from "./case-pictures.ts";
import { percentAfterKey, percentAt, SLIDER_START } from "./slider-rules.ts";

interface ComparisonSliderProps {
  before: string;
  after: string;
  pictures: Record<string, ResponsivePicture>;
  /** What is being compared (the case and the group), for the pictures' and the slider's names. */
  subject: string;
}

const SIZES = "(min-width: 1024px) 56rem, 100vw";
const labelClass = "pointer-events-none absolute top-3 rounded-full bg-black/70 px-3 py-1 text-sm font-semibold text-white";

export function ComparisonSlider({ before, after, pictures, subject }: ComparisonSliderProps) {
  const [position, setPosition] = useState(SLIDER_START);
  const area = useRef<HTMLDivElement>(null);
  const handle = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const follow = (clientX: number) => {
    const box = area.current?.getBoundingClientRect();
    if (box) setPosition(percentAt(clientX, box.left, box.width));
  };

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    follow(event.clientX);
    // The keyboard carries on from where the pointer left the divider.
    handle.current?.focus({ preventScroll: true });
  }

  const stop = () => {
    dragging.current = false;
  };

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = percentAfterKey(event.key, position);
    if (next === null) return;
    event.preventDefault();
    setPosition(next);
  }

  const picture = (src: string, role: "before" | "after") => (
    <ResponsiveImage src={src} picture={pictures[src]} alt={`${subject}・${ROLE_LABELS[role]}`} sizes={SIZES} width={1200} height={900} className="h-full w-full object-cover" />
  );

  return (
    <div
      ref={area}
      className="relative aspect-[4/3] max-h-[65dvh] w-full cursor-ew-resize touch-pan-y overflow-hidden rounded-theme bg-surface-muted select-none"
      onPointerDown={onPointerDown}
      onPointerMove={(event) => {
        if (dragging.current) follow(event.clientX);
      }}
      onPointerUp={stop}
      onPointerCancel={stop}
      data-testid="comparison"
    >
      {/* The pictures take no pointer events: a mouse drag moves the divider instead of dragging an image out. */}
      <div className="pointer-events-none absolute inset-0">{picture(after, "after")}</div>
      <div className="pointer-events-none absolute inset-0" style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}>
        {picture(before, "before")}
      </div>
      <span className={`${labelClass} left-3`} aria-hidden>
        {ROLE_LABELS.before}
      </span>
      <span className={`${labelClass} right-3`} aria-hidden>
        {ROLE_LABELS.after}
      </span>
      <div
        ref={handle}
        role="slider"
        tabIndex={0}
        aria-label={`施工前後對比：${subject}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={position}
        aria-valuetext={`${ROLE_LABELS.before} ${position}%、${ROLE_LABELS.after} ${100 - position}%`}
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className="group absolute inset-y-0 flex w-11 -translate-x-1/2 items-center justify-center focus-visible:outline-none"
        style={{ left: `${position}%` }}
      >
        <span className="absolute inset-y-0 left-1/2 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_4px_rgba(0,0,0,0.6)]" aria-hidden />
        <span
          className="relative flex size-11 items-center justify-center rounded-full bg-white text-ink shadow-lg ring-primary-600 group-focus-visible:ring-4"
          aria-hidden
        >
          <ChevronsLeftRight size={22} />
        </span>
      </div>
    </div>
  );
}
