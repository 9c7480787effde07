import path from 'node:path';
import { LOGIN_RATE_LIMIT } from '@stockyard/shared';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loginLimits } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      ADMIN_EMAIL: 'admin@stockyard.local',
      LOG_LEVEL: 'info',
      DATA_DIR: path.resolve('./data'),
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.ADMIN_PASSWORD).toBeUndefined();
    expect(config.JWT_SECRET).toBeUndefined();
    expect(config.TRUST_PROXY).toBe(false);
    expect(loginLimits(config)).toEqual(LOGIN_RATE_LIMIT);
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['ADMIN_PASSWORD', 'short'],
    ['ADMIN_PASSWORD', 'alllowercase1'],
    ['API_DOCS_PUBLIC', 'yes'],
    ['JWT_SECRET', 'too-short'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'proxy.example'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1,'],
    ['TRUST_PROXY', '1'],
    ['LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS', '0'],
    ['LOGIN_MAX_FAILURES_PER_ACCOUNT', 'many'],
    ['LOGIN_MAX_FAILURES_PER_ADDRESS', '2.5'],
    ['LOGIN_WINDOW_SECONDS', '-60'],
    ['SMTP_URL', 'mail.example.com:25'],
    ['SMTP_URL', 'http://mail.example.com'],
  ])('stops with a message that names %s when its value is wrong', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('sends no e-mail without SMTP_URL, and reads it with MAIL_FROM when set', () => {
    const none = loadConfig({});
    expect(none.SMTP_URL).toBeUndefined();
    expect(none.MAIL_FROM).toBe('Stockyard <no-reply@stockyard.local>');
    const set = loadConfig({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Yard <yard@example.com>',
    });
    expect(set).toMatchObject({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Yard <yard@example.com>',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it.each([
    ['true', true],
    ['FALSE', false],
    ['10.0.0.1', ['10.0.0.1']],
    [' 10.0.0.1, 192.168.0.0/16 ,::1,fd00::/8', ['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('reads TRUST_PROXY %j as Fastify trustProxy %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('refuses a TRUST_PROXY hop count, which Fastify no longer honours, with a hint', () => {
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(
      /TRUST_PROXY: a hop count is not supported/,
    );
  });

  it('reads the sign-in limits from the LOGIN_* variables', () => {
    const config = loadConfig({
      LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: '3',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '12',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '100',
      LOGIN_WINDOW_SECONDS: '600',
    });
    expect(loginLimits(config)).toEqual({
      ...LOGIN_RATE_LIMIT,
      perAccountAndAddress: 3,
      perAccount: 12,
      perAddress: 100,
      windowSeconds: 600,
    });
  });
});
