import { useEffect } from 'react';
import { openOverlay } from '../../lib/overlays';
import { patchUserInfo, useUserInfo } from '../../lib/user-info';

/**
 * br-licensed, decision 0055 "Existing players": when userInfo says the registration still owes art. 31's fields
 * (after login, or on a fresh load with a session), the completion sheet opens once.
 */
export function useRegistrationDueNotice(): void {
  const owed = useUserInfo().data?.registrationIncomplete === true;
  useEffect(() => {
    if (owed) openOverlay('completeRegistration');
  }, [owed]);
}

/** A bet or deposit refused (1403) because the registration is incomplete: the server's data says so. */
export function isRegistrationRefusal(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { registrationIncomplete?: unknown }).registrationIncomplete === true
  );
}

/** On such a refusal the sheet opens instead of the blocked page: the account is not blocked, only waiting. */
export function askRegistration(): void {
  patchUserInfo({ registrationIncomplete: true });
  openOverlay('completeRegistration');
}
