import type { ChatMessage } from '@aposta/contract';

// The chat's pure rules: merging history pages and live pushes into one ordered list, the messages the
// player has not read, and the typing hint's throttle. Unit tested without React or a socket.

export type { ChatMessage };

/** Messages by id, oldest first, each once (a push can arrive while a page that holds it loads). */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Reads a `chatMessage` push; anything malformed is ignored rather than shown. */
export function readChatPush(payload: unknown): ChatMessage | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { id, from, text, time } = payload as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || typeof text !== 'string') return undefined;
  if (from !== 'player' && from !== 'agent' && from !== 'system') return undefined;
  return { id, from, text, time: typeof time === 'number' ? time : Date.now() };
}

/** The newest message the operators sent, which the player reads when the panel shows it. */
export function lastIncomingId(messages: readonly ChatMessage[]): number | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    if (messages[index]!.from !== 'player') return messages[index]!.id;
  }
  return undefined;
}

/** A throttle for the typing hint: true at most once per `everyMs`. */
export function createThrottle(everyMs: number, now: () => number = Date.now) {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - last < everyMs) return false;
    last = at;
    return true;
  };
}

/** How a message's text is shown: plain text, and https links as links only when an operator wrote them. */
export function textParts(text: string, from: ChatMessage['from']): { text: string; href?: string }[] {
  if (from === 'player') return [{ text }];
  const parts: { text: string; href?: string }[] = [];
  let rest = 0;
  for (const match of text.matchAll(/https:\/\/[^\s<>"]+/g)) {
    if (match.index > rest) parts.push({ text: text.slice(rest, match.index) });
    parts.push({ text: match[0], href: match[0] });
    rest = match.index + match[0].length;
  }
  if (rest < text.length) parts.push({ text: text.slice(rest) });
  return parts;
}

/** LiveChat's chat window for a licence, with the player's name and e-mail (spec.md section 7's chat iframe). */
export function liveChatUrl(licence: string, username: string, email: string): string {
  const query = new URLSearchParams({ name: username, email });
  return `https://secure.livechatinc.com/licence/${encodeURIComponent(licence)}/v2/open_chat.cgi?${query}`;
}
