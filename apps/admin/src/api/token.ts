// The operator's token lives in this tab's session storage: closing the tab signs the operator out, and the
// player app (another origin path, another storage key) never sees it.
const KEY = 'aposta.admin.token';

export const readToken = (): string | null => sessionStorage.getItem(KEY);
export const saveToken = (token: string): void => sessionStorage.setItem(KEY, token);
export const clearToken = (): void => sessionStorage.removeItem(KEY);
