// Saving a hand-made order: the list is shown in its new order at once, and
// the whole order goes to the server in one request. Moves made while one is
// being saved are sent after it, only the latest (never two requests racing,
// so the server keeps the order last seen on screen). A refusal (409 when the
// list changed elsewhere) is said and the stored order comes back.
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import type { ApiResult } from "#web/admin/shared/api-client.ts";
import { renumbered } from "./services-form.ts";
import { moveItem } from "#web/admin/shared/dialog-form.ts";
import type { MoveTarget } from "#web/admin/shared/sortable-list.tsx";

interface Options<T extends { id: number; display_order: number }> {
  queryKey: QueryKey;
  save(ids: number[]): Promise<ApiResult<T[]>>;
  onSaved(message: string): void;
  onFailed(error: unknown): void;
}

export function useReorder<T extends { id: number; display_order: number }>({ queryKey, save, onSaved, onFailed }: Options<T>) {
  const client = useQueryClient();
  const latest = useRef({ save, onSaved, onFailed });
  latest.current = { save, onSaved, onFailed };
  const waiting = useRef<number[] | null>(null);
  const running = useRef(false);
  const key = JSON.stringify(queryKey);

  const flush = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (let ids = waiting.current; ids; ids = waiting.current) {
        waiting.current = null;
        try {
          const { data, message } = await latest.current.save(ids);
          // A newer order is on screen already: its own answer will settle the list.
          if (!waiting.current) {
            client.setQueryData<T[]>(queryKey, data);
            latest.current.onSaved(message);
          }
        } catch (error) {
          waiting.current = null;
          latest.current.onFailed(error);
          await client.invalidateQueries({ queryKey });
        }
      }
    } finally {
      running.current = false;
    }
    // The key's content, not its identity, names the list.
  }, [client, key]);

  return useCallback(
    (id: number, target: MoveTarget) => {
      const current = client.getQueryData<T[]>(queryKey);
      if (!current) return;
      // Places in the list as it is now, which the screen may not show yet.
      const from = current.findIndex((entry) => entry.id === id);
      const to = "by" in target ? from + target.by : current.findIndex((entry) => entry.id === target.onto);
      if (from < 0 || to < 0 || to >= current.length || from === to) return;
      const next = renumbered(moveItem(current, from, to));
      void client.cancelQueries({ queryKey });
      client.setQueryData<T[]>(queryKey, next);
      waiting.current = next.map((entry) => entry.id);
      void flush();
    },
    [client, key, flush],
  );
}
