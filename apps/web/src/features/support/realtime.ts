import { readChatPush } from '../../lib/chat-logic';
import { useChat } from '../../lib/chat-store';

// The support chat's socket events (api-contract.md section 16), wired in app/realtime.ts.
export const supportEventHandlers = {
  chatMessage(payload: unknown) {
    const message = readChatPush(payload);
    if (message) useChat.getState().receive(message);
  },
  chatTyping() {
    useChat.getState().agentTyping();
  },
};
