// The offline page's language: the one the player chose in the app, else the browser's, else Portuguese.
(() => {
  const texts = JSON.parse(document.getElementById('texts').textContent);
  let chosen = null;
  try {
    chosen = localStorage.getItem('lang');
  } catch {
    // Storage blocked: fall back to the browser's language.
  }
  const browser = (navigator.language || '').replace('-', '_');
  const locale =
    (chosen && texts[chosen] && chosen) ||
    (texts[browser] && browser) ||
    Object.keys(texts).find((code) => code.slice(0, 2) === browser.slice(0, 2)) ||
    'pt_BR';
  const text = texts[locale];
  document.documentElement.lang = locale.replace('_', '-');
  for (const key of ['title', 'body', 'retry']) document.getElementById(key).textContent = text[key];
  document.getElementById('retry').addEventListener('click', () => location.reload());
})();
