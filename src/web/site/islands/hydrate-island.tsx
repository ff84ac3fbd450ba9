// The browser half of an island: finds every marker the server rendered for it
// and hydrates the same component with the same props. When React has attached
// (its effects ran), the marker says data-hydrated: people see no difference,
// tests wait for it.
import { useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import type { IslandName } from "./island-entries.ts";

function MarkHydrated({ marker, children }: { marker: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    marker.dataset.hydrated = "true";
  }, [marker]);
  return children;
}

export function hydrateIsland<P extends object>(name: IslandName, Component: ComponentType<P>) {
  for (const marker of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    if (marker.dataset.hydrated) continue;
    const props = JSON.parse(marker.dataset.props ?? "{}") as P;
    hydrateRoot(
      marker,
      <MarkHydrated marker={marker}>
        <Component {...props} />
      </MarkHydrated>,
    );
  }
}
