// The volume seeder's only source of chance: a small seeded generator
// (mulberry32), so that the same seed and scale give the same content. Each
// domain draws from its own stream (`fork`), so changing how many rows one
// table gets does not change what another holds.

/** A 32-bit hash of a text (FNV-1a), to derive a stream's seed from its name. */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export class Random {
  #state: number;
  readonly seed: number;

  constructor(seed: number) {
    this.seed = seed >>> 0;
    this.#state = this.seed;
  }

  /** An independent stream for one purpose, the same for the same seed and name. */
  fork(name: string | number): Random {
    return new Random(hash32(`${this.seed}:${name}`));
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of the entries, each as likely as its weight. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let point = this.next() * total;
    for (const [value, weight] of entries) {
      point -= weight;
      if (point < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /** `count` different items (fewer when there are not that many), in a random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const taken: T[] = [];
    while (taken.length < count && pool.length > 0) taken.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!);
    return taken;
  }

  /** Lower-case hexadecimal digits. */
  hex(length: number): string {
    let text = "";
    while (text.length < length) text += Math.floor(this.next() * 0x10000).toString(16).padStart(4, "0");
    return text.slice(0, length);
  }

  /** Decimal digits (the first one not 0). */
  digits(length: number): string {
    let text = String(this.int(1, 9));
    while (text.length < length) text += String(this.int(0, 9));
    return text;
  }

  /** A positive number with a long tail (log-normal): view counts, message counts. */
  logNormal(median: number, spread: number): number {
    const u = Math.max(this.next(), 1e-12);
    const v = this.next();
    const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return median * Math.exp(spread * normal);
  }
}
