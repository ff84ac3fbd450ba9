// The object-storage suites' `describe`: they need moto_server (tests/setup/moto-server.ts);
// where it is not installed they say so loudly, and with CI=true that is a failure.
import { describeNeeding } from "./describe-needing.ts";
import { motoProblem } from "./moto-server.ts";

export { makeBucket, motoProblem, s3EnvFor, startMoto, type Moto } from "./moto-server.ts";

export function describeWithMoto(name: string, suite: () => void): void {
  describeNeeding(motoProblem(), name, suite);
}
