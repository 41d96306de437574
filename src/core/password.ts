import { type ConfigSpec, numberSetting } from './config';
import { stringListSetting } from './settings';

/**
 * The password rules of docs/requirements.md §5, as one pure function: the password form's live
 * checklist and the reference host's check of a posted password both call it. Bounds come from the
 * page configuration; a bound of 0 switches its rule off (and leaves it out of the checklist).
 */

export interface PasswordPolicy {
  minLength: number;
  digits: number;
  lowercase: number;
  uppercase: number;
  special: number;
  letters: number;
  /**
   * Longest allowed run of one repeated character (docs/requirements.md §5: no run of 3 or more →
   * 2).
   */
  maxConsecutive: number;
  blacklist: readonly string[];
}

export interface PasswordAttempt {
  password: string;
  confirm: string;
  /** The old password, when the form has that field; undefined when it has not. */
  old?: string;
  name?: string;
  username?: string;
}

export type PasswordRuleId =
  | 'minLength'
  | 'digits'
  | 'lowercase'
  | 'uppercase'
  | 'special'
  | 'letters'
  | 'maxConsecutive'
  | 'personal'
  | 'blacklist'
  | 'differsFromOld'
  | 'matches';

export interface PasswordRuleResult {
  id: PasswordRuleId;
  /** The rule as a requirement, for the checklist ('At least 1 digit'). */
  requirement: string;
  /** What an unmet rule says: docs/requirements.md §5, word for word in the default words. */
  message: string;
  met: boolean;
  /**
   * False while a field the rule reads is empty (nothing typed, or the fields emptied after a
   * post): the rule is not met yet, but it has not failed either.
   */
  judged: boolean;
}

/**
 * The words of the rules (widgets/password-form/messages.json, docs/words.md): the checklist's
 * requirements and the messages of docs/requirements.md §5. The form passes its element's words,
 * the reference host the defaults.
 */
export interface PasswordWords {
  ruleMinLength(count: number): string;
  errorMinLength(count: number): string;
  ruleDigits(count: number): string;
  errorDigits(count: number): string;
  ruleLowercase(count: number): string;
  errorLowercase(count: number): string;
  ruleUppercase(count: number): string;
  errorUppercase(count: number): string;
  ruleSpecial(count: number): string;
  errorSpecial(count: number): string;
  ruleLetters(count: number): string;
  errorLetters(count: number): string;
  ruleMaxConsecutive(count: number): string;
  errorMaxConsecutive(count: number): string;
  rulePersonal(): string;
  errorPersonal(): string;
  ruleBlacklist(): string;
  /** The requirement once the password holds words of the list, named by `found`. */
  ruleBlacklistFound(found: string): string;
  /** A word of the list as the checklist names it. */
  quoted(word: string): string;
  wordList(list: { others: string; last: string }): string;
  errorBlacklist(): string;
  ruleDifferent(): string;
  errorDifferent(): string;
  ruleMatches(): string;
  errorMatches(): string;
}

/** docs/requirements.md §5: only name and username parts longer than this count. */
export const PERSONAL_PART_MIN_LENGTH = 3;

const counted = {
  digits: { pattern: /\p{Nd}/gu, rule: 'ruleDigits', error: 'errorDigits' },
  lowercase: { pattern: /\p{Ll}/gu, rule: 'ruleLowercase', error: 'errorLowercase' },
  uppercase: { pattern: /\p{Lu}/gu, rule: 'ruleUppercase', error: 'errorUppercase' },
  special: { pattern: /[^\p{L}\p{N}\s]/gu, rule: 'ruleSpecial', error: 'errorSpecial' },
  letters: { pattern: /\p{L}/gu, rule: 'ruleLetters', error: 'errorLetters' },
} as const;

type CountedRule = keyof typeof counted;

/** Characters of `text` matching `pattern` (a global regular expression). */
function countOf(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/** The longest run of one character repeated, counting characters rather than UTF-16 units. */
export function longestRun(text: string): number {
  let longest = 0;
  let run = 0;
  let previous: string | undefined;
  for (const character of text) {
    run = character === previous ? run + 1 : 1;
    previous = character;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** The parts of a name or username that a password may not contain (longer than 2 characters). */
export function personalParts(...sources: (string | undefined)[]): string[] {
  return sources
    .flatMap((source) => (source ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .filter((part) => [...part].length >= PERSONAL_PART_MIN_LENGTH);
}

/** The words of the list that `password` (lower case) holds, quoted: '“acme” and “secret”'. */
function blacklisted(found: string[], words: PasswordWords): string {
  const quoted = found.map((word) => words.quoted(word));
  return quoted.length === 1
    ? (quoted[0] as string)
    : words.wordList({ others: quoted.slice(0, -1).join(', '), last: quoted.at(-1) ?? '' });
}

/**
 * Every rule in force, in checklist order, with whether `attempt` meets it, in `words`. An empty
 * password meets none of the rules about its content; the last two rules need both their fields
 * filled. A rule is judged only once the fields it reads are filled.
 */
export function checkPassword(
  attempt: PasswordAttempt,
  policy: PasswordPolicy,
  words: PasswordWords,
): PasswordRuleResult[] {
  const { password, confirm, old } = attempt;
  const lower = password.toLowerCase();
  const filled = password !== '';
  const results: PasswordRuleResult[] = [];
  const add = (
    id: PasswordRuleId,
    requirement: string,
    message: string,
    met: boolean,
    judged = filled,
  ) => results.push({ id, requirement, message, met: judged && met, judged });

  if (policy.minLength > 0) {
    add(
      'minLength',
      words.ruleMinLength(policy.minLength),
      words.errorMinLength(policy.minLength),
      [...password].length >= policy.minLength,
    );
  }
  for (const id of Object.keys(counted) as CountedRule[]) {
    const needed = policy[id];
    if (needed <= 0) continue;
    const { pattern, rule, error } = counted[id];
    add(id, words[rule](needed), words[error](needed), countOf(password, pattern) >= needed);
  }
  if (policy.maxConsecutive > 0) {
    add(
      'maxConsecutive',
      words.ruleMaxConsecutive(policy.maxConsecutive),
      words.errorMaxConsecutive(policy.maxConsecutive),
      longestRun(password) <= policy.maxConsecutive,
    );
  }
  const parts = personalParts(attempt.name, attempt.username);
  if (parts.length > 0) {
    add(
      'personal',
      words.rulePersonal(),
      words.errorPersonal(),
      !parts.some((part) => lower.includes(part)),
    );
  }
  const blacklist = policy.blacklist.map((word) => word.trim().toLowerCase()).filter(Boolean);
  if (blacklist.length > 0) {
    const found = [...new Set(blacklist.filter((word) => lower.includes(word)))];
    add(
      'blacklist',
      found.length > 0
        ? words.ruleBlacklistFound(blacklisted(found, words))
        : words.ruleBlacklist(),
      words.errorBlacklist(),
      found.length === 0,
    );
  }
  if (old !== undefined) {
    add(
      'differsFromOld',
      words.ruleDifferent(),
      words.errorDifferent(),
      password !== old,
      filled && old !== '',
    );
  }
  add(
    'matches',
    words.ruleMatches(),
    words.errorMatches(),
    password === confirm,
    filled && confirm !== '',
  );
  return results;
}

/** Whether every rule passes: the form may be sent. */
export function passwordAccepted(
  attempt: PasswordAttempt,
  policy: PasswordPolicy,
  words: PasswordWords,
): boolean {
  return checkPassword(attempt, policy, words).every((rule) => rule.met);
}

/** The page configuration's `password…` keys (README "Page configuration"). */
export interface PasswordConfig {
  passwordMinLength: number;
  passwordDigits: number;
  passwordLowercase: number;
  passwordUppercase: number;
  passwordSpecial: number;
  passwordLetters: number;
  passwordMaxConsecutive: number;
  passwordBlacklist: readonly string[];
}

export const passwordConfig: ConfigSpec<PasswordConfig> = {
  passwordMinLength: numberSetting(8),
  passwordDigits: numberSetting(1),
  passwordLowercase: numberSetting(1),
  passwordUppercase: numberSetting(1),
  passwordSpecial: numberSetting(1),
  passwordLetters: numberSetting(0),
  passwordMaxConsecutive: numberSetting(2),
  passwordBlacklist: stringListSetting([]),
};

/** The policy from the page configuration's `password…` keys. */
export function policyFromConfig(config: PasswordConfig): PasswordPolicy {
  return {
    minLength: config.passwordMinLength,
    digits: config.passwordDigits,
    lowercase: config.passwordLowercase,
    uppercase: config.passwordUppercase,
    special: config.passwordSpecial,
    letters: config.passwordLetters,
    maxConsecutive: config.passwordMaxConsecutive,
    blacklist: config.passwordBlacklist,
  };
}
