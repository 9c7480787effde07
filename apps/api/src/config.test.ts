import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['ADMIN_PASSWORD', 'short'],
    ['JWT_SECRET', 'too-short'],
    ['LOG_LEVEL', 'loud'],
  ])('stops with a message that names %s when its value is wrong', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });
});
