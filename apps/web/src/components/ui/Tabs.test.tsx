// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './Button';
import { Tabs } from './Tabs';

afterEach(cleanup);

function Modes() {
  const [mode, setMode] = useState<'single' | 'parlay' | 'system'>('single');
  return (
    <Tabs
      label="Tipo de aposta"
      value={mode}
      onChange={setMode}
      items={[
        { value: 'single', label: 'Simples' },
        { value: 'parlay', label: 'Múltipla' },
        { value: 'system', label: 'Sistema', disabled: true },
      ]}
    />
  );
}

describe('Tabs', () => {
  it('chooses a tab by tap and tells which one is chosen', async () => {
    const user = userEvent.setup();
    render(<Modes />);
    expect(screen.getByRole('tablist', { name: 'Tipo de aposta' })).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Múltipla' }));
    expect(screen.getByRole('tab', { name: 'Múltipla' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Simples' }).getAttribute('aria-selected')).toBe('false');
  });

  it('moves with the arrow keys, skipping a disabled tab, with one tab in the Tab order', async () => {
    const user = userEvent.setup();
    render(<Modes />);
    const single = screen.getByRole('tab', { name: 'Simples' });
    const parlay = screen.getByRole('tab', { name: 'Múltipla' });
    expect(single.tabIndex).toBe(0);
    expect(parlay.tabIndex).toBe(-1);
    single.focus();
    await user.keyboard('{ArrowRight}');
    expect(parlay.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(parlay);
    await user.keyboard('{ArrowRight}');
    // "Sistema" is disabled: the arrow wraps round to the first tab.
    expect(single.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{End}');
    expect(parlay.getAttribute('aria-selected')).toBe('true');
  });
});

describe('Button', () => {
  it('while busy it cannot be pressed again and says what it is doing', async () => {
    const user = userEvent.setup();
    let presses = 0;
    const { rerender } = render(
      <Button variant="primary" busyLabel="Apostando…" onClick={() => presses++}>
        Apostar
      </Button>,
    );
    await user.click(screen.getByRole('button', { name: 'Apostar' }));
    expect(presses).toBe(1);
    rerender(
      <Button variant="primary" busy busyLabel="Apostando…" onClick={() => presses++}>
        Apostar
      </Button>,
    );
    const busy = screen.getByRole('button', { name: 'Apostando…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await user.click(busy);
    expect(presses).toBe(1);
  });
});
