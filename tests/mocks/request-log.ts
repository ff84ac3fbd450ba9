// What a fake server received, and a way to wait for a request that has not
// arrived yet (the product calls outside services asynchronously).
export class RequestLog<T> {
  readonly items: T[] = [];
  #waiters: Array<{ predicate: (item: T) => boolean; resolve: (item: T) => void }> = [];
  #service: string;

  constructor(service: string) {
    this.#service = service;
  }

  record(item: T): void {
    this.items.push(item);
    for (const waiter of [...this.#waiters]) {
      if (waiter.predicate(item)) {
        this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
        waiter.resolve(item);
      }
    }
  }

  waitFor(predicate: (item: T) => boolean, timeoutMs = 5000): Promise<T> {
    const seen = this.items.find(predicate);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const waiter = {
        predicate,
        resolve: (item: T) => {
          clearTimeout(timer);
          resolve(item);
        },
      };
      const timer = setTimeout(() => {
        this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
        reject(new Error(`fake ${this.#service}: no matching request within ${timeoutMs} ms (saw ${this.items.length})`));
      }, timeoutMs);
      this.#waiters.push(waiter);
    });
  }

  clear(): void {
    this.items.length = 0;
  }
}
