import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT, redactUrl } from '../src/config.ts';

const tmp = () => mkdtempSync(join(tmpdir(), 'extranet-config-'));

describe('configuration', () => {
  it('has working defaults', () => {
    const cwd = tmp();
    const config = loadConfig({}, { cwd });
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(join(cwd, 'data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.databasePoolSize).toBe(10);
    expect(config.pgliteDir).toBe(join(cwd, 'data', 'pglite'));
    expect(config.webDist).toBe(join(REPO_ROOT, 'web', 'dist'));
    expect(config.baseUrl).toBe('http://localhost:8080');
    expect(config.logLevel).toBe('info');
    expect(config.smtpUrl).toBeUndefined();
    expect(config.shutdownTimeoutSeconds).toBe(10);
  });

  it('generates the JWT secret once and keeps it in the data folder, readable by the owner only', () => {
    const cwd = tmp();
    const first = loadConfig({}, { cwd });
    expect(first.jwtSecret?.length).toBeGreaterThanOrEqual(64);
    const file = join(cwd, 'data', 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.jwtSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({}, { cwd }).jwtSecret).toBe(first.jwtSecret);
    expect(loadConfig({}, { cwd: tmp() }).jwtSecret).not.toBe(first.jwtSecret);
  });

  it('never generates a JWT secret per instance for PostgreSQL (the database holds the shared one)', () => {
    const cwd = tmp();
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/extranet' }, { cwd });
    expect(config.jwtSecret).toBeUndefined();
    expect(existsSync(join(cwd, 'data', 'jwt-secret'))).toBe(false);
    const given = loadConfig({ DATABASE_URL: 'postgres://db/x', JWT_SECRET: 's'.repeat(40) }, { cwd });
    expect(given.jwtSecret).toBe('s'.repeat(40));
  });

  it('takes DATABASE_READ_URL only beside DATABASE_URL', () => {
    const cwd = tmp();
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/x' }, { cwd })).toThrow(
      /DATABASE_READ_URL needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://db/x', DATABASE_READ_URL: 'http://replica/x' }, { cwd }),
    ).toThrow(ConfigError);
    const config = loadConfig(
      { DATABASE_URL: 'postgres://db/x', DATABASE_READ_URL: 'postgres://replica/x' },
      { cwd },
    );
    expect(config.databaseReadUrl).toBe('postgres://replica/x');
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9090',
        DATA_DIR: '/tmp/x-data',
        DATABASE_URL: 'postgres://u:p@db:5432/extranet',
        DATABASE_POOL_SIZE: '32',
        JWT_SECRET: 's'.repeat(40),
        SMTP_URL: 'smtp://mail:25',
        MAIL_FROM: 'Extranet <noreply@example.com>',
        BASE_URL: 'https://extranet.example.com/',
        RIBBON_ENV: 'recette',
        LOG_LEVEL: 'WARN',
        WEB_DIST: '/srv/web',
        SEED_DEMO: 'true',
        AFTER_SALES_ADDRESSES: 'UCR = sav@ucr.example; *=sav@example.com',
        AFTER_SALES_RETRY_SECONDS: '60',
        AFTER_SALES_LIMIT_PER_HOUR: '5',
        SHUTDOWN_TIMEOUT_SECONDS: '30',
      },
      { cwd: tmp() },
    );
    expect(config).toMatchObject({
      port: 9090,
      dataDir: '/tmp/x-data',
      databaseUrl: 'postgres://u:p@db:5432/extranet',
      databasePoolSize: 32,
      jwtSecret: 's'.repeat(40),
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Extranet <noreply@example.com>',
      baseUrl: 'https://extranet.example.com',
      ribbonEnv: 'recette',
      logLevel: 'warn',
      webDist: '/srv/web',
      seedDemo: true,
      afterSales: {
        addresses: { UCR: 'sav@ucr.example', '*': 'sav@example.com' },
        retrySeconds: 60,
        limitPerHour: 5,
      },
      shutdownTimeoutSeconds: 30,
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL/],
    [{ DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE/],
    [{ DATABASE_POOL_SIZE: 'many' }, /DATABASE_POOL_SIZE/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO/],
    [{ MAIL_FROM: 'nobody' }, /MAIL_FROM/],
    [{ AFTER_SALES_ADDRESSES: 'UCR=not-an-address' }, /AFTER_SALES_ADDRESSES/],
    [{ AFTER_SALES_RETRY_SECONDS: '0' }, /AFTER_SALES_RETRY_SECONDS/],
    [{ AFTER_SALES_RETRY_SECONDS: '86401' }, /AFTER_SALES_RETRY_SECONDS/],
    [{ AFTER_SALES_LIMIT_PER_HOUR: 'ten' }, /AFTER_SALES_LIMIT_PER_HOUR/],
    [{ SHUTDOWN_TIMEOUT_SECONDS: '0' }, /SHUTDOWN_TIMEOUT_SECONDS/],
    [{ SHUTDOWN_TIMEOUT_SECONDS: '3601' }, /SHUTDOWN_TIMEOUT_SECONDS/],
    [{ SHUTDOWN_TIMEOUT_SECONDS: 'soon' }, /SHUTDOWN_TIMEOUT_SECONDS/],
  ])('refuses %o with a message naming the variable', (env, pattern) => {
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), ...env }, { cwd: tmp() })).toThrow(pattern);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), ...env }, { cwd: tmp() })).toThrow(ConfigError);
  });

  it('never prints a database password', () => {
    expect(redactUrl('postgres://user:secret@db:5432/x')).toBe('postgres://user:***@db:5432/x');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://user:secret@db/x' }, { cwd: tmp() })).toThrow(
      /^(?!.*secret)/,
    );
  });
});
