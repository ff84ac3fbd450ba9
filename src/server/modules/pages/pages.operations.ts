// Page records, written (002 §2.7, §7). Saving a page keeps the version it
// replaces, in the same transaction, with how it was made, and the editor can
// restore any kept version (the last 50 of each page) as a draft to publish. Every save counts a revision: an editor sends
// the one it started from and is refused (409) when someone saved since. The
// builder's autosave keeps a draft beside the published fields (the public
// page unchanged); publishing clears it. Content is normalised on the way in
// (built-page.ts: a builder tree checked, sanitised and its HTML generated). Every save registers the uploaded files the content
// points at (a service card's picture, an <img> in the about page), so cleanup and
// deletion leave them alone (decision 024); saving the services page moves the
// automatic service types with it.
import { BUILT_IN_PAGE_KEYS, LEGACY_SERVICES_PAGE_KEY, PAGE_MESSAGES, type Page } from "#contract/pages.ts";
import { newPageInputSchema, pageInputSchema } from "#contract/page-input.ts";
import type { Db } from "#server/db/database.ts";
import { cacheTags, type CacheTag } from "#server/lib/cache-tags.ts";
import { idFrom, requireById } from "#server/lib/entity-input.ts";
import { conflict, notFound } from "#server/lib/errors.ts";
import { access, adminIdOf, defineOperation, ownInput, type Actor } from "#server/lib/operations.ts";
import { uploadAddressesOfPageContent } from "#server/modules/media/file-addresses.ts";
import { noFiles, type FileReferences } from "#server/modules/media/file-references.ts";
import type { ServiceTypesOperations } from "#server/modules/service-types/service-types.operations.ts";
import { pageRevisionsRepo, pagesRepo } from "./pages.repo.ts";
import { normalizedPageContent } from "./built-page.ts";
import { withServiceChoices } from "./service-choices.operations.ts";
import { cardsOf } from "#contract/service-cards.ts";
import { activeCardSources, KEPT_REVISIONS, requirePage, toPage } from "./pages.service.ts";

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/** The files a page points at: its published content's and its autosaved draft's (cleanup must not take a picture a draft shows). */
function filesOf(page: Page): FileReferences {
  const fields = uploadAddressesOfPageContent(page.content);
  if (page.draft) {
    for (const [field, addresses] of Object.entries(uploadAddressesOfPageContent(page.draft.content))) {
      fields[`draft.${field}`] = addresses;
    }
  }
  return { owner: { type: "page", id: page.page_key }, fields };
}

const choosesServices = (pageKey: string) => pageKey === "services_page" || pageKey === "home_services";

/** A page's content changed: its own tag, the list of pages (the sitemap), and what the two JSON pages' services reach. */
const changedTags = (pageKey: string): CacheTag[] => [
  cacheTags.page(pageKey),
  cacheTags.pages,
  // A card typed without a service of 服務管理 becomes one (decision 031); a card's key given to its service
  // renames its automatic type and the cases of it (decision 044).
  ...(choosesServices(pageKey) ? [cacheTags.services, cacheTags.serviceTypes, cacheTags.cases] : []),
];

/** The stored fields a PUT's body is merged over (a client may send only 立即發布's switch); the key itself never changes. */
function mergedPage(body: unknown, page: Page): unknown {
  const { title, content, meta_title, meta_description, meta_keywords, is_active } = page;
  return isRecord(body) ? { title, content, meta_title, meta_description, meta_keywords, is_active, ...body, page_key: page.page_key } : body;
}

/** An editor that started from an older revision would overwrite someone's save: refused, in words. */
function checkRevision(page: Page, baseRevision: number | undefined) {
  if (baseRevision !== undefined && baseRevision !== page.revision) throw conflict(PAGE_MESSAGES.changedElsewhere, { base_revision: PAGE_MESSAGES.changedElsewhere });
}

export function createPagesOperations(deps: { serviceTypes: Pick<ServiceTypesOperations, "syncFromServicesPage">; clock?: () => Date }) {
  const clock = deps.clock ?? (() => new Date());
  const now = () => clock().toISOString();

  /**
   * The services page's services are the automatic service types, in the transaction that saves it;
   * saving the home page's grid may give a service its key (decision 044), so the types follow it too.
   */
  async function followServicesPage(db: Db, pageKey: string, content: string) {
    if (pageKey === "home_services") return followServicesOfServicesPage(db);
    if (pageKey !== "services_page") return;
    try {
      const parsed: unknown = JSON.parse(content);
      if (isRecord(parsed) && Array.isArray(parsed.services)) {
        // The page's cards as visitors see them: its choice of the services of 服務管理.
        const cards = cardsOf(await activeCardSources(db), parsed.services);
        await deps.serviceTypes.syncFromServicesPage(db, cards.map((card) => ({ key: card.key, title: card.title, order: card.order, icon: card.icon })));
      }
    } catch {
      // Unreadable content: checked on save; a restored old version that is unreadable leaves the types as they are.
    }
  }

  /** After a change in 服務管理: the automatic service types follow the services page as visitors now see it. */
  async function followServicesOfServicesPage(db: Db) {
    const page = await pagesRepo.findByKey(db, "services_page");
    if (page) await followServicesPage(db, "services_page", page.content);
  }

  /** The version being replaced, kept in the write's transaction with how it was made (when, by whom, by what change). */
  async function keepVersion(db: Db, page: Page, actor: Actor) {
    const origin = await pagesRepo.originOf(db, page.id);
    await pageRevisionsRepo.insert(db, {
      page_id: page.id,
      page_key: page.page_key,
      title: page.title,
      content: page.content,
      meta_title: page.meta_title,
      meta_description: page.meta_description,
      meta_keywords: page.meta_keywords,
      is_active: page.is_active,
      admin_user_id: adminIdOf(actor),
      created_at: now(),
      made_at: page.updated_at,
      made_by: origin?.changed_by ?? null,
      change_kind: origin?.change_kind ?? null,
      restored_from: origin?.restored_from ?? null,
    });
    await pageRevisionsRepo.prune(db, page.id, KEPT_REVISIONS);
  }

  /** An autosaved draft a restore is about to replace is kept as a version first: a restore never loses typing. */
  async function keepDraft(db: Db, page: Page, actor: Actor) {
    const draft = page.draft;
    if (!draft) return;
    await pageRevisionsRepo.insert(db, {
      page_id: page.id,
      page_key: page.page_key,
      title: draft.title,
      content: draft.content,
      meta_title: draft.meta_title,
      meta_description: draft.meta_description,
      meta_keywords: draft.meta_keywords,
      is_active: draft.is_active,
      admin_user_id: adminIdOf(actor),
      created_at: now(),
      made_at: page.draft_saved_at,
      made_by: null,
      change_kind: draft.restored_from ? "restore" : "autosave",
      restored_from: draft.restored_from ?? null,
    });
    await pageRevisionsRepo.prune(db, page.id, KEPT_REVISIONS);
  }

  return {
    followServicesOfServicesPage,
    create: defineOperation({
      name: "page.create",
      input: newPageInputSchema,
      access: access.administrators,
      async run({ tx, input, actor }) {
        if (await pagesRepo.findByKey(tx.db, input.page_key)) throw conflict(PAGE_MESSAGES.duplicateKey, { page_key: PAGE_MESSAGES.duplicateKey });
        const { base_revision: _base, autosave: _autosave, ...fields } = input;
        const stamp = now();
        const { content } = await withServiceChoices(tx.db, input.page_key, await normalizedPageContent(input.page_key, input.content), stamp);
        await pagesRepo.insert(tx.db, { ...fields, content, created_at: stamp, updated_at: stamp, change_kind: "create", changed_by: adminIdOf(actor) });
        await followServicesPage(tx.db, input.page_key, content);
        return requirePage(tx.db, input.page_key);
      },
      effects: {
        files: ({ result }) => filesOf(result),
        activity: ({ result }) => ({ entityType: "page", entityId: result.id, summary: `建立頁面「${result.title}」` }),
        invalidates: ({ result }) => changedTags(result.page_key),
      },
    }),

    /**
     * PUT /admin-api.php/pages/{page_key}: the version it replaces is kept and the
     * draft cleared; fields left out keep their stored values. With `autosave`
     * only the draft is written: no version, no change to the public page.
     */
    update: defineOperation({
      name: "page.update",
      input: pageInputSchema,
      load: requirePage,
      merge: mergedPage,
      access: access.administrators,
      async run({ tx, input, record, actor }) {
        checkRevision(record, input.base_revision);
        const { base_revision: _base, autosave, page_key: _key, ...fields } = input;
        const normalized = await normalizedPageContent(record.page_key, fields.content);
        // An autosave keeps the editor's work as it is; what is published chooses the services (decision 031).
        const content = autosave ? normalized : (await withServiceChoices(tx.db, record.page_key, normalized, now())).content;
        const revision = record.revision + 1;
        // A draft that began as a restored version keeps saying so until it is published or dropped.
        const restoredFrom = record.draft?.restored_from ?? null;
        if (autosave) {
          await pagesRepo.update(tx.db, record.id, { draft: JSON.stringify({ ...fields, content, restored_from: restoredFrom }), draft_saved_at: now(), revision });
          return requirePage(tx.db, record.page_key);
        }
        await keepVersion(tx.db, record, actor);
        const origin = { change_kind: restoredFrom ? "restore" : "save", changed_by: adminIdOf(actor), restored_from: restoredFrom };
        await pagesRepo.update(tx.db, record.id, { ...fields, content, draft: null, draft_saved_at: null, revision, updated_at: now(), ...origin });
        await followServicesPage(tx.db, record.page_key, content);
        return requirePage(tx.db, record.page_key);
      },
      effects: {
        files: ({ result }) => filesOf(result),
        // An autosave is not news for the activity log nor the public pages: only the draft changed.
        activity: ({ result, input }) => (input.autosave ? [] : { entityType: "page", entityId: result.id, summary: `更新頁面「${result.title}」` }),
        invalidates: ({ result, input }) => (input.autosave ? [] : changedTags(result.page_key)),
      },
    }),

    /**
     * POST /admin-api.php/pages/{page_key}/unpublish (下架, decision 042): the page leaves the public
     * site; its content, and an autosaved draft with it, stays for a later 發布 (the draft no
     * longer says 立即發布). The version it replaces is kept. The spec's PUT with `is_active: 0`
     * does the same for its clients.
     */
    unpublish: defineOperation({
      name: "page.unpublish",
      load: requirePage,
      access: access.administrators,
      async run({ tx, record, actor }) {
        if (!record.is_active) throw conflict(PAGE_MESSAGES.notPublished);
        await keepVersion(tx.db, record, actor);
        const draft = record.draft ? JSON.stringify({ ...record.draft, is_active: 0 }) : null;
        await pagesRepo.update(tx.db, record.id, { is_active: 0, draft, revision: record.revision + 1, updated_at: now(), change_kind: "save", changed_by: adminIdOf(actor), restored_from: null });
        return requirePage(tx.db, record.page_key);
      },
      effects: {
        files: ({ result }) => filesOf(result),
        activity: ({ result }) => ({ entityType: "page", entityId: result.id, summary: `下架頁面「${result.title}」` }),
        invalidates: ({ result }) => changedTags(result.page_key),
      },
    }),

    /** DELETE /admin-api.php/pages/{page_key}/draft: the autosaved draft dropped; the editor goes back to the published page. */
    discardDraft: defineOperation({
      name: "page.discardDraft",
      load: requirePage,
      access: access.administrators,
      async run({ tx, record }) {
        await pagesRepo.update(tx.db, record.id, { draft: null, draft_saved_at: null, revision: record.revision + 1 });
        return requirePage(tx.db, record.page_key);
      },
      effects: {
        files: ({ result }) => filesOf(result),
      },
    }),

    /** DELETE /admin-api.php/pages/{id}: the legacy services record's clean-up, and free pages. */
    remove: defineOperation({
      name: "page.delete",
      async load(db, id) {
        const row = await requireById(id, (found) => pagesRepo.findById(db, found), PAGE_MESSAGES.notFound);
        return toPage(row);
      },
      access: access.administrators,
      async run({ tx, record }) {
        if ((BUILT_IN_PAGE_KEYS as readonly string[]).includes(record.page_key)) throw conflict("內建頁面不能刪除，可以改為草稿");
        await pageRevisionsRepo.deleteFor(tx.db, record.id);
        await pagesRepo.delete(tx.db, record.id);
      },
      effects: {
        files: ({ record }) => noFiles({ type: "page", id: record.page_key }),
        activity: ({ record }) => ({
          entityType: "page",
          entityId: record.id,
          summary: record.page_key === LEGACY_SERVICES_PAGE_KEY ? "移除舊版服務頁面" : `刪除頁面「${record.title}」`,
        }),
        invalidates: ({ record }) => changedTags(record.page_key),
      },
    }),

    /**
     * Puts an earlier version back as the page's draft (decision 032): the public page is
     * unchanged until staff publish it from the editor; an autosaved draft it replaces is
     * kept as a version first.
     */
    restore: defineOperation({
      name: "page.restore",
      input: ownInput<{ revision_id: unknown }>(),
      load: requirePage,
      access: access.administrators,
      async run({ tx, input, record, actor }) {
        const revisionId = idFrom(input.revision_id);
        const revision = revisionId === null ? undefined : await pageRevisionsRepo.find(tx.db, record.id, revisionId);
        if (!revision) throw notFound(PAGE_MESSAGES.revisionNotFound);
        await keepDraft(tx.db, record, actor);
        const { title, content, meta_title, meta_description, meta_keywords, is_active } = revision;
        // Versions kept before their making was recorded are named by when they were replaced.
        const restoredFrom = revision.made_at ?? revision.created_at;
        const draft = { title, content, meta_title, meta_description, meta_keywords, is_active: Number(is_active), restored_from: restoredFrom };
        await pagesRepo.update(tx.db, record.id, { draft: JSON.stringify(draft), draft_saved_at: now(), revision: record.revision + 1 });
        return requirePage(tx.db, record.page_key);
      },
      effects: {
        files: ({ result }) => filesOf(result),
        activity: ({ result }) => ({ entityType: "page", entityId: result.id, summary: `將頁面「${result.title}」較早的版本還原為草稿` }),
      },
    }),
  };
}

export type PagesOperations = ReturnType<typeof createPagesOperations>;
