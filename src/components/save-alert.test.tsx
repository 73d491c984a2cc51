// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SaveAlert } from './save-alert';
import { installDomShims } from './testing/install-dom-shims';

beforeAll(installDomShims);

afterEach(cleanup);

const state = (error: unknown) => ({ error, stale: false, reload: async () => {} });

function renderAlert(error: unknown) {
  render(
    <MantineProvider>
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <SaveAlert state={state(error)} texts={{ problemCodes: { too_many_tags: 'At most 200 tags.' } }} />
      </IntlProvider>
    </MantineProvider>,
  );
}

describe('SaveAlert', () => {
  it('tells a refused save by its problem code when the page has a text for it', () => {
    renderAlert({ status: 422, title: 'Unprocessable Content', code: 'too_many_tags' });
    expect(screen.getByRole('alert').textContent).toBe('At most 200 tags.');
  });

  it('falls back to the generic text for other codes', () => {
    renderAlert({ status: 422, title: 'Unprocessable Content', code: 'blank' });
    expect(screen.getByRole('alert').textContent).toMatch(/Some values were not accepted/);
  });
});
