import { userEdit, usersList } from '../../src/core/routes';
import { type Html, html } from './html';
import { forIntegrators, layout, type PageContext } from './layout';

/** The signed-in user of the reference host (it has no sign-in). */
export type FormUser = {
  id: number;
  name: string;
  username: string;
  email: string;
  authorisation_quote: number;
  capex_approver: boolean;
};

/** Where the password stands: the demo's own until changed, then when it last was. */
export type PasswordState =
  | { changed: false; demoPassword: string }
  | { changed: true; modified: string };

/**
 * /users/password: the password change form, posting to the same URL (CakePHP's
 * UsersController::password). The demo password is shown only while it is still the password;
 * once changed, the page says when (display date-time), after the flash has gone too.
 */
export function passwordPage(context: PageContext, user: FormUser, state: PasswordState): string {
  return layout(
    context,
    'Change password',
    html`<h1>Change password</h1>
<p class="lead">Signed in as ${user.name} (<code>${user.username}</code>). Choose a new password
that meets every rule under it: each rule is ticked as you type.</p>
${forIntegrators(html`<p>The rules come from the page configuration; the host checks them again
when the form arrives.</p>`)}
${
  state.changed
    ? html`<p id="password-changed">Your password was last changed on ${state.modified}.</p>`
    : html`<p class="text-muted">Reference host: the current password is <code>${state.demoPassword}</code> until you change it.</p>`
}
<section class="card" aria-label="Password">
<fm-password-form data-action="/users/password" data-name="${user.name}" data-username="${user.username}" data-has-old></fm-password-form>
</section>`,
  );
}

/** /users/edit/{userId}: the user form, headed with whom it edits, and the way back to the list. */
export function userEditPage(context: PageContext, user: FormUser): string {
  return layout(
    context,
    `Edit user: ${user.name}`,
    html`<p><a class="back-link" href="${usersList()}">← Users</a></p>
<h1>Edit user: ${user.name}</h1>
<section class="card" aria-label="User">
<fm-user-form data-user-id="${user.id}" data-action="${userEdit(user.id)}" data-name="${user.name}" data-email="${user.email}"
  data-authorisation-quote="${user.authorisation_quote}"${user.capex_approver ? html` data-capex-approver` : ''}></fm-user-form>
</section>`,
  );
}

export type DocumentationSite = { id: number; name: string };

/**
 * /documentation[/site_id:{id}]: documents of a site, with the site switcher
 * (docs/requirements.md §2).
 */
export function documentationPage(
  context: PageContext,
  sites: readonly DocumentationSite[],
  current: DocumentationSite | null,
): string {
  return layout(
    context,
    'Documentation',
    html`<h1>Documentation${current ? html` <span class="badge badge-muted">${current.name}</span>` : ''}</h1>
<section class="card" aria-label="Choose a site">
<fm-site-switcher data-sites="${JSON.stringify(sites)}" data-label="Show the documentation of"></fm-site-switcher>
</section>
<section class="card" aria-labelledby="documents-heading">
<h2 id="documents-heading">${current ? `Documents for ${current.name}` : 'Documents'}</h2>
${
  current
    ? html`<ul>
<li><a href="/documentation/view/${current.id}/1">Asbestos register</a></li>
<li><a href="/documentation/view/${current.id}/2">Fire risk assessment</a></li>
<li><a href="/documentation/view/${current.id}/3">Gas safety certificate</a></li>
</ul>`
    : html`<p>Choose a site to see its documents.</p>`
}
</section>`,
  );
}

export type JobPhoto = { filename: string; url: string; created: string };

/** The job view's cost-add and photo sections (docs/reference-host.md). */
export function jobFormSections(
  job: { id: number; site_id: number },
  photos: readonly JobPhoto[],
  takesCosts = true,
): Html {
  // Read again after a widget's action (host-page.js): a job rejected meanwhile takes no cost.
  return html`<div id="job-cost-add" data-refresh>${
    takesCosts
      ? html`<section class="card" aria-labelledby="cost-add-heading">
<h2 id="cost-add-heading">Add a cost</h2>
<fm-cost-form data-job-id="${job.id}" data-action="/costs/add/${job.id}"></fm-cost-form>
</section>`
      : ''
  }</div>
<section class="card" aria-labelledby="photos-heading">
<h2 id="photos-heading">Photos</h2>
<div id="job-photos" data-refresh>
${
  photos.length > 0
    ? html`<ul class="photos" aria-label="Stored photos">
${photos.map((photo) => html`<li><a href="${photo.url}">${photo.filename}</a> <span class="text-muted">${photo.created}</span></li>`)}
</ul>`
    : html`<p class="text-muted">No photos yet.</p>`
}
</div>
<fm-upload data-site-id="${job.site_id}" data-job-id="${job.id}"></fm-upload>
</section>`;
}
