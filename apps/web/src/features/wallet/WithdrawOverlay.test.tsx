// @vitest-environment happy-dom
import type { WithdrawInfoAnswer } from '@aposta/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { useToken } from '../../lib/token';
import { userInfoQueryKey } from '../../lib/user-info';
import { envelope, fakeApi, setUpComponentTests } from '../../test-support';
import { withdrawInfoQueryKey } from './api/getWithdraw';
import WithdrawOverlay from './WithdrawOverlay';

setUpComponentTests();

const savedCpf = { ifsc: '52998224725', payCardNo: '52998224725', name: 'Maria da Silva', whatsapp: '' };

function withdrawInfo(cpf: WithdrawInfoAnswer['cardInfo']['CPF']): WithdrawInfoAnswer {
  return {
    limitAmount: 20,
    number: 2,
    lock: false,
    wdAmount: 40,
    usdtRate: 5,
    cardInfo: { CPF: cpf, CNPJ: null, USDT: null, CHANNEL: 'CPF' },
  };
}

/** getWithdraw answers only when the test says so: the page shows the cached answer meanwhile. */
function slowWithdrawInfo(fresh: WithdrawInfoAnswer) {
  let answer: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  fakeApi(async (url) => {
    if (url.pathname === '/api/app/order/getWithdraw') {
      await answered;
      return envelope(fresh);
    }
    return envelope(null);
  });
  return answer;
}

function openWithCache(cached: WithdrawInfoAnswer) {
  useToken.setState({ token: 'player-token' });
  queryClient.setQueryData(userInfoQueryKey, { uId: 1, balance: 40, freeBalance: 0, kyc: 1, lx: 0 });
  queryClient.setQueryData(withdrawInfoQueryKey, cached);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <WithdrawOverlay visible onClose={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the withdraw page while its data is read again', () => {
  it('keeps the amount the player typed when the fresh answer arrives', async () => {
    const answer = slowWithdrawInfo(withdrawInfo(savedCpf));
    openWithCache(withdrawInfo(savedCpf));
    const amount = await screen.findByLabelText('Valor do saque');
    await userEvent.setup().type(amount, '35');
    answer();
    await waitFor(() => expect(queryClient.isFetching({ queryKey: withdrawInfoQueryKey })).toBe(0));
    expect((screen.getByLabelText('Valor do saque') as HTMLInputElement).value).toBe('35');
    expect((screen.getByLabelText('Chave PIX (CPF)') as HTMLInputElement).value).toBe('52998224725');
  });

  it('fills the saved account from the fresh answer, unless the player has typed one', async () => {
    let answer = slowWithdrawInfo(withdrawInfo(savedCpf));
    openWithCache(withdrawInfo(null));
    const key = await screen.findByLabelText('Chave PIX (CPF)');
    expect((key as HTMLInputElement).value).toBe('');
    answer();
    await waitFor(() => expect((key as HTMLInputElement).value).toBe('52998224725'));
    cleanup();

    answer = slowWithdrawInfo(withdrawInfo(savedCpf));
    openWithCache(withdrawInfo(null));
    const typed = await screen.findByLabelText('Chave PIX (CPF)');
    await userEvent.setup().type(typed, '11144477735');
    answer();
    await waitFor(() => expect(queryClient.isFetching({ queryKey: withdrawInfoQueryKey })).toBe(0));
    expect((screen.getByLabelText('Chave PIX (CPF)') as HTMLInputElement).value).toBe('11144477735');
  });
});
