// `npm run restore -- ARCHIVE [--force] [--time-limit=MINUTES]`: puts an
// archive made by `npm run backup` (on either engine, at this version's schema
// or an older one) into the database and storage the environment names.
// Refuses a target that is more than a new installation unless --force; a
// damaged archive, or one past the bounds a site of ours stays within, changes
// nothing and says why in the words the back office shows; so does a restore
// that runs past its time limit (30 minutes unless given). Stray files that
// fail to go after the site was replaced say so (run it again).
import path from "node:path";
import { RESTORE_FAILURES } from "#contract/backups.ts";
import { openDatabase } from "#server/db/database.ts";
import { parseEnv } from "#server/env.ts";
import { storageFromEnv } from "#server/integrations/storage-from-env.ts";
import { BackupArchiveError } from "#server/modules/backups/archive-format.ts";
import { restoreBackup } from "#server/modules/backups/restore-backup.ts";

const USAGE = "Usage: npm run restore -- ARCHIVE [--force] [--time-limit=MINUTES]";
const TIME_LIMIT = /^--time-limit=(\d+)$/;
const warnings = { warn: (...parts: unknown[]) => console.error(parts.filter((part) => typeof part === "string").join(" ")) };

const args = process.argv.slice(2);
const force = args.includes("--force");
const minutes = args.map((arg) => TIME_LIMIT.exec(arg)?.[1]).find((given) => given !== undefined);
const archives = args.filter((arg) => arg !== "--force" && !TIME_LIMIT.test(arg));
if (archives.length !== 1 || archives[0]!.startsWith("-") || minutes === "0") {
  console.error(USAGE);
  process.exit(1);
}

try {
  const env = parseEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, logger: warnings });
  try {
    const limits = minutes === undefined ? {} : { timeLimitMs: Number(minutes) * 60_000 };
    const restored = await restoreBackup({ db: database.db, flavour: database.flavour, storage: await storageFromEnv(env) }, path.resolve(archives[0]!), { force, limits });
    const rows = Object.values(restored.tables).reduce((sum, count) => sum + count, 0);
    const engine = database.flavour === "postgres" ? "PostgreSQL" : "SQLite";
    console.log(`Restored ${rows} rows in ${Object.keys(restored.tables).length} tables into ${engine} and ${restored.files} files into ${env.S3_BUCKET ? `bucket ${env.S3_BUCKET}` : "DATA_DIR/uploads"} (archive schema ${restored.fromSchema}).`);
    console.log("Sessions are not restored: everyone signs in again, with the accounts and passwords of the backup.");
    console.log("Restart every running instance of the site so that none serves what it had cached.");
  } finally {
    await database.close();
  }
} catch (error) {
  // An archive refused is refused in the words the back office shows, before anything changed.
  if (error instanceof BackupArchiveError) console.error(`Restore refused: ${error.message}${RESTORE_FAILURES.unchanged}`);
  else console.error(`Restore refused or failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
process.exit(0);
