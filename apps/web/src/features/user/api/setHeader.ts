import { useMutation } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';
import { reloadUserInfo } from '../../../lib/user-info';

// GET /api/app/user/setHeader/{index}: picks avatar 0..35, then the user is reloaded.
export function setHeader(index: number): Promise<null> {
  return playerApi('GET /api/app/user/setHeader/:index', { params: { index }, silent: true });
}

export function useSetHeader() {
  return useMutation({
    mutationFn: async (index: number) => {
      await setHeader(index);
      return reloadUserInfo();
    },
  });
}
