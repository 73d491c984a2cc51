import { MONEY_ERRORS, ok, refused, type MoneyResult } from './errors.ts';

/**
 * Exact decimals as scaled integers: '19.99' at scale 2 is 1999n. Nothing here goes through binary
 * floating point: a number is read through its shortest round-trip text (String(0.1) is '0.1'), so
 * 19.99 (whose double is 19.989999…) is exactly 1999 hundredths, as the person typed it.
 */

/** A decimal as the API or a person gives it: '19.99', '-3', '1.5e3', or a JS number. */
export type DecimalInput = string | number;

/** Digits with an optional sign, point and exponent: what String(number) writes and JSON allows. */
const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** Past this many digits a value is out of any range here; refusing early keeps BigInt work small. */
const MAX_DIGITS = 40;

/**
 * Reads a decimal as an integer count of 10^-scale: ('19.99', 2) → 1999n, ('1000', 0) → 1000n,
 * ('1.5', 3) → 1500n, (0.1, 2) → 10n. Refuses what is not a number (`not_a_number`) and a value with
 * more significant decimals than `scale` (`too_many_decimals`: ('19.999', 2); '19.990' is fine).
 * A value too large to be anything (more than 40 digits) is `out_of_range`; every other bound is the
 * caller's.
 */
export function parseScaled(input: DecimalInput, scale: number): MoneyResult<bigint> {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return refused(MONEY_ERRORS.notANumber);
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
  } else {
    return refused(MONEY_ERRORS.notANumber);
  }
  const match = DECIMAL.exec(text);
  if (!match) return refused(MONEY_ERRORS.notANumber);
  const [, sign, whole = '', fraction = '', exponentText] = match;
  if (whole === '' && fraction === '') return refused(MONEY_ERRORS.notANumber);
  // '1.' and '.5' are JSON-like enough for a number but not for typed text: only digits on both sides.
  if (text.includes('.') && (whole === '' || fraction === '')) return refused(MONEY_ERRORS.notANumber);

  // value = digits × 10^-decimals
  let digits = (whole + fraction).replace(/^0+/, '');
  let decimals = fraction.length - Number(exponentText ?? 0);
  if (digits === '') return ok(0n);
  while (decimals > 0 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    decimals -= 1;
  }
  if (decimals > scale) return refused(MONEY_ERRORS.tooManyDecimals);
  if (digits.length + scale - decimals > MAX_DIGITS) return refused(MONEY_ERRORS.outOfRange);
  const magnitude = BigInt(digits) * 10n ** BigInt(scale - decimals);
  return ok(sign === '-' ? -magnitude : magnitude);
}

/** An integer count of 10^-scale as plain decimal text: (1999, 2) → '19.99', (-5, 2) → '-0.05', (1000, 0) → '1000'. */
export function formatScaled(value: bigint | number, scale: number): string {
  const integer = typeof value === 'bigint' ? value : BigInt(value);
  const negative = integer < 0n;
  const digits = (negative ? -integer : integer).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** numerator / denominator rounded to the nearest integer, halves away from zero (2.5 → 3, -2.5 → -3). */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const magnitude = (2n * n + d) / (2n * d);
  return negative ? -magnitude : magnitude;
}

/** ⌊numerator / denominator⌋ for a positive denominator (BigInt division truncates towards zero). */
export function divideFloor(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return numerator % denominator !== 0n && numerator < 0n ? quotient - 1n : quotient;
}

/**
 * Splits `total` into integer parts proportional to `weights`, exactly (Σ parts = total), by the
 * largest-remainder method: each part is its exact share rounded down, and the units left over go to
 * the largest remainders (the earlier line on a tie). Weights may have any sign; when they sum to
 * zero, `total` must be zero and every part is zero. Symmetric: allocating −total gives the negated
 * parts, so a refund's lines mirror its sale's exactly.
 */
export function allocateByWeight(total: bigint, weights: readonly bigint[]): bigint[] {
  if (total < 0n) return allocateByWeight(-total, weights).map((part) => -part);
  const sum = weights.reduce((acc, weight) => acc + weight, 0n);
  if (sum === 0n) {
    if (total !== 0n) throw new RangeError('cannot allocate a non-zero total over weights that sum to zero');
    return weights.map(() => 0n);
  }
  // total × w / sum is the same share with every sign flipped: keep the denominator positive.
  const denominator = sum < 0n ? -sum : sum;
  const parts = weights.map((weight) => {
    const numerator = total * (sum < 0n ? -weight : weight);
    const floor = divideFloor(numerator, denominator);
    return { floor, remainder: numerator - floor * denominator };
  });
  let left = total - parts.reduce((acc, part) => acc + part.floor, 0n);
  const order = parts.map((_, index) => index).sort((a, b) => {
    const diff = parts[b]!.remainder - parts[a]!.remainder;
    return diff > 0n ? 1 : diff < 0n ? -1 : a - b;
  });
  const result = parts.map((part) => part.floor);
  for (const index of order) {
    if (left <= 0n) break;
    result[index]! += 1n;
    left -= 1n;
  }
  return result;
}
