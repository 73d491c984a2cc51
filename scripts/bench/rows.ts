/**
 * One figure of `npm run bench` (bench/results.json is a list of these). `met` is true or false for a
 * target, and null for a figure that has none (a floor, or one reported for reading): only targets are
 * counted in "N of M targets met".
 */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  target: string;
  met: boolean | null;
  /** Why a row failed besides its value (failed requests, an empty answer). */
  note?: string;
}

/** A figure with no target: a floor or a number reported for reading. */
export const report = (name: string, value: number, unit: string, target = 'report'): BenchRow => ({ name, value, unit, target, met: null });

/**
 * A latency target of a load run: met only when the percentile is under `bound` AND every request
 * answered 2xx in time. A failed or timed-out request fails the row (its latency counts too), and an
 * answer that must carry real work but came back empty fails it as well (`empty`).
 */
export function latencyRow(name: string, value: number, bound: number, run: { failed: number }, empty = false): BenchRow {
  const notes = [run.failed > 0 ? `${run.failed} requests failed or timed out` : '', empty ? 'empty answer: measured no work' : ''].filter(Boolean);
  return {
    name,
    value,
    unit: 'ms',
    target: `< ${bound}, every request 2xx`,
    met: value < bound && run.failed === 0 && !empty,
    ...(notes.length ? { note: notes.join('; ') } : {}),
  };
}
