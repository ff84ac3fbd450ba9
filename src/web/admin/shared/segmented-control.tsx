// A row of pressed/unpressed buttons choosing one value (the editors' view mode
// and preview width): a named group, each button saying its state.
import type { ReactNode } from "react";
import { focusRing } from "./admin-notice.tsx";

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
  icon?: ReactNode;
}

export function SegmentedControl<T extends string>({ label, value, onChange, options }: { label: string; value: T; onChange(value: T): void; options: ReadonlyArray<SegmentedOption<T>> }) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-1 rounded-lg bg-gray-100 p-1">
      <span className="px-1 text-xs text-gray-700" aria-hidden>
        {label}
      </span>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={`inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-sm font-medium ${option.value === value ? "bg-white text-blue-700 shadow" : "text-gray-700 hover:bg-white/60"} ${focusRing}`}
        >
          {option.icon}
          {option.label}
        </button>
      ))}
    </div>
  );
}
