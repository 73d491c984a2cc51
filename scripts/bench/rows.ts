/** One figure of `npm run bench` (bench/results.json is a list of these). */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  target: string;
  met: boolean;
}
