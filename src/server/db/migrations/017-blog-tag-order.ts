// A post's tags come back in the order staff typed them (issue 25): the link
// table keeps each tag's place. Existing links keep 0 and read in name order
// among themselves, as before.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("blog_post_tags").addColumn("position", "integer", (col) => col.notNull().defaultTo(0)).execute();
}
