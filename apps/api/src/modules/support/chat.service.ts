import type { ChatMessage, ChatTopic, ConversationRecord } from '@aposta/contract';
import { centsToReais } from '@aposta/money';
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../app-context.ts';
import { type Actor, writeAudit } from '../../backoffice/audit.ts';
import { offsetOf, type Paging } from '../../backoffice/paging.ts';
import type { ChatSender } from '../../db/schema.support.ts';
import type { Database } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';
import { invalidInput, notFound } from '../../lib/domain-error.ts';
import { chatEvents } from './chat.events.ts';

/**
 * The support chat (api-contract section 16). A player has one conversation; every query of the player's side
 * is scoped to the caller's own conversation, so another player's messages cannot be named at all. Operators
 * see every conversation; each change they make is audited in its transaction.
 */

interface MessageRow {
  id: bigint;
  sender: ChatSender;
  body: string;
  created_at: Date;
}

export const presentMessage = (row: MessageRow): ChatMessage => ({
  id: Number(row.id),
  from: row.sender,
  text: row.body,
  time: row.created_at.getTime(),
});

/** Trims the text; whitespace alone is no message (the schema already bounds the length to 1..2000). */
export function cleanText(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length === 0) throw invalidInput('chat.blank');
  return trimmed;
}

async function pageOfMessages(
  ctx: AppContext,
  conversationId: bigint,
  before: number | undefined,
  size: number,
) {
  let query = ctx.db
    .selectFrom('chat_messages')
    .select(['id', 'sender', 'body', 'created_at'])
    .where('conversation_id', '=', conversationId);
  if (before !== undefined) query = query.where('id', '<', BigInt(before));
  const rows = await query.orderBy('id', 'desc').limit(size).execute();
  return rows.reverse().map(presentMessage);
}

// --- the player's side ---

export async function playerHistory(
  ctx: AppContext,
  userId: bigint,
  before: number | undefined,
  size: number,
) {
  const conversation = await ctx.db
    .selectFrom('chat_conversations')
    .select(['id', 'player_read_upto'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!conversation) return { records: [], unread: 0 };
  const [records, unread] = await Promise.all([
    pageOfMessages(ctx, conversation.id, before, size),
    ctx.db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('conversation_id', '=', conversation.id)
      .where('sender', '<>', 'player')
      .where('id', '>', conversation.player_read_upto)
      .executeTakeFirstOrThrow(),
  ]);
  return { records, unread: Number(unread.n) };
}

/** What a quick topic points the operator at: the player's last deposit or withdrawal, or last game bet. */
async function topicContext(
  trx: Tx,
  userId: bigint,
  topic: ChatTopic,
): Promise<Record<string, unknown> | null> {
  if (topic === 'deposit' || topic === 'withdrawal') {
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'type', 'amount_cents', 'status', 'created_at'])
      .where('user_id', '=', userId)
      .where('type', '=', topic === 'deposit' ? '10' : '11')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return order
      ? {
          orderId: Number(order.id),
          type: order.type,
          amount: centsToReais(order.amount_cents),
          status: order.status,
          time: order.created_at.getTime(),
        }
      : null;
  }
  if (topic === 'game') {
    const bet = await trx
      .selectFrom('game_bets')
      .select(['id', 'game', 'amount_cents', 'payout_cents', 'status', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return bet
      ? {
          betId: Number(bet.id),
          game: bet.game,
          amount: centsToReais(bet.amount_cents),
          payout: centsToReais(bet.payout_cents),
          status: bet.status,
          time: bet.created_at.getTime(),
        }
      : null;
  }
  return null;
}

export async function sendAsPlayer(
  ctx: AppContext,
  userId: bigint,
  input: { text: string; topic?: ChatTopic | undefined },
): Promise<ChatMessage> {
  const text = cleanText(input.text);
  const { message, conversationId } = await ctx.db.transaction().execute(async (trx) => {
    const context = input.topic ? await topicContext(trx, userId, input.topic) : null;
    // The player's message reopens a closed case; a topic replaces the one of an earlier case.
    const conversation = await trx
      .insertInto('chat_conversations')
      .values({
        user_id: userId,
        topic: input.topic ?? null,
        context: context ? JSON.stringify(context) : null,
      })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({
          status: 'open',
          last_message_at: sql<Date>`now()`,
          topic: input.topic ? eb.ref('excluded.topic') : eb.ref('chat_conversations.topic'),
          context: input.topic ? eb.ref('excluded.context') : eb.ref('chat_conversations.context'),
        })),
      )
      .returning(['id'])
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('chat_messages')
      .values({ conversation_id: conversation.id, sender: 'player', body: text })
      .returning(['id', 'sender', 'body', 'created_at'])
      .executeTakeFirstOrThrow();
    // The player has read everything up to what they write.
    await trx
      .updateTable('chat_conversations')
      .set({ player_read_upto: row.id })
      .where('id', '=', conversation.id)
      .execute();
    return { message: presentMessage(row), conversationId: conversation.id };
  });
  chatEvents.message(ctx, { userId, conversationId, message });
  return message;
}

export async function markReadByPlayer(ctx: AppContext, userId: bigint, upTo: number): Promise<void> {
  await ctx.db
    .updateTable('chat_conversations')
    .set({ player_read_upto: sql<bigint>`greatest(player_read_upto, ${BigInt(upTo)})` })
    .where('user_id', '=', userId)
    .execute();
}

// --- the operators' side ---

/** The inbox's view of conversations: player, last text, unread player messages, case state. */
function inboxRows(db: Kysely<Database>) {
  return db
    .selectFrom('chat_conversations as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('operators as o', 'o.id', 'c.assigned_to')
    .select((eb) => [
      'c.id',
      'c.user_id',
      'c.status',
      'c.topic',
      'c.context',
      'c.last_message_at',
      'u.username',
      'o.username as assigned',
      eb
        .selectFrom('chat_messages as m')
        .select('m.body')
        .whereRef('m.conversation_id', '=', 'c.id')
        .orderBy('m.id', 'desc')
        .limit(1)
        .as('last_text'),
      eb
        .selectFrom('chat_messages as m')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('m.conversation_id', '=', 'c.id')
        .where('m.sender', '=', 'player')
        .whereRef('m.id', '>', 'c.agent_read_upto')
        .as('unread'),
    ]);
}

type InboxRow = Awaited<ReturnType<ReturnType<typeof inboxRows>['executeTakeFirstOrThrow']>>;

const presentConversation = (row: InboxRow): ConversationRecord => ({
  id: Number(row.id),
  uId: Number(row.user_id),
  username: row.username,
  lastText: row.last_text ?? '',
  unread: Number(row.unread ?? 0),
  time: row.last_message_at.getTime(),
  status: row.status,
  assignedTo: row.assigned ?? null,
  topic: row.topic,
  context: row.context,
});

export async function listConversations(
  ctx: AppContext,
  status: 'open' | 'closed' | undefined,
  paging: Paging,
): Promise<{ records: ConversationRecord[]; total: number }> {
  let rows = inboxRows(ctx.db);
  let count = ctx.db.selectFrom('chat_conversations as c');
  if (status) {
    rows = rows.where('c.status', '=', status);
    count = count.where('c.status', '=', status);
  }
  const [page, total] = await Promise.all([
    rows
      .orderBy('c.last_message_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(paging.size)
      .offset(offsetOf(paging))
      .execute(),
    count.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { records: page.map(presentConversation), total: Number(total.n) };
}

export async function conversationMessages(
  ctx: AppContext,
  id: bigint,
  before: number | undefined,
  size: number,
): Promise<ChatMessage[]> {
  const exists = await ctx.db
    .selectFrom('chat_conversations')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!exists) throw notFound();
  return pageOfMessages(ctx, id, before, size);
}

export async function markReadByAgent(ctx: AppContext, id: bigint, upTo: number): Promise<void> {
  const updated = await ctx.db
    .updateTable('chat_conversations')
    .set({ agent_read_upto: sql<bigint>`greatest(agent_read_upto, ${BigInt(upTo)})` })
    .where('id', '=', id)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) throw notFound();
}

/** An operator's reply: reopens a closed case, takes an unassigned one, and reaches the player live. */
export async function reply(ctx: AppContext, actor: Actor, id: bigint, input: { text: string }) {
  const text = cleanText(input.text);
  const { message, userId } = await ctx.db.transaction().execute(async (trx) => {
    const conversation = await trx
      .selectFrom('chat_conversations')
      .select(['id', 'user_id', 'status', 'assigned_to'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!conversation) throw notFound();
    const row = await trx
      .insertInto('chat_messages')
      .values({ conversation_id: id, sender: 'agent', operator_id: actor.operatorId, body: text })
      .returning(['id', 'sender', 'body', 'created_at'])
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('chat_conversations')
      .set({
        status: 'open',
        last_message_at: sql<Date>`now()`,
        agent_read_upto: row.id,
        assigned_to: conversation.assigned_to ?? actor.operatorId,
      })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, actor, {
      action: conversation.status === 'closed' ? 'chat.reply_reopen' : 'chat.reply',
      target: `conversation:${id}`,
      before: { status: conversation.status },
      after: { status: 'open', messageId: row.id },
    });
    return { message: presentMessage(row), userId: conversation.user_id };
  });
  chatEvents.message(ctx, { userId, conversationId: id, message });
  return message;
}

async function changeConversation(
  ctx: AppContext,
  actor: Actor,
  id: bigint,
  action: string,
  change: { status?: 'open' | 'closed'; assigned_to?: bigint | null },
) {
  const record = await ctx.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('chat_conversations')
      .select(['status', 'assigned_to'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound();
    if (change.assigned_to) {
      const agent = await trx
        .selectFrom('operators')
        .select('id')
        .where('id', '=', change.assigned_to)
        .where('status', '=', 'active')
        .where(sql<boolean>`roles && ARRAY['support', 'owner']::text[]`)
        .executeTakeFirst();
      if (!agent) throw notFound();
    }
    await trx.updateTable('chat_conversations').set(change).where('id', '=', id).execute();
    await writeAudit(trx, actor, { action, target: `conversation:${id}`, before, after: change });
    return conversationRecord(trx, id);
  });
  chatEvents.conversation(ctx, record);
  return record;
}

async function conversationRecord(trx: Tx, id: bigint): Promise<ConversationRecord> {
  return presentConversation(await inboxRows(trx).where('c.id', '=', id).executeTakeFirstOrThrow());
}

export const closeConversation = (ctx: AppContext, actor: Actor, id: bigint) =>
  changeConversation(ctx, actor, id, 'chat.close', { status: 'closed' });
export const reopenConversation = (ctx: AppContext, actor: Actor, id: bigint) =>
  changeConversation(ctx, actor, id, 'chat.reopen', { status: 'open' });
export const assignConversation = (ctx: AppContext, actor: Actor, id: bigint, operatorId: number | null) =>
  changeConversation(ctx, actor, id, 'chat.assign', {
    assigned_to: operatorId === null ? null : BigInt(operatorId),
  });

/** Operators who may answer chats (role support, or owner), for the assign menu. */
export async function listAgents(ctx: AppContext) {
  const rows = await ctx.db
    .selectFrom('operators')
    .select(['id', 'username'])
    .where('status', '=', 'active')
    .where(sql<boolean>`roles && ARRAY['support', 'owner']::text[]`)
    .orderBy('username')
    .execute();
  return rows.map((row) => ({ id: Number(row.id), username: row.username }));
}

/** The player a conversation belongs to (operators' typing hint goes to them). */
export async function playerOfConversation(ctx: AppContext, id: bigint): Promise<bigint | undefined> {
  const row = await ctx.db
    .selectFrom('chat_conversations')
    .select('user_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.user_id;
}

export async function conversationOfPlayer(ctx: AppContext, userId: bigint): Promise<bigint | undefined> {
  const row = await ctx.db
    .selectFrom('chat_conversations')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.id;
}
