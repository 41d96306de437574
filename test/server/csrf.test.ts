import { describe, expect, it } from 'vitest';
import { CSRF_MESSAGE, createCsrfToken, isSignedToken } from '../../demo/server/csrf';
import { mailerSendResponse } from '../../src/core/contract';
import { createHost, decoded, errorOf, SECRET, TOKEN } from './host';

const mail = { job_id: '1001', subject: 'Job 1001', message: 'Please call.', type: 'helpdesk' };

describe('CSRF protection (CakePHP CsrfProtectionMiddleware)', () => {
  it('sets a random, signed csrfToken cookie when missing and renders it in the csrf-token meta', async () => {
    const host = createHost();
    const response = await host.request('/dashboard');
    const cookie = response.headers.get('set-cookie') ?? '';
    const token = /^csrfToken=([\w-]{22}\.[\w-]{43}); Path=\/; SameSite=Lax$/.exec(cookie)?.[1];
    expect(token).toBeDefined();
    expect(isSignedToken(token ?? '', SECRET)).toBe(true);
    expect(isSignedToken(token ?? '', 'another secret')).toBe(false);
    expect(await response.text()).toContain(`<meta name="csrf-token" content="${token}">`);
    const other = (await host.request('/api/priorities/index')).headers.get('set-cookie');
    expect(other).toMatch(/^csrfToken=/);
    expect(other).not.toBe(cookie);
    host.close();
  });

  it('keeps an existing cookie and renders that token', async () => {
    const host = createHost();
    const response = await host.get('/dashboard');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.text()).toContain(`content="${TOKEN}"`);
    host.close();
  });

  it('answers 403 to a POST without the token, or with a wrong one, and changes nothing', async () => {
    const host = createHost();
    const before = host.snapshot();
    const withoutToken = await host.post('/api/mailer/send', mail, { csrf: false });
    expect(await errorOf(withoutToken, 403)).toBe(CSRF_MESSAGE);
    expect(CSRF_MESSAGE).toBe('Missing or incorrect CSRF token');
    const wrong = await host.request('/api/mailer/send', {
      method: 'POST',
      headers: {
        cookie: `csrfToken=${TOKEN}`,
        'X-CSRF-Token': 'b'.repeat(64),
        'content-type': 'application/json',
      },
      body: JSON.stringify(mail),
    });
    expect(await errorOf(wrong, 403)).toBe(CSRF_MESSAGE);
    const noCookie = await host.request('/api/mailer/send', {
      method: 'POST',
      headers: { 'X-CSRF-Token': TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify(mail),
    });
    expect(await errorOf(noCookie, 403)).toBe(CSRF_MESSAGE);
    expect(host.snapshot()).toBe(before);
    host.close();
  });

  it('refuses a cookie and token pair it did not sign (chosen by an attacker), and changes nothing', async () => {
    const host = createHost();
    const before = host.snapshot();
    const forged = [
      'a'.repeat(64),
      createCsrfToken('a guessed secret'),
      `${'b'.repeat(22)}.${TOKEN.split('.')[1]}`,
      `${TOKEN}x`,
      '.',
    ];
    for (const token of forged) {
      const response = await host.request('/api/mailer/send', {
        method: 'POST',
        headers: {
          cookie: `csrfToken=${token}`,
          'X-CSRF-Token': token,
          'content-type': 'application/json',
        },
        body: JSON.stringify(mail),
      });
      expect(await errorOf(response, 403)).toBe(CSRF_MESSAGE);
      // A good token comes with the refusal, so the next page works.
      const fresh = /^csrfToken=([^;]+);/.exec(response.headers.get('set-cookie') ?? '')?.[1];
      expect(isSignedToken(fresh ?? '', SECRET)).toBe(true);
    }
    expect(host.snapshot()).toBe(before);
    host.close();
  });

  it('replaces a cookie it did not sign on a page, and renders the new token', async () => {
    const host = createHost();
    const response = await host.request('/dashboard', {
      headers: { cookie: `csrfToken=${'a'.repeat(64)}` },
    });
    const fresh = /^csrfToken=([^;]+);/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';
    expect(isSignedToken(fresh, SECRET)).toBe(true);
    expect(await response.text()).toContain(`<meta name="csrf-token" content="${fresh}">`);
    host.close();
  });

  it('accepts the token in the X-CSRF-Token header', async () => {
    const host = createHost();
    await decoded(await host.post('/api/mailer/send', mail), mailerSendResponse);
    host.close();
  });

  it('accepts the token as a _csrfToken form field', async () => {
    const host = createHost();
    const form = new URLSearchParams({ ...mail, _csrfToken: TOKEN });
    await decoded(
      await host.post('/api/mailer/send', form, { as: 'form', csrf: false }),
      mailerSendResponse,
    );
    expect(host.count('mail_outbox')).toBe(1);
    const wrongField = new URLSearchParams({ ...mail, _csrfToken: 'nope' });
    expect(
      await errorOf(
        await host.post('/api/mailer/send', wrongField, { as: 'form', csrf: false }),
        403,
      ),
    ).toBe(CSRF_MESSAGE);
    host.close();
  });

  it('protects PUT, PATCH and DELETE too', async () => {
    const host = createHost();
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await host.request('/api/mailer/send', {
        method,
        headers: { cookie: `csrfToken=${TOKEN}` },
      });
      expect(await errorOf(response, 403)).toBe(CSRF_MESSAGE);
    }
    host.close();
  });
});
