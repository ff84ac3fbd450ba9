// Ten busy years before `now`: when things happened. A growing company, so
// later years are busier (density rising from 1 to 3 across the span); times
// come sorted, so that rows inserted in order get ids that rise with their
// dates, as the lists (newest first, by date then id) expect.
import type { Random } from "./random.ts";

export const DAY_MS = 24 * 3600_000;
const YEARS = 10;

export class Timeline {
  readonly end: number;
  readonly start: number;

  constructor(now: Date) {
    this.end = now.getTime();
    this.start = this.end - Math.round(YEARS * 365.25) * DAY_MS;
  }

  /** A moment of the span, busier years more likely (inverse of the rising density's distribution). */
  moment(random: Random): number {
    // Density 1 + 2x on [0, 1]: cumulative (x + x²) / 2, so x = (-1 + sqrt(1 + 8u)) / 2.
    const x = (-1 + Math.sqrt(1 + 8 * random.next())) / 2;
    return this.start + x * (this.end - this.start);
  }

  /** `count` moments of the span, sorted, each at least a second before the end. */
  sortedMoments(random: Random, count: number): Float64Array {
    const moments = new Float64Array(count);
    for (let index = 0; index < count; index++) moments[index] = Math.min(Math.floor(this.moment(random)), this.end - 1000);
    return moments.sort();
  }

  /** A moment between `from` and the end, uniformly. */
  after(random: Random, from: number): number {
    return Math.floor(from + random.next() * Math.max(0, this.end - 1000 - from));
  }
}

export const iso = (ms: number): string => new Date(ms).toISOString();
