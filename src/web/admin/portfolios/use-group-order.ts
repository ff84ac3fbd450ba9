// A saved case's photo groups put in a new order: each move is sent at once,
// the whole order in one request (PUT …/photo-groups/reorder), while the form
// keeps showing the order as moved. Moves made while one is being saved are
// sent after it, only the latest (never two requests racing, so the server
// keeps the order last seen on screen).
import { useCallback, useRef } from "react";
import type { Portfolio } from "#contract/portfolios.ts";
import { reorderGroups } from "./portfolios-api.ts";

interface Handlers {
  onSaved(portfolio: Portfolio, message: string): void;
  onFailed(error: unknown): void;
}

export function useGroupOrder(caseId: number, handlers: Handlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  const waiting = useRef<number[] | null>(null);
  const running = useRef(false);

  return useCallback(
    (ids: number[]) => {
      waiting.current = ids;
      if (running.current) return;
      running.current = true;
      void (async () => {
        try {
          for (let next = waiting.current; next; next = waiting.current) {
            waiting.current = null;
            try {
              const { data, message } = await reorderGroups(caseId, next);
              // A newer order is on its way: its own answer will settle things.
              if (!waiting.current) latest.current.onSaved(data, message);
            } catch (error) {
              waiting.current = null;
              latest.current.onFailed(error);
            }
          }
        } finally {
          running.current = false;
        }
      })();
    },
    [caseId],
  );
}
