import { Hono } from 'hono';
import { type MailerSendResponse, mailerSendRequest } from '../../../src/core/contract';
import type { Deps } from '../deps';
import { type AppEnv, readBody, validate } from '../http';
import { requireJob } from '../records';
import { now } from '../time';

/** 10. POST /api/mailer/send: the message goes to the outbox table (the demo sends no mail). */
export function mailerRoutes({ db }: Deps) {
  const app = new Hono<AppEnv>();
  app.post('/api/mailer/send', async (c) => {
    const request = validate(mailerSendRequest, await readBody(c));
    const job = requireJob(db, request.job_id);
    db.prepare(
      'INSERT INTO mail_outbox (job_id, type, subject, message, created) VALUES (?, ?, ?, ?, ?)',
    ).run(job.id, request.type, request.subject.trim(), request.message.trim(), now());
    return c.json({
      status: 'success',
      message: 'Your message has been sent to the helpdesk',
    } satisfies MailerSendResponse);
  });
  return app;
}
