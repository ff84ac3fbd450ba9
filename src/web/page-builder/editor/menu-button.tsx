// A button that opens a short menu of actions (the column's 新增元素, a node's
// actions on a phone): arrow keys, Home / End and the first letters move
// within it, Escape closes it and gives the focus back to its button. Picking
// an action first gives the focus back too, so a dialog the action opens
// returns it there when it closes.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { focusRing } from "#web/admin/shared/admin-notice.tsx";

export interface MenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  onSelect(): void;
}

interface MenuButtonProps {
  /** The button's accessible name (the visible content may be shorter). */
  label: string;
  children: ReactNode;
  items: readonly MenuItem[];
  buttonClassName: string;
  buttonId?: string;
  testId: string;
  /** Which side of the button the menu lines up with. */
  align?: "start" | "end";
  /** False: out of the Tab order (a canvas node's that is not selected, canvas.tsx); a click or focus() still reaches it. */
  tabbable?: boolean;
}

export function MenuButton({ label, children, items, buttonClassName, buttonId, testId, align = "start", tabbable = true }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>("[role=menuitem]")?.focus();
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  function onMenuKey(event: KeyboardEvent<HTMLUListElement>) {
    const entries = [...(menu.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const go = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
    if (event.key === "ArrowDown") go(at + 1);
    else if (event.key === "ArrowUp") go(at - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(entries.length - 1);
    else if (event.key === "Escape") close(true);
    else if (event.key === "Tab") return close(false);
    else if (event.key.length === 1) {
      const next = entries.findIndex((entry, index) => index > at && entry.textContent?.startsWith(event.key));
      const found = next >= 0 ? next : entries.findIndex((entry) => entry.textContent?.startsWith(event.key));
      if (found < 0) return;
      go(found);
    } else return;
    event.preventDefault();
    event.stopPropagation();
  }

  return (
    <div className="relative">
      <button
        ref={button}
        id={buttonId}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        tabIndex={tabbable ? undefined : -1}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className={buttonClassName}
        data-testid={testId}
      >
        {children}
      </button>
      {open ? (
        <ul
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget) && event.relatedTarget !== button.current) setOpen(false);
          }}
          className={`absolute z-30 mt-1 min-w-44 rounded-lg border border-gray-200 bg-white py-1 shadow-lg ${align === "end" ? "right-0" : "left-0"}`}
          data-testid={`${testId}-menu`}
        >
          {items.map((item) => (
            <li key={item.key} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close(true);
                  item.onSelect();
                }}
                className={`flex min-h-11 w-full items-center gap-2 px-3 py-2 text-left text-sm ${item.danger ? "text-red-700 hover:bg-red-50" : "text-gray-800 hover:bg-gray-100"} ${focusRing} focus-visible:outline-offset-[-2px]`}
              >
                {item.icon}
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
