// The one shape every drag-to-reorder list saves with: PUT …/reorder with the
// full list of ids in their new order (first shown first), applied in one
// transaction. Banners use it now; cases, categories, service items, photo
// groups and gallery images reuse it.
import { z } from "zod";

const idSchema = z.coerce
  .number({ error: "排序清單只能包含項目編號" })
  .int("排序清單只能包含項目編號")
  .positive("排序清單只能包含項目編號")
  .max(2_147_483_647, "排序清單只能包含項目編號");

export const reorderSchema = z.object({
  ids: z
    .array(idSchema, { error: "請提供完整的排序清單" })
    .min(1, "請提供完整的排序清單")
    .max(1000, "排序清單項目過多")
    .refine((ids) => new Set(ids).size === ids.length, "排序清單不能有重複的項目"),
});

export type ReorderInput = z.infer<typeof reorderSchema>;
