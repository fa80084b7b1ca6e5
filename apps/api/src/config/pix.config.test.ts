import { describe, expect, it } from 'vitest';
import { parsePixConfig } from './pix.config.ts';

const production = {
  PIX_API_URL: 'https://pix.api.efipay.com.br',
  PIX_CLIENT_ID: 'id',
  PIX_CLIENT_SECRET: 'secret',
  PIX_CERT: '-----BEGIN CERTIFICATE-----\\nx\\n-----END CERTIFICATE-----',
  PIX_CERT_KEY: '-----BEGIN PRIVATE KEY-----\\nx\\n-----END PRIVATE KEY-----',
  PIX_RECEIVER_KEY: 'pix@aposta.example',
};
const options = { provider: 'apipix', isProduction: true, publicUrl: 'https://aposta.example' };
const CA = '-----BEGIN CERTIFICATE-----\\nca\\n-----END CERTIFICATE-----';

describe('PIX webhook settings (issue 29)', () => {
  it('production needs the PSP webhook chain or an HMAC secret; either is enough', () => {
    expect(() => parsePixConfig(production, options)).toThrow(/PIX_WEBHOOK_CA or PIX_WEBHOOK_SECRET/);
    expect(parsePixConfig({ ...production, PIX_WEBHOOK_CA: CA }, options).webhookSecret).toBe('');
    expect(
      parsePixConfig({ ...production, PIX_WEBHOOK_SECRET: 'a-secret-of-16-chars' }, options).webhookCa,
    ).toBe(undefined);
  });

  it('the proxy header and the mTLS listener need the chain; token as form with the scopes by default', () => {
    expect(() =>
      parsePixConfig(
        {
          ...production,
          PIX_WEBHOOK_SECRET: 'a-secret-of-16-chars',
          PIX_WEBHOOK_CLIENT_CERT_HEADER: 'X-Cert',
        },
        options,
      ),
    ).toThrow(/PIX_WEBHOOK_CA/);
    expect(() =>
      parsePixConfig({ ...production, PIX_WEBHOOK_CA: CA, PIX_WEBHOOK_MTLS_PORT: '8443' }, options),
    ).toThrow(/PIX_WEBHOOK_TLS_CERT/);
    const config = parsePixConfig(
      { ...production, PIX_WEBHOOK_CA: CA, PIX_WEBHOOK_CLIENT_CERT_HEADER: 'X-Cert', PIX_PAYOUTS: 'efi' },
      options,
    );
    expect(config.webhookClientCertHeader).toBe('x-cert');
    expect(config.tokenFormat).toBe('form');
    expect(config.scope.split(' ')).toEqual(expect.arrayContaining(['cob.write', 'pix.read', 'pix.send']));
    expect(
      parsePixConfig({ ...production, PIX_WEBHOOK_CA: CA, PIX_TOKEN_FORMAT: 'json' }, options).tokenFormat,
    ).toBe('json');
  });

  it('payouts go through Efí’s send-Pix by default, with its scopes; the removed local rail is refused', () => {
    const development = { provider: 'apipix', isProduction: false, publicUrl: 'http://localhost:3000' };
    const config = parsePixConfig({}, development);
    expect(config.payouts).toBe('efi');
    expect(config.scope.split(' ')).toEqual(expect.arrayContaining(['pix.send', 'gn.pix.send.read']));
    expect(parsePixConfig({ PIX_PAYOUTS: 'efi' }, development).payouts).toBe('efi');
    expect(() => parsePixConfig({ PIX_PAYOUTS: 'local' }, development)).toThrow(/decision 0066/);
    expect(() => parsePixConfig({ PIX_PAYOUTS: 'other' }, development)).toThrow(/not supported/);
  });
});
