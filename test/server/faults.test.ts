import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MALFORMED_JSON } from '../../demo/server/faults';
import { LAST_ARCHIVED_JOB_ID } from '../../demo/server/seed/generators';
import { startScratchServer } from '../../demo/server/start';
import { dashboardTileResponse, errorResponse } from '../../src/core/contract';
import { createHost, decoded, errorOf, type Host, TOKEN } from './host';

const arm = (host: Host, fault: Record<string, unknown>) =>
  host.request('/__test/faults', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });

describe('test-mode fault switch', () => {
  it('answers 500 with a JSON error on the armed path only, without a CSRF token', async () => {
    const host = createHost({ testMode: true });
    expect((await arm(host, { path: '/dashboards/fetch/2', fault: '500' })).status).toBe(200);
    await decoded(await host.get('/dashboards/fetch/2'), errorResponse, 500);
    await decoded(await host.get('/dashboards/fetch/2/false'), errorResponse, 500);
    await decoded(await host.get('/dashboards/fetch/1'), dashboardTileResponse);
    host.close();
  });

  it('sends malformed JSON', async () => {
    const host = createHost({ testMode: true });
    await arm(host, { path: '/dashboards/fetch/2', fault: 'malformed' });
    const response = await host.get('/dashboards/fetch/2');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await response.text();
    expect(text).toBe(MALFORMED_JSON);
    expect(() => JSON.parse(text)).toThrow();
    host.close();
  });

  it('sends an HTML login page', async () => {
    const host = createHost({ testMode: true });
    await arm(host, { path: '/api/costs', fault: 'login' });
    const response = await host.get('/api/costs/index/1001');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toMatch(/<form[^>]*action="\/users\/login"/);
    host.close();
  });

  it('stalls on timeout until the client gives up', async () => {
    const host = createHost({ testMode: true });
    await arm(host, { path: '/dashboards/fetch/2', fault: 'timeout' });
    const controller = new AbortController();
    const pending = Promise.resolve(
      host.request('/dashboards/fetch/2', { signal: controller.signal }),
    );
    const raced = await Promise.race([
      pending.then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 300)),
    ]);
    expect(raced).toBe('still waiting');
    controller.abort();
    expect((await pending).status).toBe(504);
    host.close();
  });

  it('drop: the handler commits, then the connection is dropped before any answer', async () => {
    const server = await startScratchServer('fm-drop', { testMode: true, quiet: true });
    try {
      await fetch(`${server.url}/__test/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: '/api/site_times/save', fault: 'drop', times: 1 }),
      });
      const cookie = (await fetch(`${server.url}/api/priorities/index`)).headers
        .get('set-cookie')
        ?.split(';')[0] as string;
      const save = () =>
        fetch(`${server.url}/api/site_times/save`, {
          method: 'POST',
          headers: {
            cookie,
            'X-CSRF-Token': cookie.slice(cookie.indexOf('=') + 1),
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            id: null,
            job_id: 1004,
            geo: { lat: 53.796, long: -1.547, accuracy: 5 },
            action: 'remotefix',
            action_id: 'c0ffee00-0000-4000-8000-000000000001',
          }),
        });
      await expect(save()).rejects.toThrow(/fetch failed/);
      const stored = () => {
        const db = new Database(server.dbPath, { readonly: true });
        try {
          return db.prepare('SELECT COUNT(*) FROM site_times WHERE job_id = 1004').pluck().get();
        } finally {
          db.close();
        }
      };
      expect(stored()).toBe(1);
      // The fault was for one request: the repeat gets the first answer, and nothing new is stored.
      expect((await save()).status).toBe(200);
      expect(stored()).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('drop without a connection to drop (app.request) commits, then stalls', async () => {
    const host = createHost({ testMode: true });
    await arm(host, { path: '/api/mailer/send', fault: 'drop' });
    const controller = new AbortController();
    const pending = Promise.resolve(
      host.request('/api/mailer/send', {
        method: 'POST',
        signal: controller.signal,
        headers: {
          cookie: `csrfToken=${TOKEN}`,
          'X-CSRF-Token': TOKEN,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ job_id: '1001', subject: 's', message: 'm', type: 'helpdesk' }),
      }),
    );
    await expect.poll(() => host.count('mail_outbox')).toBe(1);
    controller.abort();
    expect((await pending).status).toBe(504);
    host.close();
  });

  it('limits a fault to `times` requests, and DELETE clears the rest', async () => {
    const host = createHost({ testMode: true });
    await arm(host, { path: '/dashboards/fetch/1', fault: '500', times: 2 });
    await arm(host, { path: '/dashboards/fetch/3', fault: '500' });
    expect((await host.get('/dashboards/fetch/1')).status).toBe(500);
    expect((await host.get('/dashboards/fetch/1')).status).toBe(500);
    expect((await host.get('/dashboards/fetch/1')).status).toBe(200);
    expect((await host.get('/dashboards/fetch/3')).status).toBe(500);
    const listed = (await (await host.request('/__test/faults')).json()) as {
      faults: { path: string }[];
    };
    expect(listed.faults.map((fault) => fault.path)).toEqual(['/dashboards/fetch/3']);
    expect((await host.request('/__test/faults', { method: 'DELETE' })).status).toBe(200);
    expect((await host.get('/dashboards/fetch/3')).status).toBe(200);
    host.close();
  });

  it('refuses a bad fault request', async () => {
    const host = createHost({ testMode: true });
    expect(await errorOf(await arm(host, { path: '/x', fault: 'slow' }), 400)).toMatch(/fault/);
    expect(await errorOf(await arm(host, { path: 'x', fault: '500' }), 400)).toMatch(/path/);
    expect(await errorOf(await arm(host, { path: '/x', fault: '500', times: 0 }), 400)).toMatch(
      /times/,
    );
    host.close();
  });

  it('reseeds the database on POST /__test/reset', async () => {
    const host = createHost({ testMode: true });
    host.db.prepare('UPDATE jobs SET status_id = 12, cancelled = 1 WHERE id = 1001').run();
    host.db
      .prepare(
        "INSERT INTO mail_outbox (job_id, type, subject, message, created) VALUES (1001, 'helpdesk', 's', 'm', '2026-01-01 00:00:00')",
      )
      .run();
    expect((await host.request('/__test/reset', { method: 'POST' })).status).toBe(200);
    expect(host.row('SELECT status_id, cancelled FROM jobs WHERE id = 1001')).toEqual({
      status_id: 4,
      cancelled: 0,
    });
    expect(host.count('jobs')).toBe(LAST_ARCHIVED_JOB_ID - 1000);
    expect(host.count('mail_outbox')).toBe(0);
    host.close();
  });

  it('is absent outside test mode', async () => {
    const host = createHost({ testMode: false });
    expect((await arm(host, { path: '/dashboards/fetch/2', fault: '500' })).status).toBe(404);
    expect((await host.request('/__test/faults')).status).toBe(404);
    expect((await host.request('/__test/faults', { method: 'DELETE' })).status).toBe(404);
    expect((await host.request('/__test/reset', { method: 'POST' })).status).toBe(404);
    await decoded(await host.get('/dashboards/fetch/2'), dashboardTileResponse);
    host.close();
  });
});
