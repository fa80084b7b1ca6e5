import { centsToDecimalString } from '@aposta/money';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** "1.234,56": money as pt_BR writes it (spec.md section 9). */
const reaisFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

// The page's behaviour (copy, countdown) lives in a script file: the CSP allows no inline script.
export const PAGE_SCRIPT = `
const root = document.getElementById('pix-page');
const expiresAt = Number(root.dataset.expiresAt);
const countdown = document.getElementById('countdown');
function tick() {
  const left = Math.max(0, expiresAt - Date.now());
  const m = String(Math.floor(left / 60000)).padStart(2, '0');
  const s = String(Math.floor((left % 60000) / 1000)).padStart(2, '0');
  countdown.textContent = m + ':' + s;
  const pay = document.getElementById('pay');
  if (left === 0 && pay) pay.disabled = true;
}
tick(); setInterval(tick, 1000);
document.getElementById('copy').addEventListener('click', async () => {
  await navigator.clipboard.writeText(document.getElementById('brcode').value);
  document.getElementById('copy').textContent = 'Copiado!';
});
`;

/**
 * The payment page: amount, QR, "copia e cola" and the countdown. With the in-process emulator, `payerUrl` adds
 * the development "Simular pagamento" button, which opens the emulator's payer page (the payer's bank) in place.
 */
export async function renderPixPage(page: {
  title: string;
  brCode: string;
  amountCents: bigint;
  expiresAt: Date;
  open: boolean;
  paid: boolean;
  /** The emulator's payer page for this charge; undefined with a real PSP. */
  payerUrl?: string;
}): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(page.brCode, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  const amount = reaisFormat.format(centsToDecimalString(page.amountCents) as `${number}`);
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(page.title)}</title>
<style>
/* Fits a 390x844 phone's payment sheet: amount, QR, copy-and-paste code and its button first, then the test pay. */
form{width:100%;margin:0}
body{font-family:system-ui,sans-serif;margin:0;padding:.75rem 1rem 1rem;background:#f4f6fb;color:#14213d;text-align:center}
main{display:flex;flex-direction:column;align-items:center;gap:.5rem;max-width:24rem;margin:0 auto}
h1{font-size:1rem;margin:0;font-weight:600}p{margin:0}.amount{font-size:1.6rem;font-weight:700;line-height:1.1}
.expires{font-size:.875rem;color:#44506b}
.qr{width:168px;height:168px;background:#fff;padding:6px;border-radius:8px}.qr svg{width:100%;height:100%;display:block}
label{font-size:.875rem;font-weight:600;align-self:flex-start}
textarea{box-sizing:border-box;width:100%;height:4.4rem;font-size:.75rem;word-break:break-all;resize:none;border:1px solid #c5cce0;border-radius:8px;padding:.4rem}
button{box-sizing:border-box;width:100%;font-size:1rem;font-weight:600;padding:.7rem 1rem;border:0;border-radius:8px;min-height:44px;cursor:pointer}
#copy{background:#1d4ed8;color:#fff}#pay{background:#16a34a;color:#fff;margin-top:.5rem}button:disabled{opacity:.5}
.note{font-size:.75rem;color:#44506b}</style>
</head><body><main id="pix-page" data-expires-at="${page.expiresAt.getTime()}">
<h1>Pague com PIX</h1><p class="amount" aria-label="valor">R$ ${amount}</p>
<p class="expires">Expira em <strong id="countdown">30:00</strong></p>
<div class="qr" role="img" aria-label="QR code PIX">${qrSvg}</div>
<label for="brcode">PIX copia e cola</label><textarea id="brcode" readonly>${escapeHtml(page.brCode)}</textarea>
<button id="copy" type="button">Copiar código</button>
${
  page.payerUrl
    ? `<form method="get" action="${escapeHtml(page.payerUrl)}"><button id="pay" type="submit" ${page.open ? '' : 'disabled'}>Simular pagamento</button></form>
<p class="note">Ambiente de testes: abre o banco do pagador do PSP emulado; nenhum dinheiro real é movido.</p>`
    : '<p class="note">Abra o app do seu banco, escolha Pix e leia o QR code ou cole o código.</p>'
}
<p id="result" role="status">${page.paid ? 'Pagamento já confirmado.' : ''}</p>
</main><script src="/api/pay/page.js"></script></body></html>`;
}
