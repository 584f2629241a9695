// What a relay closes on shutdown, after it stopped taking requests and the last one is answered.
// Parts of the relay register a closer into AppContext.closers when they open something; the
// closers run in reverse order of registration, so what was opened first (the store, which every
// later part uses) is closed last.

export interface Closer {
  name: string;
  close(): Promise<void>;
}

interface Log {
  error(obj: object, msg: string): void;
}

/** Runs every closer, last registered first; one that fails is logged and the others still run. */
export async function closeAll(closers: readonly Closer[], log: Log): Promise<boolean> {
  let clean = true;
  for (const closer of [...closers].reverse()) {
    try {
      await closer.close();
    } catch (error) {
      clean = false;
      log.error({ err: error, closer: closer.name }, 'closing failed');
    }
  }
  return clean;
}
