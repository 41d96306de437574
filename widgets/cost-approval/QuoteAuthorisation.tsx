import { useState } from 'react';
import {
  AUTHORISED_VIA,
  type AuthorisedVia,
  type AutocompleteItem,
  type Cost,
} from '../../src/core/contract';
import { formatCurrency } from '../../src/core/format';
import { Autocomplete } from '../../src/ui/Autocomplete';
import { SelectField } from '../../src/ui/Field';

const VIA_OPTIONS = AUTHORISED_VIA.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));

/** The authoriser search (call 12). */
const AUTHORISER_SOURCE = '/api/users/search';

/** Who the authoriser search looks among (the host's rule, call 12), in the user's words. */
export function authoriserRule(cost: Pick<Cost, 'total' | 'approval_stage'>): string {
  const who = cost.approval_stage === 2 ? 'capex approvers' : 'users';
  return `Only ${who} who may authorise quotes of ${formatCurrency(cost.total)} or more are listed.`;
}

/** What a quote's approval needs: who authorised it, and how. */
export function QuoteAuthorisation({
  cost,
  via,
  onAuthoriser,
  onVia,
}: {
  cost: Cost;
  via: AuthorisedVia | null;
  onAuthoriser(authoriser: AutocompleteItem | null): void;
  onVia(via: AuthorisedVia | null): void;
}) {
  const [authoriserText, setAuthoriserText] = useState('');
  return (
    <div className="fm-cost__authorisation">
      <Autocomplete
        label="Authoriser"
        field="Cost.authoriser_id"
        source={AUTHORISER_SOURCE}
        params={{
          type: cost.cost_type_id,
          cost_value: cost.total,
          // docs/requirements.md §4: approval stage 2 restricts the search to capex approvers.
          ...(cost.approval_stage === 2 ? { capex_approver: 1 } : {}),
        }}
        hint={authoriserRule(cost)}
        value={authoriserText}
        onChange={setAuthoriserText}
        onSelect={onAuthoriser}
        required
      />
      <SelectField
        label="Authorised via"
        field="Cost.authorised_via"
        required
        empty="Choose…"
        options={VIA_OPTIONS}
        value={via}
        onChange={onVia}
      />
    </div>
  );
}
