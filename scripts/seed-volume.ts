// `npm run seed:volume -- --scale N [--seed S] [--force]`: fills the database
// the environment names (DATA_DIR's SQLite, or DATABASE_URL's PostgreSQL, and
// the storage for uploads), opened and seeded as `npm start` does, with
// realistic content at scale N (1 = ten busy years; scripts/volume/). Refuses a
// database holding more than a first start seeds unless --force; a failure
// says why and exits 1.
import pino from "pino";
import { openDatabase } from "#server/db/database.ts";
import { parseEnv } from "#server/env.ts";
import { storageFromEnv } from "#server/integrations/storage-from-env.ts";
import { loggerOptions } from "#server/lib/logger.ts";
import { seedIfEmpty } from "#server/modules/seed/seed.service.ts";
import { DEFAULT_SEED, seedVolume, VolumeTargetNotEmptyError } from "#scripts/volume/seed-volume.ts";

const USAGE = "Usage: npm run seed:volume -- --scale N [--seed S] [--force]   (N a decimal ≥ 0, 1 = ten busy years; S a whole number)";
const warnings = { warn: (...parts: unknown[]) => console.error(parts.filter((part) => typeof part === "string").join(" ")) };

function parseArgs(args: string[]): { scale: number; seed: number; force: boolean } | undefined {
  let scale: number | undefined;
  let seed = DEFAULT_SEED;
  let force = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === "--force") force = true;
    else if (arg === "--scale" && /^\d+(\.\d+)?$/.test(args[index + 1] ?? "")) scale = Number(args[++index]);
    else if (arg === "--seed" && /^\d{1,10}$/.test(args[index + 1] ?? "") && Number(args[index + 1]) <= 0xffffffff) seed = Number(args[++index]);
    else return undefined;
  }
  return scale === undefined ? undefined : { scale, seed, force };
}

const options = parseArgs(process.argv.slice(2));
if (!options) {
  console.error(USAGE);
  process.exit(1);
}

try {
  const env = parseEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, logger: warnings });
  try {
    await seedIfEmpty(database.db, { adminEmail: env.ADMIN_EMAIL, adminPassword: env.ADMIN_PASSWORD, logger: pino(loggerOptions(env.LOG_LEVEL)) });
    const engine = database.flavour === "postgres" ? "PostgreSQL" : `SQLite in ${env.DATA_DIR}`;
    console.log(`Filling ${engine} at scale ${options.scale} (seed ${options.seed})…`);
    await seedVolume({ db: database.db, flavour: database.flavour, storage: await storageFromEnv(env) }, { ...options, log: (line) => console.log(line) });
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof VolumeTargetNotEmptyError ? error.message : `Seeding the volume failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
// An object store's client may keep idle connections open: the work is done.
process.exit(0);
