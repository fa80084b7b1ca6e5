// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { usePrefs } from '../../lib/prefs';
import { realityText } from './realtime';

beforeAll(async () => {
  localStorage.setItem('deviceId', 'test-device');
  await initI18n();
});

describe('the reality check text (decision 0055)', () => {
  it('shows the time played and the net result, and what is left of a time limit', () => {
    usePrefs.setState({ locale: 'pt_BR' });
    const plain = realityText(60, -12.5, undefined);
    expect(plain).toMatch(/^Você está jogando há 60 minutos\. Resultado desta sessão: -?R\$\s?-?12,50\.$/);
    expect(realityText(60, -12.5, 90)).toBe(
      `${plain} Restam 30 minutos do seu limite de tempo de 90 minutos.`,
    );
  });
});
