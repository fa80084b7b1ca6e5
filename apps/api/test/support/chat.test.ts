import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../src/config.ts';
import { call, createAdminApp, newOperator, type Operator, ownerToken } from '../admin/helpers.ts';
import { TEST_DATABASE, type TestApp } from '../harness.ts';
import { newPlayer } from '../wallet/helpers.ts';

/** The support chat (api-contract section 16) as players and operators use it. */
describe(`support chat (${TEST_DATABASE})`, () => {
  let test: TestApp;
  let owner: string;
  let agent: Operator;

  beforeAll(async () => {
    test = await createAdminApp({ rateLimits: { ...DEFAULT_RATE_LIMITS, chatPerMinute: 5 } });
    owner = await ownerToken(test);
    agent = await newOperator(test, owner, ['support']);
  });
  afterAll(async () => test.close());

  const send = (token: string, text: string, topic?: string) =>
    call(test, 'POST', '/api/app/chat/messages', token, { text, ...(topic ? { topic } : {}) });
  const inbox = async (status?: string) =>
    (
      await call(
        test,
        'GET',
        `/api/admin/chat/conversations${status ? `?status=${status}` : ''}`,
        agent.token,
      )
    ).data.records as { id: number; uId: number; unread: number; lastText: string; status: string }[];

  it('a player writes, the operator sees it unread in the inbox, replies, and the player reads it', async () => {
    const player = await newPlayer(test);
    expect((await call(test, 'GET', '/api/app/chat/messages', player.token)).data).toEqual({
      records: [],
      unread: 0,
    });
    const sent = await send(player.token, '  Meu depósito não caiu  ');
    expect(sent.http).toBe(200);
    expect(sent.data).toMatchObject({ from: 'player', text: 'Meu depósito não caiu' });

    const mine = (await inbox('open')).find((row) => row.uId === player.uId);
    expect(mine).toMatchObject({ unread: 1, lastText: 'Meu depósito não caiu', status: 'open' });

    const answer = await call(
      test,
      'POST',
      `/api/admin/chat/conversations/${mine!.id}/messages`,
      agent.token,
      {
        text: 'Olá! Vou verificar.',
      },
    );
    expect(answer.http).toBe(200);
    expect(answer.data).toMatchObject({ from: 'agent', text: 'Olá! Vou verificar.' });
    // Replying marks the player's messages read for the operators.
    expect((await inbox('open')).find((row) => row.uId === player.uId)?.unread).toBe(0);

    const history = await call(test, 'GET', '/api/app/chat/messages', player.token);
    expect(history.data.records.map((m: { from: string }) => m.from)).toEqual(['player', 'agent']);
    expect(history.data.unread).toBe(1);
    await call(test, 'POST', '/api/app/chat/read', player.token, { upTo: answer.data.id });
    expect((await call(test, 'GET', '/api/app/chat/messages', player.token)).data.unread).toBe(0);
  });

  it('history comes in pages, oldest first, before a given message', async () => {
    const player = await newPlayer(test);
    for (const text of ['um', 'dois', 'três']) expect((await send(player.token, text)).http).toBe(200);
    const last = await call(test, 'GET', '/api/app/chat/messages?size=2', player.token);
    expect(last.data.records.map((m: { text: string }) => m.text)).toEqual(['dois', 'três']);
    const before = await call(
      test,
      'GET',
      `/api/app/chat/messages?size=2&before=${last.data.records[0].id}`,
      player.token,
    );
    expect(before.data.records.map((m: { text: string }) => m.text)).toEqual(['um']);
  });

  it("a player never sees another player's conversation; operators' ids of it are not theirs to use", async () => {
    const alice = await newPlayer(test);
    const bob = await newPlayer(test);
    await send(alice.token, 'segredo da Alice');
    const bobView = await call(test, 'GET', '/api/app/chat/messages', bob.token);
    expect(bobView.data.records).toEqual([]);
    // A message id of Alice's conversation pages nothing of hers for Bob.
    const aliceMessages = await call(test, 'GET', '/api/app/chat/messages', alice.token);
    const beforeHers = await call(
      test,
      'GET',
      `/api/app/chat/messages?before=${aliceMessages.data.records[0].id + 1}`,
      bob.token,
    );
    expect(beforeHers.data.records).toEqual([]);
    // A player's token cannot reach the operators' calls for her conversation.
    const conversation = (await inbox()).find((row) => row.uId === alice.uId)!;
    const viaPlayer = await call(
      test,
      'GET',
      `/api/admin/chat/conversations/${conversation.id}/messages`,
      bob.token,
    );
    expect(viaPlayer.http).toBe(401);
    // An unknown conversation is 404 for operators.
    const missing = await call(test, 'POST', '/api/admin/chat/conversations/99999999/messages', agent.token, {
      text: 'olá',
    });
    expect(missing.http).toBe(404);
  });

  it('refuses blank, too long and missing text, changing nothing', async () => {
    const player = await newPlayer(test);
    for (const text of ['   ', '', 'x'.repeat(2001)]) {
      const answer = await send(player.token, text);
      expect(answer.http).toBe(400);
      expect(answer.status).toBe(400);
    }
    expect((await send(player.token, 'x'.repeat(2000))).http).toBe(200);
    const history = await call(test, 'GET', '/api/app/chat/messages', player.token);
    expect(history.data.records).toHaveLength(1);
  });

  it('limits how fast one player may write (429), without slowing another player', async () => {
    const spammer = await newPlayer(test);
    const other = await newPlayer(test);
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await send(spammer.token, `msg ${i}`)).http);
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]).toBe(429);
    expect((await send(other.token, 'olá')).http).toBe(200);
    const stored = await call(test, 'GET', '/api/app/chat/messages', spammer.token);
    expect(stored.data.records).toHaveLength(5);
  });

  it('a reply to a closed conversation reopens it; a player message reopens it too; both audited', async () => {
    const player = await newPlayer(test);
    await send(player.token, 'obrigado, resolvido');
    const id = (await inbox('open')).find((row) => row.uId === player.uId)!.id;
    const closed = await call(test, 'POST', `/api/admin/chat/conversations/${id}/close`, agent.token);
    expect(closed.data).toMatchObject({ id, status: 'closed' });
    expect((await inbox('open')).some((row) => row.id === id)).toBe(false);
    expect((await inbox('closed')).some((row) => row.id === id)).toBe(true);

    const answer = await call(test, 'POST', `/api/admin/chat/conversations/${id}/messages`, agent.token, {
      text: 'Mais alguma coisa?',
    });
    expect(answer.http).toBe(200);
    expect((await inbox('open')).find((row) => row.id === id)?.status).toBe('open');

    await call(test, 'POST', `/api/admin/chat/conversations/${id}/close`, agent.token);
    await send(player.token, 'sim, outra dúvida');
    expect((await inbox('open')).find((row) => row.id === id)?.unread).toBe(1);

    const audit = await call(test, 'GET', '/api/admin/audit?size=100', owner);
    const actions = audit.data.records
      .filter((entry: { target: string }) => entry.target === `conversation:${id}`)
      .map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['chat.close', 'chat.reply_reopen']));
  });

  it('a quick topic attaches the last order for the operator', async () => {
    const player = await newPlayer(test);
    await send(player.token, 'Sobre minha conta', 'account');
    const row = (await inbox()).find((r) => r.uId === player.uId) as unknown as { topic: string };
    expect(row.topic).toBe('account');
    const badTopic = await send(player.token, 'x', 'casino');
    expect(badTopic.http).toBe(400);
  });

  it('assigns to an operator who answers chats, not to one who does not', async () => {
    const player = await newPlayer(test);
    await send(player.token, 'preciso de ajuda');
    const id = (await inbox()).find((row) => row.uId === player.uId)!.id;
    const trader = await newOperator(test, owner, ['trader']);
    expect(
      (
        await call(test, 'POST', `/api/admin/chat/conversations/${id}/assign`, agent.token, {
          operatorId: trader.id,
        })
      ).http,
    ).toBe(404);
    const assigned = await call(test, 'POST', `/api/admin/chat/conversations/${id}/assign`, agent.token, {
      operatorId: agent.id,
    });
    expect(assigned.data.assignedTo).toBe(agent.username);
    const agents = await call(test, 'GET', '/api/admin/chat/agents', agent.token);
    expect(agents.data.map((a: { username: string }) => a.username)).toContain(agent.username);
  });

  it('canned answers are edited by operators and audited', async () => {
    const created = await call(test, 'POST', '/api/admin/chat/canned', agent.token, {
      title: 'PIX',
      text: 'O PIX pode levar até 5 minutos.',
    });
    expect(created.http).toBe(200);
    const updated = await call(test, 'POST', `/api/admin/chat/canned/${created.data.id}`, agent.token, {
      title: 'PIX',
      text: 'O PIX leva até 10 minutos.',
    });
    expect(updated.data.text).toBe('O PIX leva até 10 minutos.');
    const list = await call(test, 'GET', '/api/admin/chat/canned', agent.token);
    expect(list.data).toContainEqual(updated.data);
    await call(test, 'POST', `/api/admin/chat/canned/${created.data.id}/delete`, agent.token);
    expect((await call(test, 'GET', '/api/admin/chat/canned', agent.token)).data).not.toContainEqual(
      updated.data,
    );
  });

  it('the support settings reach the player app at run time, and the CSP frames LiveChat only when set', async () => {
    const initial = await call(test, 'GET', '/api/app/main/config');
    expect(initial.data).toEqual({
      telegram: '',
      supportId: '',
      onlineBase: 0,
      chatLicence: '',
      regulatoryProfile: 'open',
    });
    const frameSrc = async () => {
      const response = await test.app.inject({ url: '/api/app/main/config' });
      return String(response.headers['content-security-policy']).match(/frame-src [^;]*/)?.[0];
    };
    expect(await frameSrc()).toBe("frame-src 'self'");

    const refused = await call(test, 'POST', '/api/admin/support/settings', owner, {
      telegram: 'javascript:alert(1)',
    });
    expect(refused.http).toBe(400);
    const saved = await call(test, 'POST', '/api/admin/support/settings', owner, {
      telegram: 'https://t.me/aposta_suporte',
      supportId: 'aposta_suporte',
      onlineBase: 1200,
      chatLicence: '12345678',
    });
    expect(saved.http).toBe(200);
    expect((await call(test, 'GET', '/api/app/main/config')).data).toEqual({
      telegram: 'https://t.me/aposta_suporte',
      supportId: 'aposta_suporte',
      onlineBase: 1200,
      chatLicence: '12345678',
      regulatoryProfile: 'open',
    });
    expect(await frameSrc()).toBe("frame-src 'self' https://secure.livechatinc.com");
    await call(test, 'POST', '/api/admin/support/settings', owner, { chatLicence: '' });
    expect(await frameSrc()).toBe("frame-src 'self'");

    const audit = await call(test, 'GET', '/api/admin/audit?action=support.settings', owner);
    expect(audit.data.records[1]).toMatchObject({ action: 'support.settings', operator: expect.any(String) });
    // Support operators answer chats; the settings are the owner's.
    expect(
      (await call(test, 'POST', '/api/admin/support/settings', agent.token, { onlineBase: 1 })).http,
    ).toBe(403);
  });
});
