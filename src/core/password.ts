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
  /** What an unmet rule says: docs/requirements.md §5, word for word. */
  message: string;
  met: boolean;
  /**
   * False while a field the rule reads is empty (nothing typed, or the fields emptied after a
   * post): the rule is not met yet, but it has not failed either.
   */
  judged: boolean;
}

/** docs/requirements.md §5: only name and username parts longer than this count. */
export const PERSONAL_PART_MIN_LENGTH = 3;

const counted = {
  digits: { pattern: /\p{Nd}/gu, noun: 'digits', one: 'digit' },
  lowercase: { pattern: /\p{Ll}/gu, noun: 'lowercase characters', one: 'lowercase letter' },
  uppercase: { pattern: /\p{Lu}/gu, noun: 'uppercase characters', one: 'uppercase letter' },
  special: { pattern: /[^\p{L}\p{N}\s]/gu, noun: 'special characters', one: 'special character' },
  letters: { pattern: /\p{L}/gu, noun: 'letters', one: 'letter' },
} as const;

/** 'At least 1 digit', 'At least 2 digits'. */
function atLeast(count: number, one: string): string {
  return `At least ${count} ${one}${count === 1 ? '' : 's'}`;
}

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

/**
 * Every rule in force, in checklist order, with whether `attempt` meets it. An empty password
 * meets none of the rules about its content; the last two rules need both their fields filled.
 * A rule is judged only once the fields it reads are filled.
 */
export function checkPassword(
  attempt: PasswordAttempt,
  policy: PasswordPolicy,
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
      atLeast(policy.minLength, 'character'),
      `Password must be at least ${policy.minLength} characters`,
      [...password].length >= policy.minLength,
    );
  }
  for (const id of Object.keys(counted) as CountedRule[]) {
    const needed = policy[id];
    if (needed <= 0) continue;
    const { pattern, noun, one } = counted[id];
    add(
      id,
      atLeast(needed, one),
      `Password must contain at least ${needed} ${noun}`,
      countOf(password, pattern) >= needed,
    );
  }
  if (policy.maxConsecutive > 0) {
    add(
      'maxConsecutive',
      `No character more than ${policy.maxConsecutive} times in a row`,
      `Password should not contain more than ${policy.maxConsecutive} consecutive characters`,
      longestRun(password) <= policy.maxConsecutive,
    );
  }
  const parts = personalParts(attempt.name, attempt.username);
  if (parts.length > 0) {
    add(
      'personal',
      'No part of your name or username',
      "Password can't contain part of your name or username",
      !parts.some((part) => lower.includes(part)),
    );
  }
  const blacklist = policy.blacklist.map((word) => word.trim().toLowerCase()).filter(Boolean);
  if (blacklist.length > 0) {
    add(
      'blacklist',
      'No blacklisted word',
      "Password can't contain a blacklisted word",
      !blacklist.some((word) => lower.includes(word)),
    );
  }
  if (old !== undefined) {
    add(
      'differsFromOld',
      'Different from your old password',
      "New password can't be the same as your old password",
      password !== old,
      filled && old !== '',
    );
  }
  add(
    'matches',
    'Both new passwords match',
    "Passwords don't match",
    password === confirm,
    filled && confirm !== '',
  );
  return results;
}

/** Whether every rule passes: the form may be sent. */
export function passwordAccepted(attempt: PasswordAttempt, policy: PasswordPolicy): boolean {
  return checkPassword(attempt, policy).every((rule) => rule.met);
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
