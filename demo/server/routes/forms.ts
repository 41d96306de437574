import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { CAPEX_NEEDS_LIMIT, canApproveCapex } from '../../../src/core/capex-approver';
import { mayTake, notPossible } from '../../../src/core/job-lifecycle';
import { DUPLICATE_INVOICE } from '../../../src/core/job-messages';
import { hasMoreThanTwoDecimals, MAX_AMOUNT, toTwoDecimals } from '../../../src/core/money-input';
import { checkPassword, policyFromConfig } from '../../../src/core/password';
import { parseParams } from '../../../src/core/routes';
import messages from '../../../widgets/password-form/messages';
import { documentationPage, type FormUser, passwordPage, userEditPage } from '../../pages/forms';
import type { Db } from '../db';
import type { Deps } from '../deps';
import { setFlash } from '../flash';
import { type AppEnv, type AppHandler, asksForJson, HttpError, readBody } from '../http';
import { pageContext, renderNotFound } from '../page-context';
import { hasInvoice } from '../records';
import { now, toDisplay } from '../time';

/** The reference host has no sign-in: its password page acts for this user (Jane Smith). */
export const SIGNED_IN_USER_ID = 2;
/** Her password until she changes it (no row in user_passwords yet). */
export const DEMO_PASSWORD = 'Portal-Start-26';

export const PASSWORD_CHANGED = 'Your password has been changed.';
export const WRONG_OLD_PASSWORD = 'Your old password is not correct.';
export const USER_SAVED = 'The user has been saved.';
export const COST_SAVED = 'The cost has been saved.';

/** The host answers in the form's default words: docs/requirements.md §5's messages. */
const passwordWords = messages.passwordForm;

type Fields = Record<string, unknown>;

/** `User[...]` / `Cost[...]` of a native form post, as CakePHP's `getData('User')`. */
async function modelFields(c: Context<AppEnv>, model: string): Promise<Fields> {
  const fields = (await readBody(c))[model];
  return fields && typeof fields === 'object' && !Array.isArray(fields) ? (fields as Fields) : {};
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** An amount as the forms read it ('' → 0, '1,250.5' → 1250.5); NaN when it is not one. */
function amount(value: unknown): number {
  const formatted = toTwoDecimals(text(value));
  return formatted === null ? Number.NaN : Number(formatted);
}

function hashPassword(password: string, salt = randomBytes(16).toString('hex')): string {
  return `${salt}:${scryptSync(password, salt, 32).toString('hex')}`;
}

function isPassword(password: string, stored: string | undefined): boolean {
  if (stored === undefined) return password === DEMO_PASSWORD;
  const [salt = ''] = stored.split(':');
  const given = Buffer.from(hashPassword(password, salt));
  return given.length === stored.length && timingSafeEqual(given, Buffer.from(stored));
}

/**
 * The native form posts of the forms issue, answered as a CakePHP controller would: fields read
 * from `Model[field]`, the CSRF token from `_csrfToken` (csrf.ts), the input checked again, the
 * outcome flashed and the browser redirected (post/redirect/get).
 */
export function formRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/users/password', showPasswordForm(deps));
  app.post('/users/password', changePassword(deps));
  app.get('/users/edit/:userId{[0-9]+}', showUserEditForm(deps));
  app.post('/users/edit/:userId{[0-9]+}', saveUser(deps));
  app.post('/costs/add/:jobId{[0-9]+}', addCost(deps));
  // /documentation, /documentation/site_id:3 and the like (the site switcher of
  // docs/requirements.md §2).
  app.get('/documentation/*', showDocumentation(deps));
  app.get('/documentation', showDocumentation(deps));
  return app;
}

function findFormUser(db: Db, id: number): FormUser | undefined {
  const row = db
    .prepare(
      'SELECT id, name, username, email, authorisation_quote, capex_approver FROM users WHERE id = ?',
    )
    .get(id) as (Omit<FormUser, 'capex_approver'> & { capex_approver: 0 | 1 }) | undefined;
  return row ? { ...row, capex_approver: row.capex_approver === 1 } : undefined;
}

function showPasswordForm(deps: Deps): AppHandler {
  const { db } = deps;
  return (c: Context<AppEnv>) => {
    const user = findFormUser(db, SIGNED_IN_USER_ID);
    if (!user) return renderNotFound(c, deps);
    const modified = db
      .prepare('SELECT modified FROM user_passwords WHERE user_id = ?')
      .pluck()
      .get(user.id) as string | undefined;
    return c.html(
      passwordPage(
        pageContext(c, deps),
        user,
        modified === undefined
          ? { changed: false, demoPassword: DEMO_PASSWORD }
          : { changed: true, modified: toDisplay(modified) },
      ),
    );
  };
}

function changePassword(deps: Deps): AppHandler {
  const { db } = deps;
  return async (c: Context<AppEnv>) => {
    const user = findFormUser(db, SIGNED_IN_USER_ID);
    if (!user) return renderNotFound(c, deps);
    const fields = await modelFields(c, 'User');
    const old = text(fields.old_password);
    const password = text(fields.password);
    const stored = (
      db.prepare('SELECT hash FROM user_passwords WHERE user_id = ?').get(user.id) as
        | { hash: string }
        | undefined
    )?.hash;
    const unmet = checkPassword(
      {
        password,
        confirm: text(fields.confirm_password),
        old,
        name: user.name,
        username: user.username,
      },
      policyFromConfig(deps.settings()),
      passwordWords,
    ).filter((rule) => !rule.met);
    if (!isPassword(old, stored)) {
      setFlash(c, { kind: 'danger', message: WRONG_OLD_PASSWORD });
    } else if (unmet.length > 0) {
      setFlash(c, { kind: 'danger', message: unmet.map((rule) => rule.message).join('. ') });
    } else {
      db.prepare(
        `INSERT INTO user_passwords (user_id, hash, modified) VALUES (?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET hash = excluded.hash, modified = excluded.modified`,
      ).run(user.id, hashPassword(password), now());
      setFlash(c, { kind: 'success', message: PASSWORD_CHANGED });
    }
    return c.redirect('/users/password', 302);
  };
}

function showUserEditForm(deps: Deps): AppHandler {
  const { db } = deps;
  return (c: Context<AppEnv>) => {
    const user = findFormUser(db, Number(c.req.param('userId')));
    if (!user) return renderNotFound(c, deps);
    return c.html(userEditPage(pageContext(c, deps), user));
  };
}

function saveUser(deps: Deps): AppHandler {
  const { db } = deps;
  return async (c: Context<AppEnv>) => {
    const user = findFormUser(db, Number(c.req.param('userId')));
    if (!user) return renderNotFound(c, deps);
    const fields = await modelFields(c, 'User');
    const name = text(fields.name).trim();
    const email = text(fields.email).trim();
    const limit = amount(fields.authorisation_quote);
    // CakePHP's hidden 0 comes first; a ticked box's 1 follows and wins.
    const capex = text(fields.capex_approver) === '1';
    const problems = [
      name === '' ? 'Name is required.' : null,
      /^[^@\s]+@[^@\s]+$/.test(email) ? null : 'Email must be an email address.',
      Number.isNaN(limit) ? 'Quote authorisation must be an amount.' : null,
      limit < 0 ? 'Quote authorisation cannot be negative.' : null,
      limit > MAX_AMOUNT ? 'Quote authorisation must be at most 99,999,999.99.' : null,
      hasMoreThanTwoDecimals(text(fields.authorisation_quote))
        ? 'Quote authorisation must have at most 2 decimal places.'
        : null,
      capex && !canApproveCapex(text(fields.authorisation_quote)) ? CAPEX_NEEDS_LIMIT : null,
    ].filter((problem) => problem !== null);
    if (problems.length > 0) {
      setFlash(c, { kind: 'danger', message: problems.join(' ') });
    } else {
      db.prepare(
        'UPDATE users SET name = ?, email = ?, authorisation_quote = ?, capex_approver = ? WHERE id = ?',
      ).run(name, email, limit, capex ? 1 : 0, user.id);
      setFlash(c, { kind: 'success', message: USER_SAVED });
    }
    return c.redirect(`/users/edit/${user.id}`, 302);
  };
}

/** The cost form's post: a cost or quote with its Labour, Materials and Other lines. */
function addCost(deps: Deps): AppHandler {
  const { db } = deps;
  return async (c: Context<AppEnv>) => {
    const jobId = Number(c.req.param('jobId'));
    const job = db.prepare('SELECT id, status_id, cancelled FROM jobs WHERE id = ?').get(jobId) as
      | { id: number; status_id: number; cancelled: 0 | 1 }
      | undefined;
    if (!job) return renderNotFound(c, deps);
    const back = /^\/(client|contractor)\/jobs\/view\/\d+$/.exec(
      new URL(c.req.header('referer') ?? 'http://host/', 'http://host').pathname,
    )?.[0];
    // A cost on a rejected job could never be decided (the job lifecycle). The user is brought
    // back to the job with the message, as for any refused post; a client asking for JSON gets
    // the refusal as the calls answer one.
    const state = { ...job, cancelled: job.cancelled === 1 };
    if (!mayTake('approveCost', 'client', state)) {
      if (asksForJson(c)) throw new HttpError(409, notPossible('Adding a cost', state));
      setFlash(c, { kind: 'danger', message: notPossible('Adding a cost', state) });
      return c.redirect(back ?? `/client/jobs/view/${jobId}`, 302);
    }
    const fields = await modelFields(c, 'Cost');
    const invoice = text(fields.invoice_number).trim();
    const description = text(fields.description).trim();
    const typeId = Number(text(fields.cost_type_id));
    const parts = [
      ['Labour', amount(fields.labour)],
      ['Materials', amount(fields.materials)],
      ['Other', amount(fields.other)],
    ] as const;
    const total = parts.reduce((sum, [, value]) => sum + value, 0);
    const duplicate = invoice !== '' && hasInvoice(db, invoice);
    const problems = [
      Number(text(fields.job_id)) === jobId ? null : 'The cost is not for this job.',
      typeId === 1 || typeId === 3 ? null : 'Type must be Cost or Quote.',
      description === '' ? 'Description is required.' : null,
      parts.some(([, value]) => Number.isNaN(value))
        ? 'Amounts must be numbers, such as 120.50.'
        : null,
      parts.some(([, value]) => value < 0) ? 'Amounts cannot be negative.' : null,
      parts.some(([, value]) => value > MAX_AMOUNT)
        ? 'Amounts must be at most 99,999,999.99.'
        : null,
      parts.every(([, value]) => value >= 0) && total <= 0 ? 'Enter at least one amount.' : null,
      duplicate ? DUPLICATE_INVOICE : null,
    ].filter((problem) => problem !== null);
    if (problems.length > 0) {
      setFlash(c, { kind: 'danger', message: problems.join(' ') });
    } else {
      db.transaction(() => {
        const costId = db
          .prepare(
            `INSERT INTO costs (job_id, cost_type_id, invoice_number, total, created)
             VALUES (?, ?, ?, ?, ?)`,
          )
          .run(jobId, typeId, invoice === '' ? null : invoice, total, now()).lastInsertRowid;
        const row = db.prepare(
          `INSERT INTO cost_breakdowns (cost_id, type_name, subtype_name, description, value, quantity, markup_percent, total)
           VALUES (?, ?, '', ?, ?, 1, 0, ?)`,
        );
        for (const [name, value] of parts) {
          if (value > 0) row.run(costId, name, description, value, value);
        }
      })();
      setFlash(c, { kind: 'success', message: COST_SAVED });
    }
    return c.redirect(back ?? `/client/jobs/view/${jobId}`, 302);
  };
}

function showDocumentation(deps: Deps): AppHandler {
  const { db } = deps;
  return (c: Context<AppEnv>) => {
    const sites = db.prepare('SELECT id, name FROM sites ORDER BY name').all() as {
      id: number;
      name: string;
    }[];
    const siteId = parseParams(c.req.path).site_id;
    const current = sites.find((site) => String(site.id) === siteId) ?? null;
    if (siteId !== undefined && !current) return renderNotFound(c, deps);
    return c.html(documentationPage(pageContext(c, deps), sites, current));
  };
}
