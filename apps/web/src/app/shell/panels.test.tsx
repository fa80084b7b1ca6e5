// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { OverlayProps } from '../../components/overlay-props';
import MyPanel from './MyPanel';
import SettingsPanel from './SettingsPanel';

afterEach(cleanup);

async function closesOnEscape(Panel: ComponentType<OverlayProps>) {
  const user = userEvent.setup();
  let closed = 0;
  // Queries never run here: the panels' lists stay empty, which is all this test needs.
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Panel visible onClose={() => closed++} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await user.keyboard('{Escape}');
  return closed;
}

describe('side panels and Escape', () => {
  it('Escape closes the settings panel', async () => {
    expect(await closesOnEscape(SettingsPanel)).toBe(1);
  });

  it('Escape closes My panel', async () => {
    expect(await closesOnEscape(MyPanel)).toBe(1);
  });
});
