// A per-process lock by key: runs of one key go one at a time, in order, and one that fails does not stop
// the next. Creates of the same candidates take it (reconcile.ts), so a new candidate is the create's own.
const queues = new Map<string, Promise<unknown>>();

export async function serialised<T>(key: string, run: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(run);
  const tail = mine.catch(() => undefined);
  queues.set(key, tail);
  try {
    return await mine;
  } finally {
    if (queues.get(key) === tail) queues.delete(key);
  }
}
