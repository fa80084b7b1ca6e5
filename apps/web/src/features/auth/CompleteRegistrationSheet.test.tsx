// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useOverlays } from '../../lib/overlays';
import { usePrefs } from '../../lib/prefs';
import { queryClient } from '../../lib/query-client';
import { useToken } from '../../lib/token';
import { type UserInfo, userInfoQueryKey } from '../../lib/user-info';
import { envelope, fakeApi, setUpComponentTests } from '../../test-support';
import CompleteRegistrationSheet from './CompleteRegistrationSheet';
import { askRegistration, isRegistrationRefusal, useRegistrationDueNotice } from './registration-due';

setUpComponentTests();

const limits = { deposit: {}, loss: {}, stake: {}, sessionMinutes: 60, realityCheckMinutes: 60, pending: [] };

function Notice() {
  useRegistrationDueNotice();
  return null;
}

const owedUser = (owed: boolean) => ({ uId: 7, registrationIncomplete: owed }) as unknown as UserInfo;

describe('an older registration completes the fields of art. 31 (decision 0055, existing players)', () => {
  it('the sheet sends the sign-up fields to POST /api/app/rg/registration, then marks the player complete', async () => {
    usePrefs.setState({ locale: 'pt_BR' });
    useToken.setState({ token: 'token' });
    queryClient.setQueryData(userInfoQueryKey, owedUser(true));
    const sent: { path: string; body: unknown }[] = [];
    fakeApi(async (url, init) => {
      sent.push({ path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return envelope(limits);
    });
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={queryClient}>
        <CompleteRegistrationSheet visible onClose={onClose} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Complete seu cadastro' })).toBeTruthy();
    await user.type(screen.getByLabelText('Limite mensal de depósito (R$)'), '500');
    await user.type(screen.getByLabelText('Limite mensal de perdas (R$)'), '200');
    await user.type(screen.getByLabelText('Limite de tempo por sessão (minutos)'), '90');
    await user.selectOptions(screen.getByLabelText('Gênero'), 'Feminino');
    await user.type(screen.getByLabelText('Endereço (logradouro e número)'), 'Rua A, 1');
    await user.type(screen.getByLabelText('Cidade'), 'Recife');
    await user.type(screen.getByLabelText('UF'), 'pe');
    await user.type(screen.getByLabelText('CEP'), '50010-000');
    await user.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        path: '/api/app/rg/registration',
        body: {
          depositMonth: '500.00',
          lossMonth: '200.00',
          sessionMinutes: 90,
          gender: 'female',
          addressLine: 'Rua A, 1',
          city: 'Recife',
          state: 'PE',
          postalCode: '50010-000',
        },
      },
    ]);
    expect(queryClient.getQueryData<UserInfo>(userInfoQueryKey)?.registrationIncomplete).toBe(false);
  });

  it('"not now" closes it without a request, so the player can still withdraw', async () => {
    usePrefs.setState({ locale: 'pt_BR' });
    const calls: string[] = [];
    fakeApi((url) => {
      calls.push(url.pathname);
      return envelope(null);
    });
    const onClose = vi.fn();
    render(
      <QueryClientProvider client={queryClient}>
        <CompleteRegistrationSheet visible onClose={onClose} />
      </QueryClientProvider>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Agora não' }));
    expect(onClose).toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('opens after login when userInfo says the registration is incomplete, and not otherwise', async () => {
    useOverlays.getState().closeAll();
    useToken.setState({ token: 'token' });
    fakeApi(() => envelope(owedUser(false)));
    queryClient.setQueryData(userInfoQueryKey, owedUser(false));
    const view = render(
      <QueryClientProvider client={queryClient}>
        <Notice />
      </QueryClientProvider>,
    );
    expect(useOverlays.getState().open.completeRegistration).toBeUndefined();
    queryClient.setQueryData(userInfoQueryKey, owedUser(true));
    await waitFor(() => expect(useOverlays.getState().open.completeRegistration).toBe(true));
    view.unmount();
  });

  it('a bet or deposit refused for the registration opens the sheet (not the blocked page)', () => {
    useOverlays.getState().closeAll();
    queryClient.setQueryData(userInfoQueryKey, owedUser(false));
    expect(isRegistrationRefusal({ registrationIncomplete: true })).toBe(true);
    expect(isRegistrationRefusal({ until: null })).toBe(false);
    expect(isRegistrationRefusal(null)).toBe(false);
    askRegistration();
    expect(useOverlays.getState().open.completeRegistration).toBe(true);
    expect(queryClient.getQueryData<UserInfo>(userInfoQueryKey)?.registrationIncomplete).toBe(true);
  });
});
