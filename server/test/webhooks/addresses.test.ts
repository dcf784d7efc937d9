/**
 * Addresses a webhook may not be sent to, by default (WEBHOOK_ALLOW_PRIVATE unset): plain http,
 * and hosts on private, loopback, link-local or reserved ranges, refused at registration with
 * nothing stored, and again when a delivery connects.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../src/webhooks/address.ts';
import { sendAttempt } from '../../src/webhooks/send.ts';
import { forEachApp } from '../helpers.ts';
import { startReceiver } from './receiver.ts';

describe('isPrivateAddress', () => {
  it('knows the private, loopback, link-local and reserved ranges, in IPv4 and IPv6', () => {
    for (const address of [
      '127.0.0.1',
      '10.2.3.4',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      'not-an-ip',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '172.32.0.1', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);
  });
});

describe('a delivery to a private address', () => {
  it('is refused when it connects, by name or by address, unless allowed', async () => {
    const receiver = await startReceiver();
    const attempt = { secret: 'whsec_AAAA', messageId: 'msg_1', body: '{}', timestamp: 1 };
    const port = new URL(receiver.url).port;
    for (const url of [`http://127.0.0.1:${port}/x`, `http://localhost:${port}/x`]) {
      const result = await sendAttempt({ ...attempt, url }, { allowPrivate: false, timeoutMs: 5000 });
      expect(result, url).toMatchObject({ ok: false, status: null });
    }
    expect(receiver.received).toHaveLength(0);
    const allowed = await sendAttempt(
      { ...attempt, url: `${receiver.url}/x` },
      { allowPrivate: true, timeoutMs: 5000 },
    );
    expect(allowed).toEqual({ ok: true, status: 204 });
    await receiver.close();
  });
});

forEachApp((_kind, ctx) => {
  let auth: { authorization: string };
  beforeAll(async () => {
    auth = await ctx().auth('courtier');
  });

  it('refuses http, loopback, private and link-local addresses at registration, storing nothing', async () => {
    for (const url of [
      'http://crm.example.com/hook',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://[::1]/hook',
      'https://10.0.0.5/hook',
      'https://192.168.1.20:8443/hook',
      'https://169.254.169.254/latest/meta-data',
    ]) {
      const response = await ctx().app.inject({
        method: 'POST',
        url: '/api/webhooks',
        headers: auth,
        payload: { url, events: ['policy.event'] },
      });
      expect(response.statusCode, url).toBe(400);
      expect((response.json() as { fieldErrors: { field: string }[] }).fieldErrors).toEqual([
        expect.objectContaining({ objectName: 'webhook', field: 'url' }),
      ]);
    }
    expect(await ctx().db.query('select id from webhook_endpoint')).toEqual([]);
    // A public address written as an IP needs no lookup: accepted.
    const ok = await ctx().app.inject({
      method: 'POST',
      url: '/api/webhooks',
      headers: auth,
      payload: { url: 'https://93.184.216.34/hook', events: ['policy.event'] },
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
