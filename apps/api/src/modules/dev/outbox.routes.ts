import { Type } from 'typebox';
import type { AppContext } from '../../app-context.ts';
import { Envelope, ok } from '../../http/envelope.ts';
import type { TypedApp } from '../../http/typed-app.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

async function latestMails(ctx: AppContext) {
  return ctx.db
    .selectFrom('dev_outbox')
    .select(['id', 'to_address', 'subject', 'body_text', 'created_at'])
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

/** Development only (never registered in production): the mails that would have been sent. */
export function outboxRoutes(app: TypedApp, ctx: AppContext): void {
  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await latestMails(ctx);
    const items = mails
      .map(
        (mail) => `<article><h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">Para: <span class="to">${escapeHtml(mail.to_address)}</span> · ${mail.created_at.toISOString()}</p>
<pre>${escapeHtml(mail.body_text)}</pre></article>`,
      )
      .join('\n');
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Caixa de saída (desenvolvimento)</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem;background:#0f1729;color:#e6ebf5}article{border:1px solid #2b3a5c;border-radius:8px;padding:.75rem;margin:.75rem 0}pre{white-space:pre-wrap;font-size:1rem}.meta{color:#9fb0d0;font-size:.85rem}</style>
</head><body><h1>Caixa de saída</h1><p>E-mails enviados em modo de desenvolvimento (sem SMTP_URL).</p>
${items || '<p>Nenhum e-mail ainda.</p>'}</body></html>`);
  });

  app.get(
    '/api/dev/outbox',
    {
      schema: {
        hide: true,
        response: {
          200: Envelope(
            Type.Array(
              Type.Object({
                id: Type.Integer(),
                to: Type.String(),
                subject: Type.String(),
                text: Type.String(),
                time: Type.Integer(),
              }),
            ),
          ),
        },
      },
    },
    async () =>
      ok(
        (await latestMails(ctx)).map((mail) => ({
          id: Number(mail.id),
          to: mail.to_address,
          subject: mail.subject,
          text: mail.body_text,
          time: mail.created_at.getTime(),
        })),
      ),
  );
}
