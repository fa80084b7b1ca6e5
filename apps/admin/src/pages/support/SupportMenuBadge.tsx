import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge } from 'antd';
import { useLocation } from 'react-router';
import { adminApi } from '../../api/typed.ts';
import { chime, useOperatorSocket } from './live.ts';

/**
 * The unread player messages of open conversations, for the menu item of the inbox, on every page of a support
 * operator. A new player message chimes here unless the inbox itself is open (it chimes on its own).
 */
export function useSupportUnread(enabled: boolean): number {
  const queryClient = useQueryClient();
  const location = useLocation();
  const open = useQuery({
    queryKey: ['admin', 'chat', 'conversations', 'open'],
    queryFn: () => adminApi('GET /chat/conversations', { query: { status: 'open', size: 100 } }),
    enabled,
  });
  useOperatorSocket(
    {
      chatMessage(message) {
        void queryClient.invalidateQueries({ queryKey: ['admin', 'chat', 'conversations'] });
        if (message.from === 'player' && location.pathname !== '/support') chime();
      },
      chatConversation() {
        void queryClient.invalidateQueries({ queryKey: ['admin', 'chat', 'conversations'] });
      },
    },
    enabled,
  );
  return (open.data?.records ?? []).reduce((sum, row) => sum + row.unread, 0);
}

export function MenuLabelWithCount({ label, count }: { label: string; count: number }) {
  return (
    <span data-testid="support-menu-label">
      {label} <Badge count={count} size="small" offset={[4, -2]} />
    </span>
  );
}
