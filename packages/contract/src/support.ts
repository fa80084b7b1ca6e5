import { type Static, Type } from 'typebox';
import { IdParam, NO_NUL, PageQuery, Text } from './common.ts';

/**
 * Support (api-contract sections 13 and 16): the player's chat with the operators, the operators' inbox and
 * the support settings the operator sets at run time. Times are epoch milliseconds. Calls marked "ours" are
 * additions the contract leaves open.
 */

export const CHAT_TOPICS = ['deposit', 'withdrawal', 'account', 'game'] as const;
export type ChatTopic = (typeof CHAT_TOPICS)[number];
export const ChatTopicCode = Type.Union([
  Type.Literal('deposit'),
  Type.Literal('withdrawal'),
  Type.Literal('account'),
  Type.Literal('game'),
]);

/** 1..2000 characters of text (the contract's bound); blank text is refused by the service. */
export const ChatText = Text({ minLength: 1, maxLength: 2000 });

export const ChatMessage = Type.Object({
  id: Type.Integer(),
  from: Type.Union([Type.Literal('player'), Type.Literal('agent'), Type.Literal('system')]),
  text: Type.String(),
  time: Type.Integer(),
});
export type ChatMessage = Static<typeof ChatMessage>;

export const ChatHistoryQuery = Type.Object({
  before: Type.Optional(IdParam),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 30 })),
});
export type ChatHistoryQuery = Static<typeof ChatHistoryQuery>;
/** Oldest first; `unread`: the operators' messages the player has not read. */
export const ChatHistoryAnswer = Type.Object({ records: Type.Array(ChatMessage), unread: Type.Integer() });
export type ChatHistoryAnswer = Static<typeof ChatHistoryAnswer>;

export const SendChatBody = Type.Object({
  text: ChatText,
  /** Ours: a quick topic; the server attaches the player's last order or bet for the operator. */
  topic: Type.Optional(ChatTopicCode),
});
export type SendChatBody = Static<typeof SendChatBody>;
export const ChatReadBody = Type.Object({ upTo: IdParam });
export type ChatReadBody = Static<typeof ChatReadBody>;

/** GET /api/app/main/config (section 13): set by the operator; empty strings when unset. */
export const SupportConfig = Type.Object({
  telegram: Type.String(),
  supportId: Type.String(),
  onlineBase: Type.Integer(),
  /** Ours: a LiveChat licence number; when set the panel opens LiveChat's chat window instead of ours. */
  chatLicence: Type.String(),
  /** Ours (issue 15): 'open' or 'br-licensed'; the web app hides what the licence forbids (gifts, USDT, transfers). */
  regulatoryProfile: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('br-licensed')])),
});
export type SupportConfig = Static<typeof SupportConfig>;

// --- operators (role support; owner too) ---
export const ConversationStatusCode = Type.Union([Type.Literal('open'), Type.Literal('closed')]);
export const ConversationsQuery = Type.Object({
  status: Type.Optional(ConversationStatusCode),
  ...PageQuery,
});
export type ConversationsQuery = Static<typeof ConversationsQuery>;
export const ConversationRecord = Type.Object({
  id: Type.Integer(),
  uId: Type.Integer(),
  username: Type.String(),
  lastText: Type.String(),
  unread: Type.Integer(),
  time: Type.Integer(),
  /** Ours: the case's state, who handles it, and the quick topic with what it pointed at. */
  status: ConversationStatusCode,
  assignedTo: Type.Union([Type.String(), Type.Null()]),
  topic: Type.Union([ChatTopicCode, Type.Null()]),
  context: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
});
export type ConversationRecord = Static<typeof ConversationRecord>;
export const ConversationsAnswer = Type.Object({
  records: Type.Array(ConversationRecord),
  total: Type.Integer(),
});
export type ConversationsAnswer = Static<typeof ConversationsAnswer>;
export const ConversationParams = Type.Object({ id: IdParam });
export const ReplyBody = Type.Object({ text: ChatText });
export type ReplyBody = Static<typeof ReplyBody>;
export const AssignBody = Type.Object({ operatorId: Type.Union([IdParam, Type.Null()]) });
export type AssignBody = Static<typeof AssignBody>;
export const ChatAgent = Type.Object({ id: Type.Integer(), username: Type.String() });
export const ChatAgentsAnswer = Type.Array(ChatAgent);
export type ChatAgentsAnswer = Static<typeof ChatAgentsAnswer>;

export const CannedAnswer = Type.Object({ id: Type.Integer(), title: Type.String(), text: Type.String() });
export type CannedAnswer = Static<typeof CannedAnswer>;
export const CannedAnswersAnswer = Type.Array(CannedAnswer);
export type CannedAnswersAnswer = Static<typeof CannedAnswersAnswer>;
export const CannedAnswerBody = Type.Object({
  title: Text({ minLength: 1, maxLength: 60 }),
  text: ChatText,
});
export type CannedAnswerBody = Static<typeof CannedAnswerBody>;

/** Ours: the support settings page (owner). The telegram link must be an https:// address or empty. */
export const SupportSettingsBody = Type.Object({
  telegram: Type.Optional(Type.String({ maxLength: 200, pattern: '^(|https://[^\\s\\u0000<>"]+)$' })),
  supportId: Type.Optional(Type.String({ maxLength: 100, pattern: NO_NUL })),
  onlineBase: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  chatLicence: Type.Optional(Type.String({ maxLength: 12, pattern: '^[0-9]*$' })),
});
export type SupportSettingsBody = Static<typeof SupportSettingsBody>;
