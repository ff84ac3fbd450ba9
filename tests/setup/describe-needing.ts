// `describe` for a suite that needs a service beside the product (moto_server,
// PostgreSQL from the SQLite project): the suite itself when the service is
// here; otherwise, under CI=true, a failing test that names what is missing,
// and elsewhere a skipped suite with a loud line — never a quiet skip.
import { describe, expect, it } from "vitest";

/** `problem`: why the service cannot be used here, or null when it can. */
export function describeNeeding(problem: string | null, name: string, suite: () => void): void {
  if (!problem) {
    describe(name, suite);
    return;
  }
  if (process.env.CI === "true") {
    describe(name, () => it("needs what it tests against", () => expect.fail(problem)));
    return;
  }
  console.error(`\n${"!".repeat(72)}\nSKIPPED: ${name}\n  ${problem}\n${"!".repeat(72)}\n`);
  // Skipped because the service this suite needs is not on this machine (`problem`, printed above); under CI=true it fails instead.
  describe.skip(name, suite);
}
