import { describe, expect, it } from 'vitest';
import { DEFAULT_SPORTSBOOK_CONFIG } from './config/sportsbook.config.ts';
import {
  ConfigError,
  DEFAULT_DATABASE_LIMITS,
  DEFAULT_RATE_LIMITS,
  DEFAULT_SERVER_LIMITS,
  loadConfig,
} from './config.ts';

const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/aposta' };

describe('configuration (api-contract section 9)', () => {
  it('production starts with DATABASE_URL alone, and says what it lacks', () => {
    const config = loadConfig(production);
    expect(config.isProduction).toBe(true);
    expect(config.warnings.join('\n')).toMatch(/SMTP_URL/);
    // PAYMENTS_WEBHOOK_SECRET was the removed sandbox's key (decision 0066): neither read nor asked for.
    expect(config.warnings.join('\n')).not.toMatch(/PAYMENTS_WEBHOOK_SECRET/);
    expect(config).not.toHaveProperty('webhookSecret');
  });

  it('PUBLIC_URL builds the invitation links: production warns when unset, nonsense stops the server', () => {
    expect(loadConfig(production).warnings.join('\n')).toMatch(/PUBLIC_URL is unset/);
    const configured = loadConfig({ ...production, PUBLIC_URL: 'https://aposta.example/' });
    expect(configured.publicUrl).toBe('https://aposta.example');
    expect(configured.warnings.join('\n')).not.toMatch(/PUBLIC_URL/);
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(() => loadConfig({ PUBLIC_URL: 'aposta.example' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://aposta.example' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://aposta.example/?a=1' })).toThrow(/PUBLIC_URL/);
  });

  it('production refuses CAPTCHA_BYPASS and needs DATABASE_URL', () => {
    expect(() => loadConfig({ ...production, CAPTCHA_BYPASS: 'x' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL/);
  });

  it('production refuses a common ADMIN_PASSWORD; development warns', () => {
    expect(() => loadConfig({ ...production, ADMIN_USERNAME: 'op', ADMIN_PASSWORD: 'password1234' })).toThrow(
      /common password/,
    );
    expect(loadConfig({ ADMIN_USERNAME: 'op', ADMIN_PASSWORD: 'password1234' }).warnings.join('\n')).toMatch(
      /ADMIN_PASSWORD/,
    );
    expect(() =>
      loadConfig({ ...production, ADMIN_USERNAME: 'op', ADMIN_PASSWORD: 'operador-secreto-123' }),
    ).not.toThrow();
  });

  it('development needs nothing and warns about nothing', () => {
    const config = loadConfig({});
    expect(config.nodeEnv).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.warnings).toEqual([]);
    expect(config.rateLimits).toEqual(DEFAULT_RATE_LIMITS);
  });

  it('rate limits per address can be set, and nonsense stops the server', () => {
    const config = loadConfig({ RATE_LIMIT_LOGIN: '5', RATE_LIMIT_REGISTER: '1000' });
    expect(config.rateLimits.loginPerMinute).toBe(5);
    expect(config.rateLimits.registerPerMinute).toBe(1000);
    expect(() => loadConfig({ RATE_LIMIT_CAPTCHA: '0' })).toThrow(/RATE_LIMIT_CAPTCHA/);
    expect(() => loadConfig({ RATE_LIMIT_RESET: 'many' })).toThrow(/RATE_LIMIT_RESET/);
  });

  it('server and database limits have bounded defaults, can be set, and nonsense stops the server', () => {
    const defaults = loadConfig({});
    expect(defaults.server).toEqual(DEFAULT_SERVER_LIMITS);
    expect(defaults.database).toEqual(DEFAULT_DATABASE_LIMITS);
    const config = loadConfig({ BODY_LIMIT_BYTES: '131072', DATABASE_STATEMENT_TIMEOUT_MS: '5000' });
    expect(config.server.bodyLimitBytes).toBe(131_072);
    expect(config.database.statementTimeoutMs).toBe(5000);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '30000' })).toThrow(
      /HEADERS_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: 'forever' })).toThrow(
      /DATABASE_CONNECT_TIMEOUT_MS/,
    );
  });

  it('reads the SPORTSBOOK_* settings, in reais where they are money', () => {
    expect(loadConfig({}).sportsbook).toEqual(DEFAULT_SPORTSBOOK_CONFIG);
    const config = loadConfig({ SPORTSBOOK_STAKE_MIN: '0.50', SPORTSBOOK_PARLAY_MAX_LEGS: '4' });
    expect(config.sportsbook.stakeCentsMin).toBe(50n);
    expect(config.sportsbook.parlayLegsMax).toBe(4);
    expect(() => loadConfig({ SPORTSBOOK_MARGIN: '0.9' })).toThrow(/SPORTSBOOK_MARGIN/);
  });
});
