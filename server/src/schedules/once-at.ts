// A Quartz expression that runs once, at one UTC second: for tests, benchmarks and the demo.
export function onceAt(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCSeconds()} ${d.getUTCMinutes()} ${d.getUTCHours()} ${d.getUTCDate()} ${d.getUTCMonth() + 1} ? ${d.getUTCFullYear()}`;
}
