// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocaleCode } from '../../lib/locales';
import { usePrefs } from '../../lib/prefs';
import { AmountField } from './AmountField';

// The field as a page uses it: the page keeps the text and shows what it reads (here in an output).
function Harness() {
  const [text, setText] = useState('');
  const [cents, setCents] = useState<bigint | undefined>();
  return (
    <>
      <AmountField
        label="Valor"
        value={text}
        onChange={(next, read) => {
          setText(next);
          setCents(read);
        }}
      />
      <output aria-label="read">{cents === undefined ? 'none' : String(cents)}</output>
      <button type="button">elsewhere</button>
    </>
  );
}

function setup(locale: LocaleCode) {
  usePrefs.setState({ locale });
  const user = userEvent.setup();
  render(<Harness />);
  const field = screen.getByLabelText('Valor') as HTMLInputElement;
  const read = () => screen.getByLabelText('read').textContent;
  return { user, field, read };
}

afterEach(cleanup);

describe('AmountField in pt_BR (comma decimals)', () => {
  it("reads '1,50' as R$ 1,50", async () => {
    const { user, field, read } = setup('pt_BR');
    await user.type(field, '1,50');
    expect(field.value).toBe('1,50');
    expect(read()).toBe('150');
  });

  it("reads '1.50' as the R$ 1,50 the player meant and shows it the Brazilian way on leaving", async () => {
    const { user, field, read } = setup('pt_BR');
    await user.type(field, '1.50');
    expect(read()).toBe('150');
    await user.tab();
    expect(field.value).toBe('1,50');
    expect(read()).toBe('150');
  });

  it("reads '1.500' as a thousand five hundred reais, never R$ 1,50", async () => {
    const { user, field, read } = setup('pt_BR');
    await user.type(field, '1.500');
    expect(read()).toBe('150000');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(field.value).toBe('1500,00');
  });

  it('does not take a third decimal', async () => {
    const { user, field, read } = setup('pt_BR');
    await user.type(field, '2,999');
    expect(field.value).toBe('2,99');
    expect(read()).toBe('299');
  });

  it('does not take letters', async () => {
    const { user, field, read } = setup('pt_BR');
    await user.type(field, 'a1b0c');
    expect(field.value).toBe('10');
    expect(read()).toBe('1000');
  });

  it('keeps the number of a pasted amount with its symbol and grouping', async () => {
    const { user, field, read } = setup('pt_BR');
    await user.click(field);
    await user.paste('R$ 1.234,56');
    expect(field.value).toBe('1.234,56');
    expect(read()).toBe('123456');
  });

  it('reads nothing once cleared', async () => {
    const { user, field, read } = setup('pt_BR');
    await user.type(field, '25');
    expect(read()).toBe('2500');
    await user.clear(field);
    expect(field.value).toBe('');
    expect(read()).toBe('none');
  });

  it('offers the language form as its placeholder', () => {
    const { field } = setup('pt_BR');
    expect(field.placeholder).toBe('0,00');
    expect(field.inputMode).toBe('decimal');
  });
});

describe('AmountField in en_US (point decimals)', () => {
  it("reads '1.50' as $1.50", async () => {
    const { user, field, read } = setup('en_US');
    await user.type(field, '1.50');
    expect(field.value).toBe('1.50');
    expect(read()).toBe('150');
  });

  it("reads '1,50' as the $1.50 the player meant and rewrites it on leaving", async () => {
    const { user, field, read } = setup('en_US');
    await user.type(field, '1,50');
    expect(read()).toBe('150');
    await user.tab();
    expect(field.value).toBe('1.50');
  });

  it("reads '1,500' as fifteen hundred and '1,234.56' with its grouping", async () => {
    const { user, field, read } = setup('en_US');
    await user.type(field, '1,500');
    expect(read()).toBe('150000');
    await user.clear(field);
    await user.paste('$1,234.56');
    expect(field.value).toBe('1,234.56');
    expect(read()).toBe('123456');
  });

  it('does not take a third decimal or letters', async () => {
    const { user, field, read } = setup('en_US');
    await user.type(field, 'x0.129');
    expect(field.value).toBe('0.12');
    expect(read()).toBe('12');
    expect(field.placeholder).toBe('0.00');
  });
});

describe('AmountField problems', () => {
  it('names its error for screen readers', () => {
    usePrefs.setState({ locale: 'pt_BR' });
    render(<AmountField label="Valor" value="0,01" onChange={() => undefined} error="Mínimo R$ 0,10" />);
    const field = screen.getByLabelText('Valor');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = field.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Mínimo R$ 0,10');
  });
});
