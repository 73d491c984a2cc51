/** A percentage with at most two decimals (the columns are numeric(5, 2): nothing may be rounded away). */
export function hasTwoDecimalsAtMost(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-7;
}
