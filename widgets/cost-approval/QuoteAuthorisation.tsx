import { useState } from 'react';
import {
  AUTHORISED_VIA,
  type AuthorisedVia,
  type AutocompleteItem,
  type Cost,
} from '../../src/core/contract';
import { formatCurrency } from '../../src/core/format';
import { useWords } from '../../src/runtime/words';
import { Autocomplete } from '../../src/ui/Autocomplete';
import { SelectField } from '../../src/ui/Field';
import type { CostApprovalWords } from './CostApproval';
import messages from './messages';

/** Each way a quote is authorised (docs/requirements.md §5), by its word's key. */
const VIA_WORDS = {
  email: 'authorisedViaEmail',
  telephone: 'authorisedViaTelephone',
  'in person': 'authorisedViaInPerson',
} as const satisfies Record<AuthorisedVia, keyof CostApprovalWords>;

/** The authoriser search (call 12). */
const AUTHORISER_SOURCE = '/api/users/search';

/** Who the authoriser search looks among (the host's rule, call 12), in the user's words. */
export function authoriserRule(
  cost: Pick<Cost, 'total' | 'approval_stage'>,
  words: CostApprovalWords,
): string {
  const value = formatCurrency(cost.total);
  return cost.approval_stage === 2
    ? words.authoriserCapexApprovers(value)
    : words.authoriserUsers(value);
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
  const words = useWords(messages).costApproval;
  const [authoriserText, setAuthoriserText] = useState('');
  return (
    <div className="fm-cost__authorisation">
      <Autocomplete
        label={words.authoriser()}
        field="Cost.authoriser_id"
        source={AUTHORISER_SOURCE}
        params={{
          type: cost.cost_type_id,
          cost_value: cost.total,
          // docs/requirements.md §4: approval stage 2 restricts the search to capex approvers.
          ...(cost.approval_stage === 2 ? { capex_approver: 1 } : {}),
        }}
        hint={authoriserRule(cost, words)}
        value={authoriserText}
        onChange={setAuthoriserText}
        onSelect={onAuthoriser}
        required
      />
      <SelectField
        label={words.authorisedVia()}
        field="Cost.authorised_via"
        required
        empty={words.choose()}
        options={AUTHORISED_VIA.map((value) => ({ value, label: words[VIA_WORDS[value]]() }))}
        value={via}
        onChange={onVia}
      />
    </div>
  );
}
