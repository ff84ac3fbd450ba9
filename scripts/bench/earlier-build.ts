// The A/B step's other side: an earlier commit's files (git archive, so the
// repository's own worktrees are untouched) in a folder of the temp directory,
// built once with this checkout's node_modules and kept there for the next run
// against the same commit (decision 046).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface EarlierBuild {
  /** The full commit id. */
  commit: string;
  /** The folder holding its files and its build (a checkout for startServer). */
  checkout: string;
}

function git(args: string[]): string {
  const result = spawnSync("git", args, { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`git ${args.join(" ")} failed: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

export function earlierBuild(name: string): EarlierBuild {
  const commit = spawnSync("git", ["rev-parse", "--verify", "--quiet", `${name}^{commit}`], { encoding: "utf8" }).stdout.trim();
  if (!commit) throw new Error(`${name} is not a commit of this repository`);
  const checkout = path.join(tmpdir(), `bench-ab-${commit.slice(0, 12)}`);
  if (existsSync(path.join(checkout, "build", "app", "main.js"))) return { commit, checkout };

  rmSync(checkout, { recursive: true, force: true });
  mkdirSync(checkout, { recursive: true });
  const archive = `${checkout}.tar`;
  git(["archive", "--format=tar", "-o", archive, commit]);
  const unpacked = spawnSync("tar", ["-xf", archive, "-C", checkout], { stdio: "inherit" });
  rmSync(archive, { force: true });
  if (unpacked.status !== 0) throw new Error(`unpacking ${commit.slice(0, 7)} failed`);
  // Today's packages: an earlier commit that needs others than these cannot be built here.
  symlinkSync(path.resolve("node_modules"), path.join(checkout, "node_modules"), "dir");
  console.log(`Building ${commit.slice(0, 7)} in ${checkout} (once; kept for the next A/B against it)…`);
  const built = spawnSync("npm", ["run", "-s", "build"], { cwd: checkout, stdio: "inherit" });
  if (built.status !== 0) {
    rmSync(checkout, { recursive: true, force: true });
    throw new Error(`building ${commit.slice(0, 7)} failed (with this checkout's node_modules)`);
  }
  return { commit, checkout };
}
