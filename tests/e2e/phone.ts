import type { Page } from '@playwright/test';

/**
 * What scrolls sideways on the page as it is now (issue 18, "tried on a phone too"): the page itself
 * ("page +N px"), and any element inside `within` that scrolls sideways in its box (a table, a row of
 * buttons wider than the phone), named by its first class. Empty when nothing does.
 */
export async function sidewaysScroll(page: Page, within = 'main'): Promise<string[]> {
  return page.evaluate((scope) => {
    const found: string[] = [];
    const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    if (overflow > 0) found.push(`page +${overflow} px`);
    for (const element of document.querySelectorAll(`${scope} *`)) {
      const extra = element.scrollWidth - element.clientWidth;
      if (extra > 1 && ['auto', 'scroll'].includes(getComputedStyle(element).overflowX)) found.push(`${element.className.toString().split(' ')[0] || element.tagName} +${extra}px`);
    }
    return found;
  }, within);
}
