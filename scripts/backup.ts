// `npm run backup`: one archive of the whole site (database content and every
// stored file) in BACKUP_DIR, from the database and storage the environment
// names, as the server would open them. The archive's path is the last line
// printed (for cron jobs and scripts); a failure says why and exits 1.
import path from "node:path";
import { openDatabase, readOnly } from "#server/db/database.ts";
import { backupDirOf, parseEnv } from "#server/env.ts";
import { storageFromEnv } from "#server/integrations/storage-from-env.ts";
import { makeBackup } from "#server/modules/backups/make-backup.ts";

const warnings = { warn: (...parts: unknown[]) => console.error(parts.filter((part) => typeof part === "string").join(" ")) };

try {
  const env = parseEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, logger: warnings });
  try {
    const backup = await makeBackup({ db: readOnly(database.db), flavour: database.flavour, storage: await storageFromEnv(env) }, backupDirOf(env));
    console.log(`Backed up the ${database.flavour === "postgres" ? "PostgreSQL" : "SQLite"} database and ${backup.fileCount} stored files (${(backup.size / 1024 / 1024).toFixed(1)} MB, schema ${backup.schemaVersion}, product ${backup.productVersion}) to:`);
    console.log(path.resolve(backup.path));
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
// An object store's client may keep idle connections open: the work is done.
process.exit(0);
