import { MONEY_ERRORS, parsePercentage } from '../../common/money/index.ts';

/**
 * A percentage with at most three decimals (New York City's 8.875 %; the columns are numeric(6, 3):
 * nothing may be rounded away), read exactly as the money module reads every percentage
 * (common/money: from its decimal text, never through float arithmetic). The range (0 to 100) is the
 * contract's to check.
 */
export function hasThreeDecimalsAtMost(value: number): boolean {
  const parsed = parsePercentage(value);
  return parsed.ok || parsed.code === MONEY_ERRORS.outOfRange;
}

/** The 422 `too_precise` message for a percentage with a fourth decimal. */
export const TOO_PRECISE_PERCENTAGE = 'Use at most three decimals.';
