export type Status = 'open' | 'closed';
export const conversationsKey = (status: Status) => ['admin', 'chat', 'conversations', status] as const;
export const messagesKey = (id: number) => ['admin', 'chat', 'messages', id] as const;
