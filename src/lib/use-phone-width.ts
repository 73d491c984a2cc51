import { useMediaQuery } from '@mantine/hooks';

/** A phone's width (Mantine's `xs` breakpoint, 36em = 576 px), where controls side by side no longer fit. */
const PHONE_QUERY = '(max-width: 36em)';

/**
 * True on a phone's width: a screen stacks what stands side by side elsewhere. Read in the first render
 * (no server rendering here), so a phone never draws the wide layout first and then swaps it.
 */
export function usePhoneWidth(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
