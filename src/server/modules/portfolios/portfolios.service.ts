// Cleaning cases (portfolios) with their before/after photo groups.
import type { Db } from "#server/db/database.ts";
import { portfoliosRepo } from "./portfolios.repo.ts";

export function createPortfoliosService(deps: { db: Db }) {
  const { db } = deps;
  return {
    dashboard: { stats: async () => ({ total_portfolios: await portfoliosRepo.count(db) }) },
  };
}

export type PortfoliosService = ReturnType<typeof createPortfoliosService>;
