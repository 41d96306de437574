import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailerSendResponse } from '../../src/core/contract';
import { createHost, decoded, errorOf, type Host } from './host';

let host: Host;
beforeEach(() => {
  host = createHost();
});
afterEach(() => host.close());

const message = {
  job_id: 1001,
  subject: 'Job 1001',
  message: 'Please call the store.',
  type: 'helpdesk',
};

describe('POST /api/mailer/send (call 10)', () => {
  it('puts the message in the outbox', async () => {
    await decoded(await host.post('/api/mailer/send', message), mailerSendResponse);
    expect(host.row('SELECT job_id, type, subject, message FROM mail_outbox')).toEqual(message);
  });

  it('refuses another type or an empty message, changing nothing; 404 for an unknown job', async () => {
    const before = host.snapshot();
    expect(
      await errorOf(await host.post('/api/mailer/send', { ...message, type: 'sales' }), 400),
    ).toMatch(/type/);
    expect(
      await errorOf(await host.post('/api/mailer/send', { ...message, message: '' }), 400),
    ).toMatch(/message/);
    expect(host.snapshot()).toBe(before);
    expect(
      await errorOf(await host.post('/api/mailer/send', { ...message, job_id: 99999 }), 404),
    ).toMatch(/Job 99999/);
  });
});
