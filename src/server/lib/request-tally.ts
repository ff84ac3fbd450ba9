// Requests answered and their durations, by method, route pattern and status
// class, counted with plain numbers when each answer goes out and turned into
// Prometheus series only when /metrics is scraped. prom-client's own inc() and
// observe() check and hash their labels on every call, a measurable share of a
// cached answer's cost (decision 046).
import type { Registry } from "prom-client";

type Labels = { method: string; route: string; status_class: string };

interface Series {
  labels: Labels;
  count: number;
  sum: number;
  /** Answers per bucket, not cumulative; the last one is +Inf. */
  perBucket: number[];
}

interface MetricValue {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

export interface RequestTally {
  record(method: string, route: string, statusCode: number, seconds: number): void;
}

export function requestTally(registry: Registry, names: { requests: string; durations: string }, help: { requests: string; durations: string }, buckets: readonly number[]): RequestTally {
  const series = new Map<string, Series>();

  registry.registerMetric({
    name: names.requests,
    help: help.requests,
    type: "counter",
    get: async () => ({
      name: names.requests,
      help: help.requests,
      type: "counter",
      aggregator: "sum",
      values: [...series.values()].map(({ labels, count }): MetricValue => ({ labels, value: count })),
    }),
  } as unknown as Parameters<Registry["registerMetric"]>[0]);

  registry.registerMetric({
    name: names.durations,
    help: help.durations,
    type: "histogram",
    get: async () => ({
      name: names.durations,
      help: help.durations,
      type: "histogram",
      aggregator: "sum",
      values: [...series.values()].flatMap(({ labels, count, sum, perBucket }): MetricValue[] => {
        let cumulative = 0;
        const bucketValues = [...buckets, "+Inf" as const].map((le, index): MetricValue => {
          cumulative += perBucket[index]!;
          return { labels: { ...labels, le }, value: cumulative, metricName: `${names.durations}_bucket` };
        });
        return [...bucketValues, { labels, value: sum, metricName: `${names.durations}_sum` }, { labels, value: count, metricName: `${names.durations}_count` }];
      }),
    }),
  } as unknown as Parameters<Registry["registerMetric"]>[0]);

  return {
    record(method, route, statusCode, seconds) {
      const statusClass = `${Math.floor(statusCode / 100)}xx`;
      const key = `${method} ${statusClass} ${route}`;
      let entry = series.get(key);
      if (!entry) {
        entry = { labels: { method, route, status_class: statusClass }, count: 0, sum: 0, perBucket: new Array<number>(buckets.length + 1).fill(0) };
        series.set(key, entry);
      }
      entry.count += 1;
      entry.sum += seconds;
      let index = 0;
      while (index < buckets.length && seconds > buckets[index]!) index += 1;
      entry.perBucket[index]! += 1;
    },
  };
}
