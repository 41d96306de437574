import { describe, expect, it } from 'vitest';
import { configDefaults } from '../../src/core/config';
import {
  checkPassword,
  longestRun,
  type PasswordAttempt,
  type PasswordPolicy,
  type PasswordRuleId,
  passwordAccepted,
  passwordConfig,
  personalParts,
  policyFromConfig,
} from '../../src/core/password';
import messages from '../../widgets/password-form/messages';

/** The rules in the default words (widgets/password-form/messages.json). */
const WORDS = messages.passwordForm;

const OFF: PasswordPolicy = {
  minLength: 0,
  digits: 0,
  lowercase: 0,
  uppercase: 0,
  special: 0,
  letters: 0,
  maxConsecutive: 0,
  blacklist: [],
};

/** The result of one rule for `password` (confirmed) under a policy with only that rule on. */
function rule(
  id: PasswordRuleId,
  policy: Partial<PasswordPolicy>,
  attempt: Partial<PasswordAttempt>,
) {
  const password = attempt.password ?? '';
  const results = checkPassword(
    { confirm: password, ...attempt, password },
    { ...OFF, ...policy },
    WORDS,
  );
  const found = results.find((result) => result.id === id);
  if (!found) throw new Error(`rule ${id} not in force`);
  return found;
}

const met = (id: PasswordRuleId, policy: Partial<PasswordPolicy>, password: string) =>
  rule(id, policy, { password }).met;

describe('minimum length', () => {
  it('says so word for word, and passes from exactly n characters', () => {
    expect(rule('minLength', { minLength: 8 }, { password: '' }).message).toBe(
      'Password must be at least 8 characters',
    );
    expect(met('minLength', { minLength: 8 }, 'abcdefg')).toBe(false);
    expect(met('minLength', { minLength: 8 }, 'abcdefgh')).toBe(true);
    expect(met('minLength', { minLength: 8 }, 'abcdefghi')).toBe(true);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(met('minLength', { minLength: 3 }, '😀😀')).toBe(false);
    expect(met('minLength', { minLength: 3 }, '😀😀😀')).toBe(true);
  });
});

describe.each([
  ['digits', 'digits', '12abc', '1abcd'],
  ['lowercase', 'lowercase characters', 'abCD', 'aBCD'],
  ['uppercase', 'uppercase characters', 'ABcd', 'Abcd'],
  ['special', 'special characters', 'a!b#', 'a!bc'],
  ['letters', 'letters', 'ab12', 'a123'],
] as const)('at least n %s', (id, noun, twoOfThem, oneOfThem) => {
  it('says so word for word', () => {
    expect(rule(id, { [id]: 2 }, { password: '' }).message).toBe(
      `Password must contain at least 2 ${noun}`,
    );
  });

  it('passes at exactly n and above, fails at n - 1', () => {
    expect(met(id, { [id]: 2 }, oneOfThem)).toBe(false);
    expect(met(id, { [id]: 2 }, twoOfThem)).toBe(true);
    expect(met(id, { [id]: 1 }, oneOfThem)).toBe(true);
    expect(met(id, { [id]: 1 }, '')).toBe(false);
  });

  it('is off (and not listed) at 0', () => {
    const ids = checkPassword({ password: 'x', confirm: 'x' }, { ...OFF, [id]: 0 }, WORDS).map(
      (r) => r.id,
    );
    expect(ids).not.toContain(id);
  });
});

describe('character classes', () => {
  it('counts accented letters as letters of their case, and spaces as not special', () => {
    expect(met('uppercase', { uppercase: 1 }, 'élan')).toBe(false);
    expect(met('uppercase', { uppercase: 1 }, 'Élan')).toBe(true);
    expect(met('lowercase', { lowercase: 2 }, 'ÉLan')).toBe(true);
    expect(met('letters', { letters: 4 }, 'Ész1')).toBe(false);
    expect(met('special', { special: 1 }, 'ab cd')).toBe(false);
    expect(met('special', { special: 3 }, '£_@')).toBe(true);
    expect(met('digits', { digits: 1 }, 'abc')).toBe(false);
  });
});

describe('consecutive characters', () => {
  it('says so word for word', () => {
    expect(rule('maxConsecutive', { maxConsecutive: 2 }, { password: '' }).message).toBe(
      'Password should not contain more than 2 consecutive characters',
    );
  });

  it('allows runs of n and refuses a run of n + 1 (docs/requirements.md §5: no run of 3)', () => {
    expect(met('maxConsecutive', { maxConsecutive: 2 }, 'aabbaa')).toBe(true);
    expect(met('maxConsecutive', { maxConsecutive: 2 }, 'abaaab')).toBe(false);
    expect(met('maxConsecutive', { maxConsecutive: 2 }, '111')).toBe(false);
    expect(met('maxConsecutive', { maxConsecutive: 3 }, 'x111x')).toBe(true);
    expect(met('maxConsecutive', { maxConsecutive: 2 }, 'aAa')).toBe(true);
    expect(met('maxConsecutive', { maxConsecutive: 2 }, '')).toBe(false);
  });

  it('measures the longest run', () => {
    expect(longestRun('')).toBe(0);
    expect(longestRun('abc')).toBe(1);
    expect(longestRun('abbbcc')).toBe(3);
    expect(longestRun('😀😀')).toBe(2);
  });
});

describe('name and username', () => {
  const attempt = (password: string) => ({
    password,
    name: 'Jo Smith-Jones',
    username: 'alex_r@fm',
  });

  it('says so word for word', () => {
    expect(rule('personal', {}, attempt('x')).message).toBe(
      "Password can't contain part of your name or username",
    );
  });

  it('refuses any part longer than 2 characters, in any case', () => {
    expect(rule('personal', {}, attempt('mySMITHpass')).met).toBe(false);
    expect(rule('personal', {}, attempt('xJonesx')).met).toBe(false);
    expect(rule('personal', {}, attempt('1alex1')).met).toBe(false);
    expect(rule('personal', {}, attempt('EX.')).met).toBe(true);
  });

  it('ignores parts of 2 characters or fewer', () => {
    expect(personalParts('Jo Smith-Jones', 'alex_r@fm')).toEqual(['smith', 'jones', 'alex']);
    expect(rule('personal', {}, attempt('JoJo-fm-al!')).met).toBe(true);
  });

  it('is not listed when there is no name or username part to check', () => {
    const ids = checkPassword(
      { password: 'x', confirm: 'x', name: 'Al', username: '' },
      OFF,
      WORDS,
    ).map((r) => r.id);
    expect(ids).not.toContain('personal');
  });
});

describe('blacklist', () => {
  const policy = { blacklist: ['password', ' Welcome ', ''] };

  it('says so word for word', () => {
    expect(rule('blacklist', policy, { password: 'x' }).message).toBe(
      "Password can't contain a blacklisted word",
    );
  });

  it('names the listed words the password holds, once each', () => {
    expect(rule('blacklist', policy, { password: 'x' }).requirement).toBe('No blacklisted word');
    expect(rule('blacklist', policy, { password: 'MyPassWord1' }).requirement).toBe(
      'No blacklisted word: remove “password”',
    );
    expect(rule('blacklist', policy, { password: 'welcome-password-welcome' }).requirement).toBe(
      'No blacklisted word: remove “password” and “welcome”',
    );
  });

  it('refuses a listed word anywhere, whatever its case', () => {
    expect(rule('blacklist', policy, { password: 'MyPassWord1' }).met).toBe(false);
    expect(rule('blacklist', policy, { password: 'WELCOME!' }).met).toBe(false);
    expect(rule('blacklist', policy, { password: 'Pass-word' }).met).toBe(true);
  });

  it('is not listed when the blacklist is empty', () => {
    expect(
      checkPassword({ password: 'x', confirm: 'x' }, OFF, WORDS).map((r) => r.id),
    ).not.toContain('blacklist');
  });
});

describe('old password', () => {
  it('says so word for word, and refuses the same password', () => {
    const same = rule('differsFromOld', {}, { password: 'Secret1!', old: 'Secret1!' });
    expect(same.message).toBe("New password can't be the same as your old password");
    expect(same.met).toBe(false);
    expect(rule('differsFromOld', {}, { password: 'Secret2!', old: 'Secret1!' }).met).toBe(true);
    expect(rule('differsFromOld', {}, { password: 'secret1!', old: 'Secret1!' }).met).toBe(true);
  });

  it('applies only when the form has an old password field', () => {
    expect(
      checkPassword({ password: 'x', confirm: 'x' }, OFF, WORDS).map((r) => r.id),
    ).not.toContain('differsFromOld');
    expect(
      checkPassword({ password: 'x', confirm: 'x', old: '' }, OFF, WORDS).map((r) => r.id),
    ).toContain('differsFromOld');
  });
});

describe('confirmation', () => {
  it("says 'Passwords don't match' until both fields are the same", () => {
    const check = (password: string, confirm: string) =>
      checkPassword({ password, confirm }, OFF, WORDS).find((r) => r.id === 'matches');
    expect(check('Secret1!', 'Secret1')?.message).toBe("Passwords don't match");
    expect(check('Secret1!', 'Secret1')?.met).toBe(false);
    expect(check('Secret1!', 'secret1!')?.met).toBe(false);
    expect(check('Secret1!', 'Secret1!')?.met).toBe(true);
    expect(check('', '')?.met).toBe(false);
  });
});

describe('the whole policy', () => {
  const policy = policyFromConfig({
    ...configDefaults(passwordConfig),
    passwordMinLength: 10,
    passwordLetters: 3,
    passwordBlacklist: ['acme'],
  });
  const attempt = { name: 'Sam Taylor', username: 'staylor', old: 'Old-pass-1' };

  it('reads the page configuration', () => {
    expect(policy).toEqual({
      minLength: 10,
      digits: 1,
      lowercase: 1,
      uppercase: 1,
      special: 1,
      letters: 3,
      maxConsecutive: 2,
      blacklist: ['acme'],
    });
  });

  it('lists every rule in order, all unmet for an empty password', () => {
    const results = checkPassword({ ...attempt, password: '', confirm: '' }, policy, WORDS);
    expect(results.map((r) => r.message)).toEqual([
      'Password must be at least 10 characters',
      'Password must contain at least 1 digits',
      'Password must contain at least 1 lowercase characters',
      'Password must contain at least 1 uppercase characters',
      'Password must contain at least 1 special characters',
      'Password must contain at least 3 letters',
      'Password should not contain more than 2 consecutive characters',
      "Password can't contain part of your name or username",
      "Password can't contain a blacklisted word",
      "New password can't be the same as your old password",
      "Passwords don't match",
    ]);
    expect(results.every((r) => !r.met)).toBe(true);
  });

  it('states each rule as a requirement, in the singular for one', () => {
    const results = checkPassword({ ...attempt, password: '', confirm: '' }, policy, WORDS);
    expect(results.map((r) => r.requirement)).toEqual([
      'At least 10 characters',
      'At least 1 digit',
      'At least 1 lowercase letter',
      'At least 1 uppercase letter',
      'At least 1 special character',
      'At least 3 letters',
      'No more than 2 consecutive characters that are the same',
      'No part of your name or username',
      'No blacklisted word',
      'Different from your old password',
      'Both new passwords match',
    ]);
  });

  it('accepts a password only when every rule passes', () => {
    const good = 'Brisk-Lake-42';
    expect(passwordAccepted({ ...attempt, password: good, confirm: good }, policy, WORDS)).toBe(
      true,
    );
    for (const bad of ['Brisk-Lake', 'Brisk-Laaake-42', 'Taylor-Lake-42', 'Acme-Lake-42!']) {
      expect(passwordAccepted({ ...attempt, password: bad, confirm: bad }, policy, WORDS)).toBe(
        false,
      );
    }
    expect(
      passwordAccepted({ ...attempt, password: good, confirm: 'Brisk-Lake-4' }, policy, WORDS),
    ).toBe(false);
  });
});

describe('rules an empty field cannot judge (the fields after a post)', () => {
  const policy = { ...OFF, minLength: 8, digits: 1, maxConsecutive: 2 };

  it('judges nothing while every field is empty: not met, not failed', () => {
    const results = checkPassword({ password: '', confirm: '', old: '' }, policy, WORDS);
    expect(results.map(({ id, met, judged }) => ({ id, met, judged }))).toEqual(
      ['minLength', 'digits', 'maxConsecutive', 'differsFromOld', 'matches'].map((id) => ({
        id,
        met: false,
        judged: false,
      })),
    );
  });

  it('judges the match once both are typed, and the old password once it is', () => {
    const judged = (attempt: PasswordAttempt) =>
      Object.fromEntries(
        checkPassword(attempt, policy, WORDS).map((r) => [r.id, [r.judged, r.met]]),
      );
    expect(judged({ password: 'Brisk-42', confirm: '', old: '' })).toEqual({
      minLength: [true, true],
      digits: [true, true],
      maxConsecutive: [true, true],
      differsFromOld: [false, false],
      matches: [false, false],
    });
    expect(judged({ password: 'Brisk-42', confirm: 'Brisk-4', old: 'Brisk-42' })).toMatchObject({
      differsFromOld: [true, false],
      matches: [true, false],
    });
    expect(
      passwordAccepted({ password: 'Brisk-42', confirm: 'Brisk-42', old: '' }, policy, WORDS),
    ).toBe(false);
  });
});
