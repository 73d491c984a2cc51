// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QueryState } from './query-state';
import { installDomShims } from './testing/install-dom-shims';

beforeAll(installDomShims);

afterEach(cleanup);

type Result = UseQueryResult<string, unknown>;
const pending = { isPending: true, isError: false, isFetching: true, data: undefined, error: null, refetch: vi.fn() } as unknown as Result;
const failed = (error: unknown, data?: string) =>
  ({ isPending: false, isError: true, isFetching: false, data, error, refetch: vi.fn() }) as unknown as Result;
const loaded = { isPending: false, isError: false, isFetching: false, data: 'the data', error: null, refetch: vi.fn() } as unknown as Result;

function renderState(props: Omit<Parameters<typeof QueryState<string>>[0], 'children'>) {
  render(
    <MantineProvider>
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <QueryState {...props}>{(data) => <p>{data}</p>}</QueryState>
      </IntlProvider>
    </MantineProvider>,
  );
}

describe('QueryState', () => {
  it('shows the loader while the query is pending, then the data', () => {
    renderState({ query: pending });
    expect(screen.getByRole('status')).toBeTruthy();
    cleanup();
    renderState({ query: loaded });
    expect(screen.getByText('the data')).toBeTruthy();
  });

  it('shows a failure with a retry that refetches, under the screen’s own title', () => {
    const query = failed(new Error('500'));
    renderState({ query, errorTitle: 'The plans could not be loaded' });
    expect(screen.getByRole('alert').textContent).toMatch(/The plans could not be loaded/);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(query.refetch).toHaveBeenCalledOnce();
  });

  it('shows a refusal instead of the retry when the screen knows it, the retry otherwise', () => {
    const notHere = 'Not here';
    const refusal = (error: unknown) => ((error as { status?: number }).status === 404 ? <p>{notHere}</p> : undefined);
    renderState({ query: failed({ status: 404 }), refusal });
    expect(screen.getByText('Not here')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    cleanup();
    renderState({ query: failed({ status: 500 }), refusal });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('keeps the data of a failed refetch on screen only when asked to', () => {
    renderState({ query: failed(new Error('500'), 'the data'), keepData: true });
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByText('the data')).toBeTruthy();
    cleanup();
    renderState({ query: failed(new Error('500'), 'the data') });
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.queryByText('the data')).toBeNull();
  });
});
