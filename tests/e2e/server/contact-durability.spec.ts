// An acknowledged contact message survives the process dying the next instant
// (issue 11): the production server takes 200 messages sent at once and is
// killed (SIGKILL, no goodbye) when half of them have been answered; started
// again on the same data, it lists every message a visitor was told was sent,
// each exactly once.
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "#scripts/bench/server.ts";
import { startProductionProcess, type ProductionProcess } from "#tests/e2e/support/production-process.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "contact-durability-"));
const ADMIN = { email: "durability@test.example", password: "durable-password-42" };
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(port: number): Promise<ProductionProcess> {
  const server = await startProductionProcess({ port, env: { DATA_DIR: dataDir, DATABASE_URL: "", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
  children.push(server.child);
  return server;
}

describe("contact messages and a crash", () => {
  it("every acknowledged message of 200 sent at once is listed once after a SIGKILL half way and a restart", async () => {
    const port = await freePort();
    const first = await startServer(port);
    const TOTAL = 200;
    const acknowledged = new Set<string>();
    let killed = false;
    const sends = Array.from({ length: TOTAL }, async (_, i) => {
      const marker = `durability-${i}`;
      try {
        const res = await fetch(`${first.baseUrl}/api.php/contact`, {
          method: "POST",
          // One sender address each: the per-address limit is not what this tests.
          headers: { "content-type": "application/json", "x-forwarded-for": `10.9.${i >> 8}.${(i & 255) + 1}` },
          body: JSON.stringify({ name: `訪客 ${i}`, email: `visitor${i}@example.com`, message: marker }),
        });
        const body = await res.json();
        if (res.status === 200 && body.success === true) acknowledged.add(marker);
      } catch {
        // Cut off by the kill: never acknowledged, so the visitor knows it was not sent.
      }
      if (!killed && acknowledged.size >= TOTAL / 2) {
        killed = true;
        first.child.kill("SIGKILL");
      }
    });
    await Promise.all(sends);
    await first.exited;
    expect(killed).toBe(true);
    expect(acknowledged.size).toBeGreaterThanOrEqual(TOTAL / 2);
    // The kill cut some off: the test is about a real crash, not a clean end.
    expect(acknowledged.size).toBeLessThan(TOTAL);

    const second = await startServer(port);
    const again = await fetch(`${second.baseUrl}/admin-login.php`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(ADMIN) }).then((res) => res.json());
    const headers = { authorization: `Bearer ${again.data.token as string}` };
    const listed: string[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await fetch(`${second.baseUrl}/admin-api.php/contacts?page=${page}&limit=100`, { headers }).then((res) => res.json());
      listed.push(...(answer.data.contacts as Array<{ message: string }>).map((contact) => contact.message));
      if (page >= answer.data.pagination.total_pages) break;
    }
    for (const marker of acknowledged) expect(listed.filter((message) => message === marker)).toHaveLength(1);
    // Nothing twice, nothing invented.
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.every((message) => message.startsWith("durability-"))).toBe(true);

    second.child.kill("SIGTERM");
    await second.exited;
  });
});
