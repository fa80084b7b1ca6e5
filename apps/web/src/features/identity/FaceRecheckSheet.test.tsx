// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { failureKind } from '../../lib/http-core';
import { useOverlays } from '../../lib/overlays';
import { usePrefs } from '../../lib/prefs';
import { queryClient } from '../../lib/query-client';
import { useToken } from '../../lib/token';
import { envelope, fakeApi, setUpComponentTests } from '../../test-support';
import {
  askFaceRecheck,
  faceRecheckQueryKey,
  isFaceCheckRefusal,
  useFaceRecheckNotice,
} from './face-recheck';

setUpComponentTests();

// The sheet adds its texts to i18next when it loads: after i18next is set up.
let FaceRecheckSheet: typeof import('./FaceRecheckSheet').default;
beforeAll(async () => {
  FaceRecheckSheet = (await import('./FaceRecheckSheet')).default;
});

const state = (due: boolean, reason: 'login' | 'operator' | 'withdrawal' | 'deposit' | null) => ({
  due,
  reason,
  status: due ? 'due' : null,
  attemptsLeft: 3,
  lastCheckAt: null,
});

function Notice() {
  useFaceRecheckNotice();
  return null;
}

const sheet = (onClose = vi.fn()) =>
  render(
    <QueryClientProvider client={queryClient}>
      <FaceRecheckSheet visible onClose={onClose} />
    </QueryClientProvider>,
  );

describe('"Confirme que é você": the repeat face check (decision 0068)', () => {
  it('a 403/40301 refusal is the blocked effect with the data that opens the sheet, not an alert', () => {
    const data = { faceCheckDue: true, reason: 'withdrawal' };
    expect(failureKind(403, { status: 40301, message: 'Confirme que é você', data })).toBe('blocked');
    expect(failureKind(403, { status: 403, message: 'x' })).toBe('message');
    expect(isFaceCheckRefusal(data)).toBe(true);
    expect(isFaceCheckRefusal({ registrationIncomplete: true })).toBe(false);
    fakeApi(() => envelope(state(false, 'withdrawal')));
    askFaceRecheck(data);
    expect(useOverlays.getState().open.faceRecheck).toBe(true);
  });

  it('opens after login when the server says a check is due', async () => {
    usePrefs.setState({ locale: 'pt_BR' });
    useToken.setState({ token: 'token' });
    const paths: string[] = [];
    fakeApi((url) => {
      paths.push(url.pathname);
      return envelope(state(true, 'login'));
    });
    render(
      <QueryClientProvider client={queryClient}>
        <Notice />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(useOverlays.getState().open.faceRecheck).toBe(true));
    expect(paths).toEqual(['/api/app/identity/recheck']);
  });

  it('while the gate is closed it cannot be dismissed, only logged out of; the operator’s reason is said', async () => {
    usePrefs.setState({ locale: 'pt_BR' });
    useToken.setState({ token: 'token' });
    queryClient.setQueryData(faceRecheckQueryKey, state(true, 'operator'));
    fakeApi(() => envelope(state(true, 'operator')));
    sheet();
    expect(screen.getByRole('dialog', { name: 'Confirme que é você' })).toBeTruthy();
    expect(screen.getByText(/Nossa equipe pediu uma nova confirmação do seu rosto/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tirar selfie' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sair da conta' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Agora não' })).toBeNull();
  });

  it('asked before a withdrawal only, "Agora não" closes it', async () => {
    usePrefs.setState({ locale: 'pt_BR' });
    useToken.setState({ token: 'token' });
    queryClient.setQueryData(faceRecheckQueryKey, state(false, 'withdrawal'));
    fakeApi(() => envelope(state(false, 'withdrawal')));
    const onClose = vi.fn();
    sheet(onClose);
    expect(screen.getByText(/Antes do saque, confirme que é você/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Agora não' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('asked before a deposit, it says so and "Agora não" closes it too', async () => {
    usePrefs.setState({ locale: 'pt_BR' });
    useToken.setState({ token: 'token' });
    queryClient.setQueryData(faceRecheckQueryKey, state(false, 'deposit'));
    fakeApi(() => envelope(state(false, 'deposit')));
    const onClose = vi.fn();
    sheet(onClose);
    expect(screen.getByText(/Antes do depósito, confirme que é você/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Agora não' }));
    expect(onClose).toHaveBeenCalled();
  });
});
