// What staff type about a file in the media library, apart from media.ts so that
// the public pages' code, which reads media.ts, never loads zod (docs/architecture.md).
import { z } from "zod";

/** PUT /admin-api.php/media/{id}: a picture's description for people who cannot see it (and what a restore holds it to). */
export const mediaAltSchema = z.object({ alt_text: z.string({ error: "替代文字必須是文字" }).trim().max(300, "替代文字不能超過 300 個字元") });
