// Fills a new database exactly once: default settings, themes, the 12-service
// catalogue, the built-in pages, their service types and the first administrator;
// on later starts, the one-time upgrade of the pages' typed service cards.
// The marker row is written first inside the transaction, so a second instance
// starting at the same moment waits on it and then skips.
import { defaultSettings, settingKeys } from "#contract/settings.ts";
import { BUILT_IN_PAGE_KEYS } from "#contract/pages.ts";
import { hashPassword, generatePassword } from "#server/modules/auth/password.ts";
import { isCommonPassword } from "#server/modules/auth/password-policy.ts";
import { PASSWORD_MIN_LENGTH } from "#contract/auth.ts";
import type { Logger } from "#server/lib/logger.ts";
import type { Db } from "#server/db/database.ts";
import { isChoiceList } from "#contract/service-cards.ts";
import { withServiceChoices } from "#server/modules/pages/service-choices.operations.ts";
import { builtInPageRecords } from "./built-in-pages.ts";
import { SEED_THEMES } from "./seed-themes.ts";
import { CATALOGUE_CATEGORIES, SERVICE_CATALOGUE } from "./service-catalogue.ts";

export interface SeedOptions {
  adminEmail?: string;
  adminPassword?: string;
  logger: Logger;
  now?: Date;
}

export const DEFAULT_ADMIN_EMAIL = "admin@example.com";

/** ADMIN_PASSWORD is refused at seed, before anything is written, with the reason for the operator. */
export async function assertAdminPasswordAccepted(password: string): Promise<void> {
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    throw new Error(`ADMIN_PASSWORD needs at least ${PASSWORD_MIN_LENGTH} characters to create the first administrator (or leave it unset for a generated one)`);
  }
  if (await isCommonPassword(password)) {
    throw new Error("ADMIN_PASSWORD is in the list of common passwords; choose another to create the first administrator (or leave it unset for a generated one)");
  }
}

/** Marks an installation whose two JSON pages hold a choice of services, not typed cards (decision 031). */
const CARDS_CHOSEN = "service_cards_chosen_at";

export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  const now = (options.now ?? new Date()).toISOString();
  // Cheap check first: every start after the first ends here, without hashing a password.
  if (await db.selectFrom("app_meta").select("key").where("key", "=", "seeded_at").executeTakeFirst()) {
    await chooseTypedServiceCards(db, now, options.logger);
    return false;
  }
  const email = options.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  // The first administrator's password follows the rules a changed one does (decision 023).
  if (options.adminPassword !== undefined) await assertAdminPasswordAccepted(options.adminPassword);
  const generated = options.adminPassword ? undefined : generatePassword();
  const passwordHash = await hashPassword(options.adminPassword ?? generated!);

  const seeded = await db.transaction().execute(async (trx) => {
    const marker = await trx
      .insertInto("app_meta")
      .values({ key: "seeded_at", value: now })
      .onConflict((oc) => oc.column("key").doNothing())
      .executeTakeFirst();
    if (Number(marker.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    // The built-in pages below are made with a choice of services already.
    // A database seeded by hand (or by a test) may hold the marker already.
    await trx.insertInto("app_meta").values({ key: CARDS_CHOSEN, value: now }).onConflict((oc) => oc.column("key").doNothing()).execute();

    await trx
      .insertInto("settings")
      .values(settingKeys.map((key) => ({ key, value: defaultSettings[key], updated_at: now })))
      .execute();

    for (const theme of SEED_THEMES) {
      await trx.insertInto("themes").values({ ...theme, created_at: now, updated_at: now }).execute();
    }

    const categoryIds = new Map<string, number>();
    for (const [index, name] of CATALOGUE_CATEGORIES.entries()) {
      const row = await trx
        .insertInto("service_categories")
        .values({ name, display_order: index + 1, is_active: 1, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      categoryIds.set(name, row.id);
    }
    for (const service of SERVICE_CATALOGUE) {
      await trx
        .insertInto("service_items")
        .values({
          category_id: categoryIds.get(service.category) ?? null,
          catalogue_key: service.key,
          name: service.name,
          description: service.description,
          features: JSON.stringify(service.features),
          service_references: JSON.stringify(service.references),
          main_image: service.mainImage,
          price: null,
          price_unit: service.priceUnit,
          display_order: service.displayOrder,
          is_active: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      // Service types synced from the services page are automatic and read-only (001 §3).
      await trx
        .insertInto("service_types")
        .values({ value: service.key, label: service.name, icon: service.icon, sort_order: service.displayOrder, is_auto: 1, created_at: now, updated_at: now })
        .execute();
    }

    const pages = builtInPageRecords();
    for (const key of BUILT_IN_PAGE_KEYS) {
      await trx.insertInto("pages").values({ page_key: key, ...pages[key], is_active: 1, created_at: now, updated_at: now }).execute();
    }

    await trx
      .insertInto("admin_users")
      .values({ name: "系統管理員", email: email.toLowerCase(), password_hash: passwordHash, created_at: now, updated_at: now })
      .execute();
    return true;
  });

  if (seeded) {
    options.logger.info({ email }, "seeded a new database");
    // Printed once, on the only start that can know it; not part of any request log.
    if (generated) options.logger.warn({ email }, `first administrator ${email} created with generated password: ${generated}`);
  }
  return seeded;
}

/**
 * An installation from before decision 031 kept the services typed into the
 * home services and services pages: once, each typed card becomes a choice of
 * the service it stands for (by key or name, what it says differently kept as
 * its overrides) or a new service of 服務管理, in one transaction. The content
 * it replaces is kept as a version of the page, so nothing staff typed is lost.
 */
export async function chooseTypedServiceCards(db: Db, now: string, logger: Logger): Promise<void> {
  if (await db.selectFrom("app_meta").select("key").where("key", "=", CARDS_CHOSEN).executeTakeFirst()) return;
  const converted = await db.transaction().execute(async (trx) => {
    const marker = await trx.insertInto("app_meta").values({ key: CARDS_CHOSEN, value: now }).onConflict((oc) => oc.column("key").doNothing()).executeTakeFirst();
    if (Number(marker.numInsertedOrUpdatedRows ?? 0) === 0) return [];
    const done: string[] = [];
    for (const page of await trx.selectFrom("pages").selectAll().where("page_key", "in", ["home_services", "services_page"]).execute()) {
      let services: unknown;
      try {
        services = (JSON.parse(page.content) as { services?: unknown }).services;
      } catch {
        continue;
      }
      if (!Array.isArray(services) || isChoiceList(services)) continue;
      // The cards' keys are what the cases' types were: kept where they can be, never stopping the start.
      const { content } = await withServiceChoices(trx, page.page_key, page.content, now, "keep-own");
      const { id, page_key, title, meta_title, meta_description, meta_keywords, is_active } = page;
      await trx
        .insertInto("page_revisions")
        .values({ page_id: id, page_key, title, content: page.content, meta_title, meta_description, meta_keywords, is_active, admin_user_id: null, created_at: now })
        .execute();
      await trx.updateTable("pages").set({ content, revision: Number(page.revision) + 1 }).where("id", "=", id).execute();
      done.push(page_key);
    }
    return done;
  });
  if (converted.length > 0) logger.info({ pages: converted }, "the pages' typed service cards now choose services of the services screen");
}
