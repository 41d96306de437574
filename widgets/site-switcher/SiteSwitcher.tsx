import { type FormEvent, useState } from 'react';
import { readChoices } from '../../src/core/choices';
import { parseParams, withSiteId } from '../../src/core/routes';
import { useWords } from '../../src/runtime/words';
import { Field } from '../../src/ui/Field';
import messages from './messages';

export interface SiteSwitcherProps {
  /** `[{ "id": 1, "name": "Leeds" }]` or `{ "1": "Leeds" }`. */
  sites: unknown;
  /** The list's label; without it, the catalog's (`siteSwitcher.label`). */
  label?: string;
}

/**
 * The documentation site switcher (docs/requirements.md §2): choosing a site and pressing Show goes
 * to the current path ending `/site_id:{id}`. A button rather than navigating on change, so
 * keyboard users can move through the list without leaving the page (WCAG 3.2.2).
 */
export function SiteSwitcher({ sites, label }: SiteSwitcherProps) {
  const words = useWords(messages).siteSwitcher;
  const options = readChoices(sites, 'data-sites');
  const [chosen, setChosen] = useState(() => parseParams(location.pathname).site_id ?? '');

  function showSite(event: FormEvent) {
    event.preventDefault();
    if (chosen !== '') location.assign(withSiteId(location.pathname, chosen));
  }

  return (
    <form className="fm-site-switcher" onSubmit={showSite}>
      <Field label={label ?? words.label()}>
        {(control) => (
          <div className="fm-site-switcher__row">
            {/* Bootstrap 5 draws a select's arrow with .form-select (.form-control takes it away). */}
            <select
              {...control}
              className={`${control.className} form-select`}
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
            >
              <option value="" disabled>
                {words.chooseSite()}
              </option>
              {options.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <button type="submit" className="btn btn-primary" disabled={chosen === ''}>
              {words.show()}
            </button>
          </div>
        )}
      </Field>
    </form>
  );
}
