// Each relay process's resident memory, sampled from /proc/PID/status every few seconds, per
// process (a restarted relay is a new process with a new series).

import { rssKiB, type Relay } from './relays.js';

export interface RssSample {
  relay: string;
  pid: number;
  at: number;
  kib: number;
}

export function sampleMemory(relays: readonly Relay[], everyMs: number): { samples: RssSample[]; stop(): void } {
  const samples: RssSample[] = [];
  const timer = setInterval(() => {
    for (const relay of relays) {
      const pid = relay.pid();
      if (pid === undefined) continue;
      void rssKiB(pid).then((kib) => {
        if (kib !== undefined) samples.push({ relay: relay.id, pid, at: Date.now(), kib });
      });
    }
  }, everyMs);
  return { samples, stop: () => clearInterval(timer) };
}
