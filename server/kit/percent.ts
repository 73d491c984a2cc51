import { MONEY_ERRORS, parsePercentage } from '../../common/money/index.ts';

/**
 * A percentage with at most two decimals (the columns are numeric(5, 2): nothing may be rounded
 * away), read exactly as the money module reads every percentage (common/money: from its decimal
 * text, never through float arithmetic). The range (0 to 100) is the contract's to check.
 */
export function hasTwoDecimalsAtMost(value: number): boolean {
  const parsed = parsePercentage(value);
  return parsed.ok || parsed.code === MONEY_ERRORS.outOfRange;
}
