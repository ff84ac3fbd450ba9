// Cleaning cases, written (001 §2, §4, §5, §7). A case and its photo groups are
// written together, with the files they show kept referenced (a picture in use
// cannot be deleted) and the activity entry, in one transaction.
import { PORTFOLIO_MESSAGES, normalisePhotoGroups, portfolioInputSchema, type PhotoGroup } from "#contract/portfolios.ts";
import { reorderSchema } from "#contract/reorder.ts";
import type { Db } from "#server/db/database.ts";
import { applyOrder } from "#server/lib/apply-order.ts";
import { cacheTags } from "#server/lib/cache-tags.ts";
import { mergedWith } from "#server/lib/entity-input.ts";
import { badRequest } from "#server/lib/errors.ts";
import { access, defineOperation } from "#server/lib/operations.ts";
import { noFiles, type FileReferences } from "#server/modules/media/file-references.ts";
import { serviceTypesRepo } from "#server/modules/service-types/service-types.repo.ts";
import { photoGroupsRepo, portfoliosRepo } from "./portfolios.repo.ts";
import { requirePortfolio } from "./portfolios.service.ts";

const TAGS = [cacheTags.cases];
const ownerOf = (id: number) => ({ type: "portfolio", id: String(id) }) as const;

/** Every file a case shows as saved, by field, for the media library's usage list. */
const filesOf = (id: number, input: Pick<PortfolioInput, "images" | "photo_groups">): FileReferences => {
  const groups = normalisePhotoGroups(input.photo_groups);
  return {
    owner: ownerOf(id),
    fields: {
      images: input.images,
      before_image: groups.map((group) => group.before_image),
      after_image: groups.map((group) => group.after_image),
      single_images: groups.flatMap((group) => group.single_images),
    },
  };
};

const loadPortfolio = (db: Db, id: unknown) => requirePortfolio(db, id);

type PortfolioInput = ReturnType<typeof portfolioInputSchema.parse>;

function columnsOf(input: PortfolioInput) {
  return {
    title: input.title,
    description: input.description,
    client: input.client,
    category: input.category,
    technologies: JSON.stringify(input.technologies),
    images: JSON.stringify(input.images.filter(Boolean)),
    completed_at: input.completed_at,
    featured: input.featured ? 1 : 0,
    status: input.status,
  } as const;
}

async function checkServiceType(db: Db, value: string) {
  if (!(await serviceTypesRepo.findByValue(db, value))) throw badRequest(PORTFOLIO_MESSAGES.unknownServiceType, { category: PORTFOLIO_MESSAGES.unknownServiceType });
}

/** The case's groups as sent: those with one of its ids are updated, new ones added, the rest removed. */
async function saveGroups(db: Db, portfolioId: number, groups: PhotoGroup[]) {
  const stored = new Set((await photoGroupsRepo.listFor(db, [portfolioId])).map((row) => row.id));
  const kept = new Set<number>();
  for (const group of groups) {
    const columns = {
      title: group.title,
      description: group.description,
      before_image: group.before_image,
      after_image: group.after_image,
      single_images: JSON.stringify(group.single_images),
      display_order: group.display_order,
      comparison_enabled: group.comparison_enabled ? 1 : 0,
    } as const;
    if (group.id !== null && stored.has(group.id) && !kept.has(group.id)) {
      await photoGroupsRepo.update(db, group.id, portfolioId, columns);
      kept.add(group.id);
    } else {
      await photoGroupsRepo.insert(db, { ...columns, portfolio_id: portfolioId });
    }
  }
  await photoGroupsRepo.deleteFor(db, portfolioId, [...stored].filter((id) => !kept.has(id)));
}

export function createPortfoliosOperations(deps: { clock?: () => Date } = {}) {
  const clock = deps.clock ?? (() => new Date());
  const now = () => clock().toISOString();

  return {
    create: defineOperation({
      name: "portfolio.create",
      input: portfolioInputSchema,
      access: access.administrators,
      async run({ tx, input }) {
        const groups = normalisePhotoGroups(input.photo_groups).map((group) => ({ ...group, id: null }));
        await checkServiceType(tx.db, input.category);
        const stamp = now();
        const id = await portfoliosRepo.insert(tx.db, { ...columnsOf(input), created_at: stamp, updated_at: stamp });
        await saveGroups(tx.db, id, groups);
        return requirePortfolio(tx.db, id);
      },
      effects: {
        files: ({ input, result }) => filesOf(result.id, input),
        activity: ({ result }) => ({ entityType: "portfolio", entityId: result.id, summary: `新增案例「${result.title}」` }),
        invalidates: TAGS,
      },
    }),

    update: defineOperation({
      name: "portfolio.update",
      input: portfolioInputSchema,
      load: loadPortfolio,
      merge: (body, { id: _id, created_at: _created, updated_at: _updated, category_label: _label, before_images: _before, after_images: _after, ...stored }) =>
        mergedWith(stored, body),
      access: access.administrators,
      async run({ tx, input, record }) {
        await checkServiceType(tx.db, input.category);
        await portfoliosRepo.update(tx.db, record.id, { ...columnsOf(input), updated_at: now() });
        await saveGroups(tx.db, record.id, normalisePhotoGroups(input.photo_groups));
        return requirePortfolio(tx.db, record.id);
      },
      effects: {
        files: ({ input, result }) => filesOf(result.id, input),
        activity: ({ result }) => ({ entityType: "portfolio", entityId: result.id, summary: `更新案例「${result.title}」` }),
        invalidates: TAGS,
      },
    }),

    /** Deletes the case with its groups; their pictures are free for the media library to clean up. */
    remove: defineOperation({
      name: "portfolio.delete",
      load: loadPortfolio,
      access: access.administrators,
      async run({ tx, record }) {
        await photoGroupsRepo.deleteAllFor(tx.db, record.id);
        await portfoliosRepo.delete(tx.db, record.id);
      },
      effects: {
        files: ({ record }) => noFiles(ownerOf(record.id)),
        activity: ({ record }) => ({ entityType: "portfolio", entityId: record.id, summary: `刪除案例「${record.title}」` }),
        invalidates: TAGS,
      },
    }),

    /** PUT /admin-api.php/portfolios/{id}/photo-groups/reorder: the case's groups in their new order, one request. */
    reorderGroups: defineOperation({
      name: "portfolio.reorder-groups",
      input: reorderSchema,
      load: loadPortfolio,
      access: access.administrators,
      async run({ tx, input, record }) {
        await applyOrder(
          {
            ids: async () => (await photoGroupsRepo.listFor(tx.db, [record.id])).map((row) => row.id),
            setPosition: (groupId, position) => photoGroupsRepo.update(tx.db, groupId, record.id, { display_order: position }),
          },
          input.ids,
          PORTFOLIO_MESSAGES.staleOrder,
        );
        return requirePortfolio(tx.db, record.id);
      },
      effects: {
        activity: ({ record }) => ({ entityType: "portfolio", entityId: record.id, summary: `調整案例「${record.title}」的照片組順序` }),
        invalidates: TAGS,
      },
    }),
  };
}

export type PortfoliosOperations = ReturnType<typeof createPortfoliosOperations>;
