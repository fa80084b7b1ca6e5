import type { EmulatedCheckout } from './checkout.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const reais = (cents: bigint) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(Number(cents) / 100);

/** One page of the hosted checkout, sized for a 390×844 phone (it opens in the app's payment sheet). */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:1rem;background:#f4f6fb;color:#14213d}
main{display:flex;flex-direction:column;gap:.75rem;max-width:24rem;margin:0 auto}
h1{font-size:1.1rem;margin:0}.amount{font-size:1.6rem;font-weight:700;margin:0}.muted{color:#44506b;font-size:.875rem;margin:0}
form{display:flex;flex-direction:column;gap:.75rem}
label{display:flex;flex-direction:column;gap:.25rem;font-size:.875rem;font-weight:600}
input{width:100%;font-size:1rem;padding:.6rem;border:1px solid #c5cce0;border-radius:8px;min-height:44px;box-sizing:border-box}
.row{display:flex;gap:.75rem}.row label{flex:1;min-width:0}
button{width:100%;font-size:1rem;font-weight:600;padding:.75rem;border:0;border-radius:8px;min-height:44px;background:#1d4ed8;color:#fff;cursor:pointer}
.error{background:#fde8e8;color:#9b1c1c;padding:.6rem;border-radius:8px;margin:0}
.ok{background:#def7ec;color:#03543f;padding:.6rem;border-radius:8px;margin:0}
.bank{background:#fff;border:1px solid #c5cce0;border-radius:8px;padding:.75rem}
.notice{background:#e8effd;color:#1e3a8a;padding:.6rem;border-radius:8px;margin:0;font-weight:600;font-size:.875rem}</style>
</head><body><main>${body}</main></body></html>`;
}

export function cardFormPage(checkout: EmulatedCheckout, action: string, error?: string): string {
  return page(
    'Pagamento com cartão',
    `<h1>Pagamento com cartão</h1><p class="amount" aria-label="valor">${reais(checkout.amountCents)}</p>
<p class="muted">${escapeHtml(checkout.description)}</p>
${checkout.allowedFunding.includes('credit') ? '' : '<p class="notice">Somente cartão de débito</p>'}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label>Número do cartão<input name="number" inputmode="numeric" autocomplete="cc-number" required></label>
<div class="row"><label>Validade (MM/AA)<input name="expiry" placeholder="MM/AA" autocomplete="cc-exp" required></label>
<label>CVV<input name="cvv" inputmode="numeric" autocomplete="cc-csc" required></label></div>
<label>Nome impresso no cartão<input name="name" autocomplete="cc-name" required></label>
<button type="submit">Pagar ${reais(checkout.amountCents)}</button>
</form><p class="muted">Ambiente de testes do PSP: nenhum dinheiro real é movido.</p>`,
  );
}

export function threeDsPage(checkout: EmulatedCheckout, action: string): string {
  return page(
    'Autenticação 3-D Secure',
    `<h1>Autenticação do banco emissor</h1>
<div class="bank"><p class="muted">Compra de ${reais(checkout.amountCents)} com o cartão final ${escapeHtml(checkout.cardLast4 ?? '')}.</p>
<p class="muted">Digite o código enviado pelo seu banco para confirmar (3-D Secure).</p></div>
<form method="post" action="${escapeHtml(action)}">
<label>Código de verificação<input name="code" inputmode="numeric" autocomplete="one-time-code" required></label>
<button type="submit">Confirmar</button></form>`,
  );
}

export function checkoutResultPage(checkout: EmulatedCheckout): string {
  const reasons: Record<string, string> = {
    card_declined: 'O banco emissor recusou o cartão.',
    authentication_failed: 'A autenticação 3-D Secure falhou.',
  };
  const body =
    checkout.status === 'paid'
      ? '<p class="ok" role="status">Pagamento aprovado. Você já pode voltar ao app.</p>'
      : checkout.status === 'cancelled'
        ? '<p class="error" role="status">Este pagamento foi cancelado.</p>'
        : `<p class="error" role="status">Pagamento recusado. ${escapeHtml(reasons[checkout.failureReason ?? ''] ?? '')}</p>`;
  return page(
    'Pagamento com cartão',
    `<h1>Pagamento com cartão</h1><p class="amount">${reais(checkout.amountCents)}</p>${body}`,
  );
}

/** What the payer's bank page shows of the charge it resolved from the BR Code's location. */
export interface PayerView {
  amountCents: bigint;
  receiver: string;
  description?: string;
  payer: { cpf: string; nome: string };
}

/**
 * The payer's bank (the emulator's payer page): the charge read from the BR Code's location, the payer's CPF and
 * name (the cob's devedor by default, editable: a deposit paid from somebody else's account), and "Pagar".
 */
export function payerPage(view: PayerView, action: string, error?: string): string {
  return page(
    'Banco do pagador (emulador)',
    `<h1>Banco do pagador</h1><p class="muted">Pix para ${escapeHtml(view.receiver)}</p>
<p class="amount" aria-label="valor">${reais(view.amountCents)}</p>
${view.description ? `<p class="muted">${escapeHtml(view.description)}</p>` : ''}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label>CPF do pagador<input name="cpf" inputmode="numeric" autocomplete="off" required value="${escapeHtml(view.payer.cpf)}"></label>
<label>Nome do pagador<input name="nome" autocomplete="name" required value="${escapeHtml(view.payer.nome)}"></label>
<button type="submit">Pagar ${reais(view.amountCents)}</button>
</form><p class="muted">Emulador do PSP: nenhum dinheiro real é movido.</p>`,
  );
}

export function payerResultPage(amountCents: bigint, outcome: 'paid' | 'closed'): string {
  const body =
    outcome === 'paid'
      ? '<p class="ok" role="status">Pix enviado. O recebedor confirma o pagamento; você já pode voltar ao app.</p>'
      : '<p class="error" role="status">Esta cobrança não pode mais ser paga (expirada, removida ou já paga).</p>';
  return page(
    'Banco do pagador (emulador)',
    `<h1>Banco do pagador</h1><p class="amount">${reais(amountCents)}</p>${body}`,
  );
}
