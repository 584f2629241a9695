// The widget's reactive core: signal, computed, effect and batch, with the semantics the widget
// relies on (the subset of @preact/signals-core's it used): an effect runs at once, tracks the
// signals it reads on each run (dynamically), and runs again synchronously after a change, once
// per batch however many of its signals changed; `peek()` reads without tracking; an effect's
// returned function runs before its next run and on dispose. Why not the library: the main script
// must stay within the 25 KB budget, and the library's general machinery (lazy computed graphs,
// versioned nodes, devtools hooks) cost ~1.5 KB gzip of it for the dozen effects of a card form.

/** A running effect: what it read on its last run, so a change re-runs it and a dispose unhooks it. */
interface Run {
  readonly deps: Set<Signal<unknown>>;
  run(): void;
}

let active: Run | null = null;
let depth = 0;
const queue = new Set<Run>();

/** Runs queued effects unless inside a batch or an effect; effects queued meanwhile run too. */
function flush(): void {
  if (depth) return;
  depth++;
  try {
    for (const r of queue) {
      queue.delete(r);
      r.run();
    }
  } finally {
    depth--;
  }
}

export interface ReadonlySignal<T> {
  readonly value: T;
  peek(): T;
}

export class Signal<T> implements ReadonlySignal<T> {
  private readonly subs = new Set<Run>();
  constructor(private v: T) {}

  get value(): T {
    if (active) {
      this.subs.add(active);
      active.deps.add(this as Signal<unknown>);
    }
    return this.v;
  }

  set value(next: T) {
    if (Object.is(next, this.v)) return;
    this.v = next;
    for (const r of this.subs) queue.add(r);
    flush();
  }

  peek(): T {
    return this.v;
  }

  /** @internal An effect stops depending on this signal. */
  drop(r: Run): void {
    this.subs.delete(r);
  }
}

export function signal<T>(value: T): Signal<T> {
  return new Signal(value);
}

/** A value derived from signals, recomputed on each read (the widget's are one-liners). */
export function computed<T>(fn: () => T): ReadonlySignal<T> {
  return {
    get value() {
      return fn();
    },
    peek: () => untracked(fn),
  };
}

function untracked<T>(fn: () => T): T {
  const outer = active;
  active = null;
  try {
    return fn();
  } finally {
    active = outer;
  }
}

/** Runs `fn` now and after every change of what it read; returns its dispose. */
export function effect(fn: () => unknown): () => void {
  let cleanup: unknown;
  let disposed = false;
  const unhook = () => {
    for (const s of r.deps) s.drop(r);
    r.deps.clear();
    if (typeof cleanup === 'function') untracked(cleanup as () => void);
    cleanup = undefined;
  };
  const r: Run = {
    deps: new Set(),
    run() {
      if (disposed) return;
      unhook();
      const outer = active;
      active = r;
      try {
        cleanup = fn();
      } finally {
        active = outer;
      }
    },
  };
  batch(() => r.run());
  return () => {
    disposed = true;
    queue.delete(r);
    unhook();
  };
}

/** Changes inside `fn` re-run each affected effect once, when the outermost batch ends. */
export function batch<T>(fn: () => T): T {
  depth++;
  try {
    return fn();
  } finally {
    depth--;
    flush();
  }
}
