import type { ChatMessage, ConversationRecord } from '@aposta/contract';
import type { AppContext } from '../../app-context.ts';

/**
 * The live side of the chat. `chatMessage {id, from, text, time}` goes to the player's room (all their tabs,
 * on whichever server process holds them when REDIS_URL is set) and, with the conversation and player ids, to
 * the operators' namespace, so inboxes update and sound without polling.
 */
export const chatEvents = {
  message(ctx: AppContext, input: { userId: bigint; conversationId: bigint; message: ChatMessage }): void {
    ctx.realtime.emitToUser(input.userId, 'chatMessage', input.message);
    ctx.realtime.emitToOperators('chatMessage', {
      ...input.message,
      conversationId: Number(input.conversationId),
      uId: Number(input.userId),
    });
  },
  conversation(ctx: AppContext, record: ConversationRecord): void {
    ctx.realtime.emitToOperators('chatConversation', record);
  },
};

const TYPING_EVERY_MS = 1500;
const lastTyping = new Map<string, number>();

/**
 * Whether a typing hint from this sender may go out now: at most one per 1.5 s per sender and process, so a
 * client that sends one per keystroke cannot flood the other side. Old entries are dropped as the map grows.
 */
export function typingAllowed(sender: string, now = Date.now()): boolean {
  const last = lastTyping.get(sender);
  if (last !== undefined && now - last < TYPING_EVERY_MS) return false;
  lastTyping.set(sender, now);
  if (lastTyping.size > 10_000) {
    for (const [key, time] of lastTyping) if (now - time >= TYPING_EVERY_MS) lastTyping.delete(key);
  }
  return true;
}
