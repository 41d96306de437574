import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  COST_SAVED,
  DEMO_PASSWORD,
  PASSWORD_CHANGED,
  SIGNED_IN_USER_ID,
  USER_SAVED,
  WRONG_OLD_PASSWORD,
} from '../../demo/server/routes/forms';
import { CAPEX_NEEDS_LIMIT } from '../../src/core/capex-approver';
import { DUPLICATE_INVOICE } from '../../src/core/job-messages';
import {
  createHost,
  errorOf,
  flashAfter as flashOf,
  type Host,
  postForm as post,
  TOKEN,
} from './host';

let host: Host;
beforeEach(() => {
  host = createHost();
});
afterEach(() => host.close());

const postForm = (
  path: string,
  fields: Record<string, string | string[]>,
  token = TOKEN,
  headers: Record<string, string> = {},
) => post(host, path, fields, token, headers);
const flashAfter = (response: Response) => flashOf(host, response);

const GOOD = 'Brisk-Lake-42';

describe('/users/password', () => {
  it('renders the password form for the signed-in user', async () => {
    const text = await (await host.get('/users/password')).text();
    expect(text).toContain(
      '<fm-password-form data-action="/users/password" data-name="Jane Smith" data-username="jane.smith" data-has-old>',
    );
    expect(text).toContain(`<code>${DEMO_PASSWORD}</code>`);
    expect(text).not.toContain('Your password was last changed');
  });

  it('refuses a wrong old password, then rule failures, and stores a good one', async () => {
    const stored = () =>
      host.db.prepare('SELECT hash FROM user_passwords WHERE user_id = ?').get(SIGNED_IN_USER_ID);
    expect(
      await flashAfter(
        await postForm('/users/password', {
          'User[old_password]': 'nope',
          'User[password]': GOOD,
          'User[confirm_password]': GOOD,
        }),
      ),
    ).toBe(WRONG_OLD_PASSWORD);
    expect(
      await flashAfter(
        await postForm('/users/password', {
          'User[old_password]': DEMO_PASSWORD,
          'User[password]': 'jane-Smith-42',
          'User[confirm_password]': 'jane-Smith-4',
        }),
      ),
    ).toBe('Password can&#39;t contain part of your name or username. Passwords don&#39;t match');
    expect(stored()).toBeUndefined();

    expect(
      await flashAfter(
        await postForm('/users/password', {
          'User[old_password]': DEMO_PASSWORD,
          'User[password]': GOOD,
          'User[confirm_password]': GOOD,
        }),
      ),
    ).toBe(PASSWORD_CHANGED);
    expect(stored()).toBeDefined();
    // The page stops advertising the demo password once it no longer works, and says when it
    // was changed (the flash shows once).
    const after = await (await host.get('/users/password')).text();
    expect(after).not.toContain(DEMO_PASSWORD);
    expect(after).toMatch(
      /<p id="password-changed">Your password was last changed on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.<\/p>/,
    );
    // The new password is now the old one.
    expect(
      await flashAfter(
        await postForm('/users/password', {
          'User[old_password]': DEMO_PASSWORD,
          'User[password]': 'Other-Lake-43',
          'User[confirm_password]': 'Other-Lake-43',
        }),
      ),
    ).toBe(WRONG_OLD_PASSWORD);
  });

  it('needs the CSRF token', async () => {
    const response = await postForm('/users/password', { 'User[password]': GOOD }, 'wrong');
    expect(response.status).toBe(403);
  });

  it('brings a form posted with a stale token back to its page with the message, not a bare answer', async () => {
    const stale = await postForm('/users/password', { 'User[password]': GOOD }, 'stale', {
      referer: 'http://127.0.0.1:8080/users/password',
    });
    expect(stale.headers.get('location')).toBe('/users/password');
    expect(await flashAfter(stale)).toMatch(/CSRF|token/i);
    // From another site's page: no redirect to it, the bare refusal.
    const elsewhere = await postForm('/users/password', { 'User[password]': GOOD }, 'stale', {
      referer: 'https://elsewhere.example/users/password',
    });
    expect(elsewhere.status).toBe(403);
  });
});

describe('/users/edit/{userId}', () => {
  const user = (id: number) =>
    host.db
      .prepare('SELECT name, email, authorisation_quote, capex_approver FROM users WHERE id = ?')
      .get(id);

  it('renders the user form with the stored values', async () => {
    const text = await (await host.get('/users/edit/2')).text();
    expect(text).toContain('data-user-id="2"');
    // Headed with whom it edits, and the way back to the users list.
    expect(text).toContain('<h1>Edit user: Jane Smith</h1>');
    expect(text).toContain('<title>Edit user: Jane Smith');
    expect(text).toContain('<a class="back-link" href="/users/index">← Users</a>');
    expect(text).toContain('data-authorisation-quote="10000" data-capex-approver');
    expect((await host.get('/users/edit/999')).status).toBe(404);
  });

  it("says the user's name as text in the heading", async () => {
    host.db.prepare("UPDATE users SET name = '<b>Jane</b> & Co' WHERE id = 2").run();
    const text = await (await host.get('/users/edit/2')).text();
    expect(text).toContain('<h1>Edit user: &lt;b&gt;Jane&lt;/b&gt; &amp; Co</h1>');
    expect(text).not.toContain('<b>Jane</b>');
  });

  it('stores the fields, reading the hidden 0 and the ticked 1 as CakePHP does', async () => {
    const fields = {
      'User[id]': '3',
      'User[name]': 'Oliver Bennett',
      'User[email]': 'oliver@example.co.uk',
      'User[authorisation_quote]': '7500.00',
      'User[capex_approver]': ['0', '1'],
    };
    expect(await flashAfter(await postForm('/users/edit/3', fields))).toBe(USER_SAVED);
    expect(user(3)).toEqual({
      name: 'Oliver Bennett',
      email: 'oliver@example.co.uk',
      authorisation_quote: 7500,
      capex_approver: 1,
    });
    expect(
      await flashAfter(
        await postForm('/users/edit/3', {
          ...fields,
          'User[authorisation_quote]': '0.00',
          'User[capex_approver]': ['0', '1'],
        }),
      ),
    ).toBe(CAPEX_NEEDS_LIMIT);
    expect(
      await flashAfter(
        await postForm('/users/edit/3', {
          ...fields,
          'User[authorisation_quote]': '0',
          'User[capex_approver]': '0',
        }),
      ),
    ).toBe(USER_SAVED);
    expect(user(3)).toMatchObject({ authorisation_quote: 0, capex_approver: 0 });
  });

  it('refuses a negative quote authorisation and keeps the stored one', async () => {
    const before = user(3);
    expect(
      await flashAfter(
        await postForm('/users/edit/3', {
          'User[id]': '3',
          'User[name]': 'Oliver Bennett',
          'User[email]': 'oliver@example.co.uk',
          'User[authorisation_quote]': '-500.00',
          'User[capex_approver]': '0',
        }),
      ),
    ).toBe('Quote authorisation cannot be negative.');
    expect(user(3)).toEqual(before);
  });

  it('refuses a quote authorisation beyond what it stores or with more than 2 decimals', async () => {
    const before = user(3);
    const post = (value: string) =>
      postForm('/users/edit/3', {
        'User[id]': '3',
        'User[name]': 'Oliver Bennett',
        'User[email]': 'oliver@example.co.uk',
        'User[authorisation_quote]': value,
        'User[capex_approver]': '0',
      });
    expect(await flashAfter(await post('99999999999'))).toBe(
      'Quote authorisation must be at most 99,999,999.99.',
    );
    expect(await flashAfter(await post('10000.555'))).toBe(
      'Quote authorisation must have at most 2 decimal places.',
    );
    expect(user(3)).toEqual(before);
  });
});

describe('/costs/add/{jobId}', () => {
  const cost = {
    'Cost[job_id]': '1006',
    'Cost[cost_type_id]': '1',
    'Cost[invoice_number]': 'INV-2002',
    'Cost[description]': 'Replaced the pump',
    'Cost[labour]': '120.50',
    'Cost[materials]': '30.00',
    'Cost[other]': '',
  };

  it('refuses a duplicate invoice number on the job', async () => {
    const before = host.db.prepare('SELECT COUNT(*) AS n FROM costs').get();
    expect(
      await flashAfter(
        await postForm('/costs/add/1006', { ...cost, 'Cost[invoice_number]': 'inv-1001' }),
      ),
    ).toBe(DUPLICATE_INVOICE);
    expect(host.db.prepare('SELECT COUNT(*) AS n FROM costs').get()).toEqual(before);
  });

  it("refuses an invoice number already on another job's cost, and keeps a new one", async () => {
    // INV-1001 is job 1006's; the form on job 1004 says the same words as on job 1006.
    const before = host.count('costs');
    expect(
      await flashAfter(
        await postForm('/costs/add/1004', {
          ...cost,
          'Cost[job_id]': '1004',
          'Cost[invoice_number]': 'INV-1001',
        }),
      ),
    ).toBe(DUPLICATE_INVOICE);
    expect(host.count('costs')).toBe(before);
    expect(
      await flashAfter(await postForm('/costs/add/1004', { ...cost, 'Cost[job_id]': '1004' })),
    ).toBe(COST_SAVED);
    expect(host.count('costs', "job_id = 1004 AND invoice_number = 'INV-2002'")).toBe(1);
  });

  it('refuses a cost on a rejected job, which no one could then decide (the job lifecycle)', async () => {
    host.db.prepare('UPDATE jobs SET status_id = 12, cancelled = 1 WHERE id = 1006').run();
    const before = host.db.prepare('SELECT COUNT(*) AS n FROM costs').get();
    // The user is brought back to the job with the message, not left on a bare answer.
    const refused = await postForm('/costs/add/1006', cost);
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toBe('/client/jobs/view/1006');
    expect(await flashAfter(refused)).toBe('Adding a cost is not possible: job 1006 is cancelled.');
    // A client asking for JSON gets the refusal as the calls answer one.
    const asked = await postForm('/costs/add/1006', cost, TOKEN, { accept: 'application/json' });
    expect(await errorOf(asked, 409)).toBe('Adding a cost is not possible: job 1006 is cancelled.');
    expect(host.db.prepare('SELECT COUNT(*) AS n FROM costs').get()).toEqual(before);
    const page = await (await host.get('/client/jobs/view/1006')).text();
    expect(page).not.toContain('<fm-cost-form');
    expect(page).toContain(
      'Job 1006 is cancelled: its costs can no longer be approved or declined.',
    );
  });

  it('stores the cost with its breakdown and goes back to the job', async () => {
    const response = await postForm('/costs/add/1006', cost);
    expect(response.headers.get('location')).toBe('/client/jobs/view/1006');
    expect(await flashAfter(response)).toBe(COST_SAVED);
    const stored = host.db
      .prepare(
        'SELECT id, cost_type_id, invoice_number, total, approved FROM costs WHERE invoice_number = ?',
      )
      .get('INV-2002') as { id: number };
    expect(stored).toMatchObject({
      cost_type_id: 1,
      invoice_number: 'INV-2002',
      total: 150.5,
      approved: null,
    });
    expect(
      host.db
        .prepare(
          'SELECT type_name, value, total FROM cost_breakdowns WHERE cost_id = ? ORDER BY id',
        )
        .all(stored.id),
    ).toEqual([
      { type_name: 'Labour', value: 120.5, total: 120.5 },
      { type_name: 'Materials', value: 30, total: 30 },
    ]);
  });

  it('says what is wrong with bad fields', async () => {
    expect(
      await flashAfter(
        await postForm('/costs/add/1006', {
          ...cost,
          'Cost[description]': ' ',
          'Cost[labour]': 'abc',
          'Cost[cost_type_id]': '2',
        }),
      ),
    ).toBe(
      'Type must be Cost or Quote. Description is required. Amounts must be numbers, such as 120.50.',
    );
  });

  it('refuses a negative amount, even when the total is above 0, and stores nothing', async () => {
    const before = host.db.prepare('SELECT COUNT(*) AS n FROM costs').get();
    expect(
      await flashAfter(await postForm('/costs/add/1006', { ...cost, 'Cost[other]': '-20.00' })),
    ).toBe('Amounts cannot be negative.');
    expect(host.db.prepare('SELECT COUNT(*) AS n FROM costs').get()).toEqual(before);
  });

  it('refuses an amount beyond what it stores (at most 99,999,999.99) and stores nothing', async () => {
    const before = host.db.prepare('SELECT COUNT(*) AS n FROM costs').get();
    expect(
      await flashAfter(
        await postForm('/costs/add/1006', { ...cost, 'Cost[labour]': '99999999999999' }),
      ),
    ).toBe('Amounts must be at most 99,999,999.99.');
    expect(host.db.prepare('SELECT COUNT(*) AS n FROM costs').get()).toEqual(before);
  });
});

describe('pages of the forms', () => {
  it('shows the cost form, the drop zone and the stored photos on the job view', async () => {
    host.db
      .prepare(
        `INSERT INTO photos (site_id, job_id, filename, stored_name, mime, size, created)
         SELECT site_id, id, 'boiler.jpg', 'abc.jpg', 'image/jpeg', 10, '2026-01-02 10:00:00' FROM jobs WHERE id = 1006`,
      )
      .run();
    const text = await (await host.get('/client/jobs/view/1006')).text();
    expect(text).toContain('<fm-cost-form data-job-id="1006" data-action="/costs/add/1006">');
    expect(text).toMatch(/<fm-upload data-site-id="\d+" data-job-id="1006">/);
    expect(text).toContain('<a href="/uploads/abc.jpg">boiler.jpg</a>');
  });

  it('serves the documentation page for a site, and 404 for an unknown one', async () => {
    const text = await (await host.get('/documentation/site_id:1')).text();
    expect(text).toContain('<fm-site-switcher data-sites="[{&quot;id&quot;:');
    expect(text).toContain('Documents for ');
    expect((await host.get('/documentation/site_id:999')).status).toBe(404);
    expect((await host.get('/documentation')).status).toBe(200);
  });

  it('puts the navigation in every page inside the Main landmark, as a plain list first', async () => {
    const text = await (await host.get('/dashboard')).text();
    expect(text).toContain('<nav aria-label="Main">\n<fm-nav>\n<ul class="nav">');
    expect(text).toContain('<a class="nav-link" href="/users/password">Change password</a>');
  });
});
