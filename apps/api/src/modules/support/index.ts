import type { RegisterModule } from '../../app-module.ts';
import { makeOperatorGuard, mayCall } from '../../backoffice/access.ts';
import { typingAllowed } from './chat.events.ts';
import { conversationOfPlayer, playerOfConversation } from './chat.service.ts';
import { operatorOfToken } from './operator-socket.ts';
import { createFrameOrigins, LIVECHAT_ORIGIN } from './settings.service.ts';
import { adminChatRoutes, playerChatRoutes } from './support.routes.ts';

/**
 * Support (issue 14): the player's chat with the operators, their inbox, canned answers, and the support
 * settings (telegram link, support id, online base, LiveChat licence) the player app reads at run time.
 */
export const register: RegisterModule = (app, ctx) => {
  playerChatRoutes(app, ctx);
  const frames = createFrameOrigins(ctx);
  adminChatRoutes(app, ctx, makeOperatorGuard(ctx), frames);

  // Operators with the chat permission join the operators' namespace; their typing hint reaches the player.
  ctx.sockets.operators(async (tokenHash) => {
    const operator = await operatorOfToken(ctx, tokenHash);
    return operator && mayCall(operator.roles, 'chat') ? operator.id : undefined;
  });
  ctx.sockets.onOperator('chatTyping', async (operatorId, payload) => {
    const conversationId = (payload as { conversationId?: unknown } | null)?.conversationId;
    if (!Number.isSafeInteger(conversationId) || (conversationId as number) < 1) return;
    if (!typingAllowed(`operator:${operatorId}`)) return;
    const userId = await playerOfConversation(ctx, BigInt(conversationId as number));
    if (userId !== undefined) ctx.realtime.emitToUser(userId, 'chatTyping', { from: 'agent' });
  });
  ctx.sockets.on('chatTyping', async (userId) => {
    if (!typingAllowed(`player:${userId}`)) return;
    const conversationId = await conversationOfPlayer(ctx, userId);
    if (conversationId !== undefined)
      ctx.realtime.emitToOperators('chatTyping', {
        conversationId: Number(conversationId),
        uId: Number(userId),
      });
  });

  // The page may frame LiveChat's chat window only while a licence is configured: the CSP's frame-src names
  // exactly that origin then, and nothing else otherwise.
  app.addHook('onSend', async (_request, reply, payload) => {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string' && (await frames.allowed())) {
      reply.header(
        'content-security-policy',
        policy.replace("frame-src 'self'", `frame-src 'self' ${LIVECHAT_ORIGIN}`),
      );
    }
    return payload;
  });
};
