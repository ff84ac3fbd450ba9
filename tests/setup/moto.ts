// The object-storage suites' `describe`: moto_server (tests/setup/moto-server.ts)
// when it is installed; where it is not the files that use it say so loudly,
// and with CI=true that is a failure, never a quiet skip.
import { describe, it } from "vitest";
import { motoProblem } from "./moto-server.ts";

export { makeBucket, motoProblem, s3EnvFor, startMoto, type Moto } from "./moto-server.ts";

/**
 * `describe` for a suite that needs moto: the suite itself when moto is here;
 * otherwise a failing test under CI=true, or a skipped suite and a loud line.
 */
export function describeWithMoto(name: string, suite: () => void): void {
  const problem = motoProblem();
  if (!problem) {
    describe(name, suite);
    return;
  }
  if (process.env.CI === "true") {
    describe(name, () => {
      it("needs moto_server", () => {
        throw new Error(problem);
      });
    });
    return;
  }
  console.error(`\n${"!".repeat(72)}\nSKIPPED: ${name}\n  ${problem}\n${"!".repeat(72)}\n`);
  describe.skip(name, suite);
}
