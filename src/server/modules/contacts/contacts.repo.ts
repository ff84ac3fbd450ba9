import type { Db } from "#server/db/database.ts";
import { countRows } from "#server/lib/count.ts";

export const contactsRepo = {
  count: (db: Db, status?: string) => {
    const query = db.selectFrom("contacts");
    return countRows(status === undefined ? query : query.where("status", "=", status));
  },
};
