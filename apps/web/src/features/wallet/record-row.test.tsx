// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpComponentTests } from '../../test-support';
import { RecordRow } from './RecordsPage';

setUpComponentTests();

const withdrawal = {
  orderId: 41,
  type: '11',
  amount: 85,
  gift: 0,
  status: '30',
  time: Date.UTC(2026, 10, 20, 15),
  finishedTime: null,
  payCardBank: 'PIX',
  payCardNo: '***.456.789-**',
};

describe('a withdrawal in the records (decision 0057)', () => {
  it('names the income tax withheld and what the player asked for', () => {
    render(<RecordRow record={{ ...withdrawal, gross: 100, tax: 15 }} />);
    expect(screen.getByText('IR retido: R$ 15,00 (pedido R$ 100,00)')).toBeTruthy();
  });

  it('says nothing of tax when none was withheld', () => {
    render(<RecordRow record={withdrawal} />);
    expect(screen.queryByText(/IR retido/)).toBeNull();
  });
});
