import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { problemText } from './errors.ts';

interface ChangeOptions<V> {
  /** The list the change touches: refetched once it is saved. */
  refresh: QueryKey;
  /** The toast on success; "Saved" unless the change has its own words. */
  success?: (values: V) => string;
  onDone?: () => void;
}

/** A back-office change: on success a toast and a refetch of its list, on failure the server's own message. */
export function useChange<V>(send: (values: V) => Promise<unknown>, options: ChangeOptions<V>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (_, values) => {
      message.success(options.success?.(values) ?? t('app.saved'));
      void queryClient.invalidateQueries({ queryKey: options.refresh });
      options.onDone?.();
    },
    onError: (error) => message.error(problemText(error)),
  });
}
