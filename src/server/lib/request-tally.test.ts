import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { requestTally } from "./request-tally.ts";

describe("requestTally", () => {
  it("answers Prometheus counter and cumulative histogram series from plain counts", async () => {
    const registry = new Registry();
    const tally = requestTally(registry, { requests: "requests_total", durations: "duration_seconds" }, { requests: "answers", durations: "time" }, [0.01, 0.1]);
    tally.record("GET", "/api.php/settings", 200, 0.004);
    tally.record("GET", "/api.php/settings", 204, 0.05);
    tally.record("GET", "/api.php/settings", 200, 0.5);
    tally.record("POST", "/contact", 429, 0.002);
    const text = await registry.metrics();
    expect(text).toContain("# TYPE requests_total counter");
    expect(text).toContain('requests_total{method="GET",route="/api.php/settings",status_class="2xx"} 3');
    expect(text).toContain('requests_total{method="POST",route="/contact",status_class="4xx"} 1');
    expect(text).toContain("# TYPE duration_seconds histogram");
    expect(text).toContain('duration_seconds_bucket{method="GET",route="/api.php/settings",status_class="2xx",le="0.01"} 1');
    expect(text).toContain('duration_seconds_bucket{method="GET",route="/api.php/settings",status_class="2xx",le="0.1"} 2');
    expect(text).toContain('duration_seconds_bucket{method="GET",route="/api.php/settings",status_class="2xx",le="+Inf"} 3');
    expect(text).toContain('duration_seconds_count{method="GET",route="/api.php/settings",status_class="2xx"} 3');
    expect(text).toMatch(/duration_seconds_sum\{method="GET",route="\/api.php\/settings",status_class="2xx"\} 0\.554/);
  });
});
