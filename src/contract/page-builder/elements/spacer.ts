// A spacer element: empty room of a height, hidden from screen readers.
import { z } from "zod";
import { nodeId, wholeNumber } from "../element-fields.ts";
import { defineElementKind } from "../element-kind.ts";

export const SPACER_HEIGHT = { min: 8, max: 400 } as const;

export const spacerElementSchema = z.object({
  id: nodeId,
  type: z.literal("spacer"),
  height: wholeNumber("間距", SPACER_HEIGHT.min, SPACER_HEIGHT.max),
});

export const spacerElement = defineElementKind({
  type: "spacer",
  label: "間距",
  schema: spacerElementSchema,
  view: (element) => `<div class="pb-spacer" style="height:${element.height}px" aria-hidden="true"></div>`,
});
