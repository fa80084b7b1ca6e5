import { create } from 'zustand';
import { readStorage, storageKeys, writeStorage } from './storage';

// The session token: kept in local storage (key `token`) and mirrored here so React re-renders
// when it changes. Guards, the socket and the query cache all follow this one value.
interface TokenState {
  token: string | null;
}

export const useToken = create<TokenState>(() => ({ token: readStorage(storageKeys.token) }));

export function currentToken(): string | null {
  return useToken.getState().token;
}

export function storeToken(token: string): void {
  writeStorage(storageKeys.token, token);
  useToken.setState({ token });
}

export function forgetToken(): void {
  useToken.setState({ token: null });
}
