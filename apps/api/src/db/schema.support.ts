import type { ColumnType, Generated } from 'kysely';

/** Table types of support (migration 0020_support_chat.sql). */

export type ChatTopic = 'deposit' | 'withdrawal' | 'account' | 'game';
export type ChatSender = 'player' | 'agent' | 'system';

export interface ChatConversationsTable {
  id: Generated<bigint>;
  user_id: bigint;
  status: Generated<'open' | 'closed'>;
  assigned_to: bigint | null;
  topic: ChatTopic | null;
  context: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  last_message_at: Generated<Date>;
  player_read_upto: Generated<bigint>;
  agent_read_upto: Generated<bigint>;
  created_at: Generated<Date>;
}

export interface ChatMessagesTable {
  id: Generated<bigint>;
  conversation_id: bigint;
  sender: ChatSender;
  operator_id: bigint | null;
  body: string;
  created_at: Generated<Date>;
}

export interface ChatCannedAnswersTable {
  id: Generated<bigint>;
  title: string;
  body: string;
  created_at: Generated<Date>;
}

export interface SupportSettingsTable {
  id: Generated<boolean>;
  telegram: string;
  support_id: string;
  online_base: number;
  chat_licence: string;
  updated_at: Generated<Date>;
}

export interface SupportTables {
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_canned_answers: ChatCannedAnswersTable;
  support_settings: SupportSettingsTable;
}
