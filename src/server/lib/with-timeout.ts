// Bounds a promise whose API takes no AbortSignal (the LINE SDK): the caller
// stops waiting; the request itself may still finish, which is why pushes carry
// a retry key.
export function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
