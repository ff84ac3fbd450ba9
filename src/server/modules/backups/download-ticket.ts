// A backup's download link: the back office signs in with bearer tokens, which
// a link the browser follows cannot carry, and an archive can be gigabytes,
// far too much to fetch into the page first. So an administrator asks for a
// ticket and the browser downloads the address itself. Signed as a theme
// preview's ticket is (themes/theme-preview.ts, decision 030): the ticket
// names the archive, the session that asked and when it expires, with an HMAC
// keyed by that session's stored token hash. Every instance checks it against
// the database, there is no secret to configure, a visitor cannot make one,
// and signing out ends it. That it works once is the operation's part
// (backups.operations.ts: its signature counted in the shared rate_counters).
import { createHmac, timingSafeEqual } from "node:crypto";
import type { ReadDb } from "#server/db/database.ts";
import { authRepo } from "#server/modules/auth/auth.repo.ts";
import type { AdminIdentity } from "#server/modules/auth/tokens.service.ts";

/** Enough for the browser to start the download the screen asked for; the screen asks for a fresh one each time. */
export const DOWNLOAD_TICKET_MS = 60_000;

/** A ticket that checked out: its signature (what is counted, to use it once) and when it expires. */
export interface CheckedTicket {
  mac: string;
  expiresAt: Date;
}

// The prefix keeps a ticket for one purpose from passing for another signed with the same session's key.
const sign = (key: string, name: string, tokenId: number | string, expires: number | string) =>
  createHmac("sha256", key).update(`backup-download/${name}/${tokenId}.${expires}`).digest("base64url");

export function createDownloadTickets(deps: { db: ReadDb; clock: () => Date }) {
  const { db, clock } = deps;

  return {
    /** A ticket for this archive, from the session that asks. */
    async issue(name: string, admin: AdminIdentity): Promise<{ ticket: string; expiresAt: Date }> {
      const key = await authRepo.tokenHashById(db, admin.tokenId);
      // The session was checked by the access hook a moment ago; gone since: signed out meanwhile.
      if (!key) throw new Error("the session that asked for a backup's download link no longer exists");
      const expires = clock().getTime() + DOWNLOAD_TICKET_MS;
      return { ticket: `${admin.tokenId}.${expires}.${sign(key, name, admin.tokenId, expires)}`, expiresAt: new Date(expires) };
    },

    /** The ticket, when it is this archive's, unexpired, and signed by a live session; else null. */
    async check(name: string, ticket: string): Promise<CheckedTicket | null> {
      const match = /^(\d{1,12})\.(\d{13})\.([\w-]{43})$/.exec(ticket);
      if (!match) return null;
      const [, tokenId, expires, mac] = match as unknown as [string, string, string, string];
      const now = clock().getTime();
      if (Number(expires) <= now || Number(expires) > now + DOWNLOAD_TICKET_MS) return null;
      const key = await authRepo.tokenHashById(db, Number(tokenId));
      if (!key) return null;
      if (!timingSafeEqual(Buffer.from(sign(key, name, tokenId, expires)), Buffer.from(mac))) return null;
      return { mac, expiresAt: new Date(Number(expires)) };
    },
  };
}
