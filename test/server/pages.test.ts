import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DESCRIPTION_REQUIRED, JOB_SAVED } from '../../demo/server/routes/job-pages';
import { TILES } from '../../demo/server/seed/reference';
import { elementsOf } from '../../scripts/from-manifest.mjs';
import { createHost, errorOf, flashAfter, type Host, postForm, TOKEN } from './host';

let host: Host;
beforeEach(() => {
  host = createHost();
});
afterEach(() => host.close());

/** Every tag, as the elements' registrations spell it (custom-elements.json). */
const TAGS = elementsOf(
  JSON.parse(readFileSync('custom-elements.json', 'utf8')) as Parameters<typeof elementsOf>[0],
).map((element) => element.tag);

async function page(path: string, status = 200): Promise<string> {
  const response = await host.get(path);
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  return response.text();
}

function config(markup: string): Record<string, unknown> {
  const json = /<script type="application\/json" id="fm-config">(.*?)<\/script>/s.exec(markup)?.[1];
  expect(json).toBeDefined();
  return JSON.parse(json ?? '{}') as Record<string, unknown>;
}

describe('host page shape', () => {
  for (const path of [
    '/',
    '/dashboard',
    '/portal',
    '/client/jobs/view/1001',
    '/contractor/jobs/view/1004',
  ]) {
    it(`${path} has the CakePHP layout head, landmarks and page configuration`, async () => {
      const markup = await page(path);
      expect(markup).toMatch(/^<!DOCTYPE html>\n<html lang="en-GB">/);
      expect(markup).toMatch(/<title>[^<]+<\/title>/);
      expect(markup).toContain(`<meta name="csrf-token" content="${TOKEN}">`);
      expect(markup).toContain('<link rel="stylesheet" href="/dist/fm-widgets.css">');
      expect(markup).toContain('<script type="module" src="/dist/fm-widgets.js"></script>');
      for (const landmark of ['<header', '<nav aria-label="Main"', '<main'])
        expect(markup).toContain(landmark);
      expect(config(markup)).toMatchObject({
        apiBase: '',
        parentOrigin: 'http://127.0.0.1:8080',
        validateClientReference2: true,
        releasePriorities: [1, 2, 3],
        disableApprovals: false,
        geoCheck: true,
        uploadAcceptedFiles: 'image/*,.pdf',
      });
    });
  }

  it('builds #fm-config from the settings', async () => {
    host.close();
    host = createHost({ settings: { validateClientReference2: false, releasePriorities: [1] } });
    expect(config(await page('/dashboard'))).toMatchObject({
      validateClientReference2: false,
      releasePriorities: [1],
    });
    host.db.prepare("UPDATE settings SET value = 'true' WHERE key = 'disableApprovals'").run();
    expect(config(await page('/dashboard')).disableApprovals).toBe(true);
  });
});

describe('pages', () => {
  it('the gallery lists every element and links only to pages that exist', async () => {
    const markup = await page('/');
    for (const tag of TAGS) expect(markup).toContain(`&lt;${tag}&gt;`);
    expect(markup).toContain('href="/dashboard"');
    expect(markup).toContain('href="/client/jobs/view/1001"');
    expect(markup).toContain('href="/analytics"');
    // Every page the gallery links to is served.
    for (const [, path] of markup.matchAll(/<a\s[^>]*?href="(\/[^"#]*)"/g)) {
      if (path && !path.startsWith('/dist/') && !path.startsWith('/demo-assets/')) await page(path);
    }
  });

  it('the gallery says which elements run on it, and only those', async () => {
    const markup = await page('/');
    const cards = [...markup.matchAll(/<li class="card" id="([\w-]+)">([\s\S]*?)<\/li>/g)];
    const live = cards.filter(([, , card]) => card?.includes('<div class="sample">'));
    const named = /(\d+) of them also run here, below their description \(([\s\S]*?)\)/.exec(
      markup,
    );
    expect(Number(named?.[1])).toBe(live.length);
    expect([...(named?.[2] ?? '').matchAll(/href="#([\w-]+)"/g)].map((m) => m[1])).toEqual(
      live.map(([, tag]) => tag),
    );
    expect(live.length).toBeLessThan(cards.length);
    expect(markup).not.toContain('are shown live');
  });

  it('the dashboard holds tiles 1–4, each with its title (named even if its count fails)', async () => {
    const markup = await page('/dashboard');
    for (const { id, title } of TILES)
      expect(markup).toContain(
        `<fm-dashboard-tile data-tile-id="${id}" data-tile-title="${title}"></fm-dashboard-tile>`,
      );
    expect(TILES.map((tile) => tile.id)).toEqual([1, 2, 3, 4]);
  });

  it('the portal frames a client page, lists posted links and fits the frame to the height posted, from its own origin and frame only', async () => {
    const markup = await page('/portal');
    expect(markup).toMatch(
      /<iframe[^>]*src="\/client\/jobs\/view\/1001"[^>]*allow="geolocation"[^>]*title="[^"]+"/,
    );
    expect(markup).toContain(
      '<ol id="posted-links" aria-live="polite" data-origin="http://127.0.0.1:8080">',
    );
    const src =
      /<script type="module" src="(\/demo-assets\/portal\.js\?v=[0-9a-f]+)"><\/script>/.exec(
        markup,
      )?.[1];
    expect(src).toBeDefined();
    const script = await (await host.get(src ?? '')).text();
    expect(script).toContain('event.origin !== frameOrigin');
    expect(script).toContain('event.source === frame.contentWindow');
    expect(script).toContain("data?.type === 'fm:navigate'");
    expect(script).toContain('textContent');
    expect(script).not.toContain('innerHTML');
    expect(script).not.toMatch(/postMessage\([^)]*'\*'/);

    // Run against a bare list and frame: a page outside both portals gets no badge (never "null").
    const win = new Window({ url: 'http://127.0.0.1:8080/portal' });
    win.document.body.innerHTML = `<iframe class="portal-frame"></iframe>
<ol id="posted-links" data-origin="http://127.0.0.1:8080"></ol>`;
    new Function('window', 'document', 'getComputedStyle', script)(
      win,
      win.document,
      win.getComputedStyle.bind(win),
    );
    const frame = win.document.querySelector('iframe') as unknown as HTMLIFrameElement;
    expect(frame.contentWindow).not.toBeNull();
    const send = (data: unknown, origin = 'http://127.0.0.1:8080', source = frame.contentWindow) =>
      win.dispatchEvent(new win.MessageEvent('message', { origin, source, data } as never));
    send({ type: 'fm:navigate', path: '/jobs/edit/1001', portal: 'client' });
    send({ type: 'fm:navigate', path: '/sites/index/search:Leeds', portal: null });
    // Another origin, another window: not listed, and no height taken.
    send({ type: 'fm:navigate', path: '/evil', portal: null }, 'https://evil.example.com');
    send({ type: 'fm:navigate', path: '/evil', portal: null }, undefined, win as never);
    send({ type: 'fm:height', height: 999 }, 'https://evil.example.com');
    // A link heard after the frame followed it: its page is gone, the event names no window.
    send({ type: 'fm:navigate', path: '/jobs/edit/1002', portal: 'client' }, undefined, null);
    send({ type: 'fm:navigate', path: '/evil', portal: null }, 'https://evil.example.com', null);
    send({ type: 'fm:height', height: 999 }, undefined, null);
    const items = [...win.document.querySelectorAll('#posted-links li')];
    expect(items.map((item) => item.textContent)).toEqual([
      'client /jobs/edit/1001',
      '/sites/index/search:Leeds',
      'client /jobs/edit/1002',
    ]);
    expect(items[1]?.querySelector('.badge')).toBeNull();
    expect(frame.style.height).toBe('');
    send({ type: 'fm:height', height: '999' });
    expect(frame.style.height).toBe('');
    send({ type: 'fm:height', height: 1500 });
    expect(frame.style.height).toBe('1500px');
    await win.happyDOM.close();
  });

  it('a page opened in a frame leaves its header and footer to the portal around it', async () => {
    const own = await page('/client/jobs/view/1001');
    expect(own).toContain('<header class="navbar">');
    expect(own).toContain('<footer class="footer container">');
    const framed = await (
      await host.get('/client/jobs/view/1001', { 'sec-fetch-dest': 'iframe' })
    ).text();
    expect(framed).not.toContain('<header');
    expect(framed).not.toContain('<footer');
    expect(framed).toContain('<fm-cost-approval');
  });

  it('the job view shows the job from the database with its links', async () => {
    const markup = await page('/client/jobs/view/1001');
    expect(markup).toContain('Air handling unit tripping on high pressure');
    expect(markup).toContain('Leeds Briggate (BR-0101)');
    expect(markup).toContain('href="/jobs/edit/1001"');
    expect(markup).toContain('href="/sites/index/search:Leeds%20Briggate"');
    // Its cost awaiting approval, named as the cost modal names it.
    expect(markup).toMatch(
      /<h3 class="job-awaiting__heading">Costs awaiting approval<\/h3>\n<ul class="job-awaiting">\n<li>Cost of £[\d,]+\.\d{2}, added on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}<\/li>/,
    );
    const contractor = await page('/contractor/jobs/view/1004');
    expect(contractor).toContain('Northern Mechanical Ltd');
    expect(contractor).toContain('href="/users/index/role:contractor"');
    expect(contractor).not.toContain('Costs awaiting approval');

    // The contractor's user is found, and said by name (it was "user:Northern Mechanical Ltd.
    // 0 found").
    const contractorId = host.db
      .prepare('SELECT contractor_id FROM jobs WHERE id = 1004')
      .pluck()
      .get() as number;
    const link = `/users/index/user:${contractorId}`;
    expect(contractor).toContain(`href="${link}">The contractor's user</a>`);
    const users = await page(link);
    expect(users).toContain('Only the user <strong>Northern Mechanical Ltd</strong>.');
    expect(users).toContain('1 found.');
  });

  it("the job view names the job's engineers and when each was assigned, never an assignment id", async () => {
    const { id, name } = host.db
      .prepare(
        `SELECT je.id, u.name FROM job_engineers je JOIN users u ON u.id = je.user_id
         WHERE je.job_id = 1004`,
      )
      .get() as { id: number; name: string };
    const markup = await page('/client/jobs/view/1004');
    expect(markup).toMatch(
      new RegExp(
        `<dt>Engineers</dt><dd>${name} \\(assigned \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}\\)</dd>`,
      ),
    );
    // The modal is told when too; the id goes with it only to be sent back on removal.
    expect(markup).toMatch(/&quot;assigned&quot;:&quot;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}&quot;/);
    expect(markup).not.toContain(`assignment ${id}`);
    expect(await page('/client/jobs/view/1001')).toMatch(
      /<dt>Engineers<\/dt><dd><span class="text-muted">None<\/span><\/dd>/,
    );
  });

  it('escapes text from the database', async () => {
    host.db
      .prepare(`UPDATE jobs SET description = '<img src=x onerror="alert(1)">' WHERE id = 1001`)
      .run();
    const markup = await page('/client/jobs/view/1001');
    expect(markup).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(markup).not.toContain('<img src=x');
  });

  it('answers a 404 page for unknown jobs and routes, and 404 JSON under /api', async () => {
    expect(await page('/client/jobs/view/99999', 404)).toContain('Page not found');
    expect(await page('/no/such/page', 404)).toContain('<code>/no/such/page</code>');
    expect(await errorOf(await host.get('/api/no/such/call'), 404)).toMatch(
      /\/api\/no\/such\/call/,
    );
  });
});

describe('job view: what each role may do, edit and delete', () => {
  it('offers a client approval, alternative quotes, edit and delete on an open job', async () => {
    const markup = await page('/client/jobs/view/1001');
    expect(markup).toContain('<fm-cost-approval');
    expect(markup).toContain('<fm-alternative-quote');
    expect(markup).toContain('href="/jobs/edit/1001"');
    // Delete posts a form with the CSRF token; the link asks first (class confirm).
    expect(markup).toMatch(
      /<form class="inline-form" method="post" action="\/jobs\/delete\/1001">\s*<input type="hidden" name="_csrfToken" value="[^"]+">\s*<a class="btn btn-danger confirm" data-submit-form href="\/jobs\/delete\/1001">Delete job<\/a>/,
    );
  });

  it("offers a contractor neither the client's approval nor delete, nor edit", async () => {
    const markup = await page('/contractor/jobs/view/1001');
    expect(markup).not.toContain('<fm-cost-approval');
    expect(markup).not.toContain('<fm-alternative-quote');
    expect(markup).not.toContain('/jobs/delete/');
    expect(markup).not.toContain('/jobs/edit/');
  });

  it('offers no alternative quotes and no edit on a complete job', async () => {
    host.db.prepare('UPDATE jobs SET status_id = 8 WHERE id = 1001').run();
    const markup = await page('/client/jobs/view/1001');
    expect(markup).not.toContain('<fm-alternative-quote');
    expect(markup).not.toContain('/jobs/edit/');
    expect(markup).toContain('<fm-cost-approval');
  });

  it('links a released job to the job it was released as', async () => {
    const released = await host.post('/api/jobs/duplicate/1001', {
      action: 'release',
      Job: { contractor_id: 21, priority_id: 2, budget_code_id: 1, client_reference_2: 'PO-9' },
    });
    const { job_id: newId } = (await released.json()) as { job_id: number };
    const markup = await page('/client/jobs/view/1001');
    // What the release did: to whom, which priority, which Order Number, and the new job.
    expect(markup).toContain(
      `Released as <a href="/client/jobs/view/${newId}">job ${newId}</a> to Pennine Electrical Services, priority P2 Urgent (24 hours), Order Number PO-9.`,
    );
    expect(markup).toMatch(/<dd>Released<\/dd>/);
    // Its own rows, empty on the original, say the released job's choices and where they are.
    expect(markup).toContain(
      `<dt>Contractor</dt><dd>Pennine Electrical Services (on job ${newId})</dd>`,
    );
    expect(markup).toContain(`<dt>Order Number</dt><dd>PO-9 (on job ${newId})</dd>`);
    // The new job links back, and is due when its priority says (24 hours after the release).
    const newJob = await page(`/client/jobs/view/${newId}`);
    expect(newJob).toContain('The release of <a href="/client/jobs/view/1001">job 1001</a>.');
    const row = host.row<{ created: string; due_datetime: string }>(
      'SELECT created, due_datetime FROM jobs WHERE id = ?',
      newId,
    );
    const shown = (dateTime: string) =>
      dateTime.replace(/^(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2}):\d{2}$/, '$3/$2/$1 $4');
    expect(newJob).toContain(`<dt>Due</dt><dd>${shown(row.due_datetime)}</dd>`);
    expect(shown(row.due_datetime)).not.toBe(shown(row.created));
  });

  it("says the released job's priority and Order Number on the original, where they differ, and where", async () => {
    // Job 1001 is P2 Urgent with Order Number PO-4410; the release chooses P1 Emergency and PO-9.
    host.db.prepare("UPDATE jobs SET client_reference_2 = 'PO-4410' WHERE id = 1001").run();
    const released = await host.post('/api/jobs/duplicate/1001', {
      action: 'release',
      Job: { contractor_id: 20, priority_id: 1, budget_code_id: 1, client_reference_2: 'PO-9' },
    });
    const { job_id: newId } = (await released.json()) as { job_id: number };
    const markup = await page('/client/jobs/view/1001');
    expect(markup).toContain(`, priority P1 Emergency (4 hours), Order Number PO-9.`);
    expect(markup).toContain(`<dt>Priority</dt><dd>P1 Emergency (4 hours) (on job ${newId})</dd>`);
    expect(markup).toContain(`<dt>Order Number</dt><dd>PO-9 (on job ${newId})</dd>`);
    expect(markup).not.toContain('P2 Urgent (24 hours)');
    // The released job's own rows are its own.
    expect(await page(`/client/jobs/view/${newId}`)).toContain(
      '<dt>Priority</dt><dd>P1 Emergency (4 hours)</dd>',
    );
  });

  it("keeps a released job's own value where the release kept it", async () => {
    host.db.prepare("UPDATE jobs SET client_reference_2 = 'PO-4410' WHERE id = 1001").run();
    await host.post('/api/jobs/duplicate/1001', {
      action: 'release',
      Job: { contractor_id: 20, priority_id: 2, budget_code_id: 1, client_reference_2: 'PO-4410' },
    });
    const markup = await page('/client/jobs/view/1001');
    expect(markup).toContain('<dt>Priority</dt><dd>P2 Urgent (24 hours)</dd>');
    expect(markup).toContain('<dt>Order Number</dt><dd>PO-4410</dd>');
  });

  it('says on each job of a release where its engineers are, when it has none of its own', async () => {
    const released = await host.post('/api/jobs/duplicate/1001', {
      action: 'release',
      Job: { contractor_id: 20, priority_id: 2, budget_code_id: 1, client_reference_2: 'PO-9' },
    });
    const { job_id: newId } = (await released.json()) as { job_id: number };
    const none = /<dt>Engineers<\/dt><dd><span class="text-muted">None<\/span><\/dd>/;
    expect(await page(`/client/jobs/view/${newId}`)).toMatch(none);
    // Assigned on the original (released now, so it may take one), as the modal there does.
    const assigned = await host.post('/api/users/assign_engineer', {
      assign: true,
      assigned_id: null,
      job_id: 1001,
      user_id: 30,
    });
    expect(assigned.status).toBe(200);
    const engineer = /Liam Carter \(assigned \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\)/.source;
    expect(await page('/client/jobs/view/1001')).toMatch(
      new RegExp(`<dt>Engineers</dt><dd>${engineer}</dd>`),
    );
    // The contractor's copy says who, and where, instead of None.
    for (const portal of ['client', 'contractor']) {
      expect(await page(`/${portal}/jobs/view/${newId}`)).toMatch(
        new RegExp(`<dt>Engineers</dt><dd>${engineer} \\(on job 1001\\)</dd>`),
      );
    }
    // And the other way round: assigned on the copy only, the original says where.
    host.db.prepare('DELETE FROM job_engineers WHERE job_id = 1001').run();
    await host.post('/api/users/assign_engineer', {
      assign: true,
      assigned_id: null,
      job_id: newId,
      user_id: 30,
    });
    expect(await page('/client/jobs/view/1001')).toMatch(
      new RegExp(`<dt>Engineers</dt><dd>${engineer} \\(on job ${newId}\\)</dd>`),
    );
  });

  it('edits a job: the form, then the saved values and a flash on the job view', async () => {
    const form = await page('/jobs/edit/1001');
    expect(form).toContain('name="Job[description]"');
    expect(form).toContain('name="_csrfToken"');
    const response = await postForm(host, '/jobs/edit/1001', {
      'Job[description]': '  New description ',
      'Job[client_reference_2]': 'PO-55',
    });
    expect(response.headers.get('location')).toBe('/client/jobs/view/1001');
    expect(await flashAfter(host, response)).toBe(JOB_SAVED);
    expect(host.row('SELECT description, client_reference_2 FROM jobs WHERE id = 1001')).toEqual({
      description: 'New description',
      client_reference_2: 'PO-55',
    });
  });

  it('refuses an empty description and a post without the CSRF token, changing nothing', async () => {
    const before = host.snapshot();
    const empty = await postForm(host, '/jobs/edit/1001', { 'Job[description]': ' ' });
    expect(empty.headers.get('location')).toBe('/jobs/edit/1001');
    expect(await flashAfter(host, empty)).toBe(DESCRIPTION_REQUIRED);
    const forged = await postForm(host, '/jobs/delete/1001', {}, 'wrong');
    expect(forged.status).toBe(403);
    expect(host.snapshot()).toBe(before);
  });

  it('deletes a job with what is recorded against it, flashes and goes back to the list', async () => {
    expect(await page('/jobs/delete/1001')).toContain('Delete job 1001?');
    const response = await postForm(host, '/jobs/delete/1001', {});
    expect(response.headers.get('location')).toBe('/client/jobs');
    expect(await flashAfter(host, response)).toBe('Job 1001 has been deleted.');
    expect(host.count('jobs', 'id = 1001')).toBe(0);
    expect(host.count('costs', 'job_id = 1001')).toBe(0);
    expect(await page('/client/jobs/view/1001', 404)).toContain('Page not found');
    expect(await page('/jobs/edit/99999', 404)).toContain('Page not found');
  });

  it('offers Delete on a rejected job, as the lifecycle allows, and deletes it', async () => {
    const rejected = await host.post('/api/jobs/update/1001', {
      action: 'reject',
      Job: { id: 1001 },
      Note: { description: 'Not needed', job_id: 1001, cost_id: null },
    });
    expect(rejected.status).toBe(200);
    const markup = await page('/client/jobs/view/1001');
    expect(markup).toContain('<dd>Rejected (cancelled)</dd>');
    expect(markup).toContain('action="/jobs/delete/1001"');
    expect(markup).not.toContain('/jobs/edit/');
    const response = await postForm(host, '/jobs/delete/1001', {});
    expect(await flashAfter(host, response)).toBe('Job 1001 has been deleted.');
    expect(host.count('jobs', 'id = 1001')).toBe(0);
  });

  it('refuses what the lifecycle does not allow: no edit of a complete job, no delete of a closed one', async () => {
    host.db.prepare('UPDATE jobs SET status_id = 8 WHERE id = 1001').run();
    const edit = await postForm(host, '/jobs/edit/1001', { 'Job[description]': 'Later' });
    expect(await flashAfter(host, edit)).toBe('Editing it is not possible: job 1001 is Complete.');
    expect(await page('/client/jobs/view/1001')).not.toContain('/jobs/edit/');
    host.db.prepare('UPDATE jobs SET status_id = 10 WHERE id = 1001').run();
    const removal = await postForm(host, '/jobs/delete/1001', {});
    expect(await flashAfter(host, removal)).toBe(
      'Deleting it is not possible: job 1001 is Closed.',
    );
    expect(host.count('jobs', 'id = 1001')).toBe(1);
    expect(await page('/client/jobs/view/1001')).not.toContain('/jobs/delete/');
  });

  it('says who approved or declined a cost decided in the portal, as it does for a quote', async () => {
    const cost = host.row<{ id: number }>('SELECT id FROM costs WHERE job_id = 1001');
    const declined = await host.post(`/api/costs/update/${cost.id}`, {
      Cost: {
        id: cost.id,
        job_id: 1001,
        authoriser_id: null,
        authorised_via: null,
        approved: false,
      },
      Note: { description: '', job_id: 1001, cost_id: cost.id, financial: true, internal: false },
    });
    expect(declined.status).toBe(200);
    // The portal's user (the host's current user, Daniel Wright) decided it.
    expect(await page('/client/jobs/view/1001')).toMatch(
      /<li>Cost of £244\.28, added on \d{2}\/\d{2}\/\d{4}: declined by Daniel Wright on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.<\/li>/,
    );
  });

  it('shows who decided each cost and quote, and how, and that the job was forwarded', async () => {
    const quote = host.row('SELECT id FROM costs WHERE job_id = 1002') as { id: number };
    await host.post(`/api/costs/update/${quote.id}`, {
      Cost: {
        id: quote.id,
        job_id: 1002,
        authoriser_id: 2,
        authorised_via: 'telephone',
        approved: true,
      },
      Note: { description: '', job_id: 1002, cost_id: quote.id, financial: true, internal: false },
    });
    const markup = await page('/client/jobs/view/1002');
    expect(markup).toMatch(/<dd>Released<\/dd>/);
    expect(markup).toMatch(
      /Quote of £[\d,]+\.\d{2}, added on \d{2}\/\d{2}\/\d{4}: approved by [A-Z][a-z]+ [A-Z][a-z]+ by telephone on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./,
    );
    // An invoiced cost is named by its invoice number, as the cost modal names it.
    expect(await page('/client/jobs/view/1006')).toMatch(
      /<li>Invoice INV-1001 \(£[\d,]+\.\d{2}\), added on \d{2}\/\d{2}\/\d{4}: approved by [A-Z][a-z]+ [A-Z][a-z]+ by email on /,
    );
    await host.post('/api/jobs/update/1001', {
      action: 'forward',
      Note: {
        description: 'Over to you',
        job_id: 1001,
        cost_id: null,
        financial: false,
        internal: true,
      },
    });
    const client = await page('/client/jobs/view/1001');
    expect(client).toMatch(/Forwarded to the helpdesk on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\./);
    // What was written is shown: to the client with the internal ones, to the contractor without.
    expect(client).toMatch(/<li>\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(internal\): Over to you<\/li>/);
    expect(await page('/contractor/jobs/view/1001')).not.toContain('Over to you');
    // An empty note (the quote's decision above) is not listed.
    expect(await page('/client/jobs/view/1002')).not.toContain('class="job-notes"');
  });
});

describe("/engineer/jobs (Liam Carter's My jobs)", () => {
  const listed = async () => {
    const page = new Window().document;
    page.body.innerHTML = await (await host.get('/engineer/jobs')).text();
    return [...page.querySelectorAll('.engineer-jobs__title')].map((title) => title.textContent);
  };

  it('lists a released job of his, but not one assigned to him before its release', async () => {
    // A link made before the host refused one (the job lifecycle's assignEngineer).
    host.db
      .prepare('INSERT INTO job_engineers (job_id, user_id, created) VALUES (1001, 30, ?)')
      .run('2026-01-01 00:00:00');
    const titles = await listed();
    expect(titles.some((title) => title?.startsWith('Job 1004:'))).toBe(true);
    expect(titles.some((title) => title?.startsWith('Job 1001:'))).toBe(false);
  });

  /** Assigns Liam Carter (user 30) to `jobId`, as the portal would. */
  const assignLiam = (jobId: number) =>
    host.db
      .prepare('INSERT INTO job_engineers (job_id, user_id, created) VALUES (?, 30, ?)')
      .run(jobId, '2026-01-01 00:00:00');

  /** The engineer page of `id` as the engineer reads it. */
  const engineerPage = async (id: number, status = 200) => {
    const response = await host.get(`/engineer/jobs/${id}`);
    expect(response.status).toBe(status);
    // Inert (a template's content): its preloads are not fetched.
    const template = new Window().document.createElement('template');
    template.innerHTML = await response.text();
    return template.content;
  };

  it('offers no site time form on a job not released yet, as on a finished one', async () => {
    for (const id of [1001, 1006]) assignLiam(id);
    const forms = async (id: number) =>
      (await engineerPage(id)).querySelector('fm-site-time-form') !== null;
    expect(await forms(1004)).toBe(true);
    expect(await forms(1001)).toBe(false);
    expect(await forms(1006)).toBe(false);
  });

  it('says itself that a finished or unreleased job has nothing to record, under a heading true to both', async () => {
    for (const id of [1001, 1006]) assignLiam(id);
    const attendance = async (id: number) => {
      const card = (await engineerPage(id)).querySelector('[aria-labelledby="attendance-heading"]');
      return {
        heading: card?.querySelector('h2')?.textContent,
        says: card?.querySelector('p')?.textContent ?? null,
        // No element that would keep room for buttons, then give it back once it learns the status.
        element: card?.querySelector('fm-engineer-job:not([data-device-only])') !== null,
        // Only what waits on the device for the job (it keeps no room): sent, and said if refused.
        deviceOnly: card?.querySelector('fm-engineer-job[data-device-only]') !== null,
      };
    };
    const screen = { heading: 'Attendance', says: null, element: true, deviceOnly: false };
    expect(await attendance(1004)).toEqual(screen);
    expect(await attendance(1006)).toEqual({
      heading: 'Attendance',
      says: 'This job is Complete: there is nothing more to record on it.',
      element: false,
      deviceOnly: true,
    });
    expect(await attendance(1001)).toEqual({
      heading: 'Attendance',
      says: 'This job is Awaiting Release: it is not released yet, so there is nothing to record on it until it is.',
      element: false,
      deviceOnly: true,
    });
    host.db.prepare('UPDATE jobs SET status_id = 6 WHERE id = 1004').run();
    expect(await attendance(1004)).toEqual(screen);
  });

  it("tells him plainly that a job not assigned to him (Emma Walsh's 1005) is not his, offering nothing", async () => {
    for (const id of [1005, 1006]) {
      const page = await engineerPage(id, 403);
      expect(page.querySelector('main h1')?.textContent).toBe(`Job ${id}`);
      expect(page.querySelector('main .lead')?.textContent).toBe(
        'This job is not assigned to you, so there is nothing for you to record on it.',
      );
      expect(page.querySelector('main fm-engineer-job, main fm-site-time-form, main form')).toBe(
        null,
      );
      expect(page.querySelector('main a[href="/engineer/jobs"]')?.textContent).toBe('← My jobs');
    }
    // Once assigned to him, it is his to work on.
    assignLiam(1005);
    expect((await engineerPage(1005)).querySelector('main fm-engineer-job')).not.toBe(null);
  });
});

describe('the widgets’ words chosen on the gallery', () => {
  /** Every page's configuration after choosing `words` on the gallery. */
  async function configAfterChoosing(words: string, path = '/dashboard') {
    const chosen = await postForm(host, '/words', { words });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get('location')).toBe('/#words');
    const cookie = /fm-words=[^;]*/.exec(chosen.headers.get('set-cookie') ?? '')?.[0] ?? '';
    const response = await host.request(path, {
      headers: { cookie: `csrfToken=${TOKEN}; ${cookie}` },
    });
    return config(await response.text());
  }

  it('are the product’s own until others are chosen', async () => {
    const own = config(await page('/dashboard'));
    expect(own).not.toHaveProperty('messages');
    expect(own).not.toHaveProperty('locale');
    expect(await page('/')).toMatch(/<option value="ours" selected>Our words \(en-GB\)<\/option>/);
  });

  it('go into every page’s configuration: a host’s own texts, or the pseudo-locale', async () => {
    expect(await configAfterChoosing('host')).toMatchObject({
      messages: { 'costApproval.noPurchaseOrder': 'No purchase order found' },
    });
    expect(await configAfterChoosing('pseudo', '/client/jobs/view/1001')).toMatchObject({
      locale: 'en-XA',
      apiBase: '',
    });
  });

  it('are not changed by a choice the gallery does not offer, nor without the CSRF token', async () => {
    const unknown = await postForm(host, '/words', { words: 'klingon' });
    expect(unknown.headers.get('set-cookie') ?? '').not.toContain('fm-words');
    const forged = await postForm(host, '/words', { words: 'pseudo' }, 'not-the-token');
    expect(forged.status).toBe(403);
  });
});
