// A theme preview's address (decision 030): the home page rendered with a
// theme that is not active, for the back office's preview frame. A frame cannot
// send the back office's bearer token, so an administrator asks the API for a
// ticket and the frame carries it in the address. The ticket names the theme,
// the session that asked and when it expires, signed with that session's stored
// token hash: the server checks it against the database (right with several
// instances, no secret to configure), a visitor cannot make one, and signing out
// ends every ticket of the session at once.
import { createHmac, timingSafeEqual } from "node:crypto";
import { THEME_PREVIEW_PARAM, type Theme, type ThemePreviewLink } from "#contract/theme.ts";
import type { ReadDb } from "#server/db/database.ts";
import { authRepo } from "#server/modules/auth/auth.repo.ts";
import type { AdminIdentity } from "#server/modules/auth/tokens.service.ts";

/** Long enough to look around and confirm; the screen asks for a fresh one each time it opens the preview. */
export const PREVIEW_TICKET_MS = 15 * 60 * 1000;

const sign = (key: string, body: string) => createHmac("sha256", key).update(body).digest("base64url");

export interface ThemePreviewDeps {
  db: ReadDb;
  /** A theme by the id an address names; 404 when there is none. */
  requireTheme(db: ReadDb, id: unknown): Promise<Theme>;
  /** A theme by id, or undefined. */
  findTheme(db: ReadDb, id: number): Promise<Theme | undefined>;
  clock?: () => Date;
}

export function createThemePreview(deps: ThemePreviewDeps) {
  const { db, requireTheme, findTheme } = deps;
  const clock = deps.clock ?? (() => new Date());

  return {
    /** GET /api.php/themes/{id}/preview: the home page's address showing this theme. */
    async link(themeId: unknown, admin: AdminIdentity): Promise<ThemePreviewLink> {
      const theme = await requireTheme(db, themeId);
      const key = await authRepo.tokenHashById(db, admin.tokenId);
      // The session was checked by the access hook a moment ago; gone since: signed out meanwhile.
      if (!key) throw new Error("the session that asked for a theme preview no longer exists");
      const expires = clock().getTime() + PREVIEW_TICKET_MS;
      const body = `${theme.id}.${admin.tokenId}.${expires}`;
      return { url: `/?${THEME_PREVIEW_PARAM}=${body}.${sign(key, body)}`, expires_at: new Date(expires).toISOString() };
    },

    /** The theme a ticket shows, or null for anything not a valid, unexpired ticket of a live session. */
    async theme(ticket: string): Promise<Theme | null> {
      const match = /^(\d{1,9})\.(\d{1,12})\.(\d{13})\.([\w-]{43})$/.exec(ticket);
      if (!match) return null;
      const [, themeId, tokenId, expires, mac] = match as unknown as [string, string, string, string, string];
      const now = clock().getTime();
      if (Number(expires) <= now || Number(expires) > now + PREVIEW_TICKET_MS) return null;
      const key = await authRepo.tokenHashById(db, Number(tokenId));
      if (!key) return null;
      const expected = Buffer.from(sign(key, `${themeId}.${tokenId}.${expires}`));
      if (!timingSafeEqual(expected, Buffer.from(mac))) return null;
      return (await findTheme(db, Number(themeId))) ?? null;
    },
  };
}

export type ThemePreview = ReturnType<typeof createThemePreview>;
