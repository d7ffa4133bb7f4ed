import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.demoData).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.exposeOtpInResponses).toBe(true);
  });

  it('production: no demo data, no codes in responses, secure cookies', () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(config.demoData).toBe(false);
    expect(config.exposeOtpInResponses).toBe(false);
    expect(config.secureCookies).toBe(true);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@h:5432/db' });
  });

  it('normalises the bootstrap phone', () => {
    const config = loadConfig({
      BOOTSTRAP_SUPERADMIN_PHONE: '+966 55 000 0009',
      BOOTSTRAP_SUPERADMIN_PASSWORD: 'long-enough',
    });
    expect(config.bootstrapSuperAdmin).toEqual({ phone: '0550000009', password: 'long-enough' });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SMS_PROVIDER: 'carrier-pigeon' }, 'SMS_PROVIDER'],
    [{ DEMO_DATA: 'maybe' }, 'DEMO_DATA'],
    [
      { BOOTSTRAP_SUPERADMIN_PHONE: '12345', BOOTSTRAP_SUPERADMIN_PASSWORD: 'long-enough' },
      'BOOTSTRAP_SUPERADMIN_PHONE',
    ],
    [{ BOOTSTRAP_SUPERADMIN_PHONE: '0550000009' }, 'BOOTSTRAP_SUPERADMIN_PASSWORD'],
  ])('refuses %o naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(variable);
  });
});

describe('brand variables', () => {
  it('are part of the configuration, a bad one named in the message', () => {
    expect(loadConfig({ BRAND_NAME: 'شريك بلس' }).brand.productName).toBe('شريك بلس');
    expect(() => loadConfig({ BRAND_EMAIL: 'not-an-email' })).toThrow(/BRAND_EMAIL/);
  });
});
