// The repository holds what it cites. Code, tests and docs cite the repository's own documents
// (`docs/requirements.md §N`, `docs/benchmark.md`…), never a document a maintainer who clones the
// project cannot open, and never an issue number: a commit message says why, the code says what.
//
// The names this test forbids are spelled in pieces (and its patterns with a character class), so
// the file mentions none of them itself. Lowercase "spec" (`*.spec.ts`, a config spec), the word
// "specification" and lowercase "design" are ordinary words and pass; the two names in capitals
// are the outside documents' and fail. A hash and digits is an issue reference unless it is a
// colour (3, 4, 6 or 8 hex digits), an HTML entity (`&#39;`) or in ALLOWED below.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const REQUIREMENTS = 'docs/requirements.md';

/** The outside documents' names, in pieces. */
const NAME = {
  spec: ['SP', 'EC'].join(''),
  design: ['DES', 'IGN'].join(''),
  notes: ['STACK', '-NOTES'].join(''),
  style: ['STY', 'LE.md'].join(''),
  issue: ['Iss', 'ue'].join(''),
};

/** A hash before digits, apart, so that this file holds no issue reference itself. */
const HASH = '#';

/** What no file may say, each with what it is. */
const FORBIDDEN: [string, RegExp][] = [
  ['the outside specification', /\bS[P]EC\b|\bs[p]ec\.md\b/g],
  ['the outside design document', /\bD[E]SIGN\b|\bd[e]sign\.md\b/g],
  ['the outside notes on the libraries', /\bS[T]ACK-NOTES\b/gi],
  ['the outside style guide', /\bS[T]YLE\.md\b/gi],
  ['an issue number', /\b[Ii]s[s]ues? +#?\d+/g],
  ['a pull request number', /\b(?:P[R]|[Pp]ull request) +#?\d+/g],
  // A hash and 1, 2, 5, 7 or more digits; never a colour, an entity ("&#39;") or "#fm-config".
  ['an issue number', /(?<![\w&#/])#(?!(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})\b)\d+\b/gi],
  // A hash and as many digits as a colour has, where only an issue number stands: in brackets, or
  // after "see", "fixes" and the like.
  ['an issue number', /\(#\d+\)|\b(?:see|in|fixes|fixed|closes|closed|resolves|per) +#\d+/gi],
];

/** Exact text that looks like an issue reference and is not, each with why it stays. */
const ALLOWED: [file: string, text: string][] = [
  // An invoice number with '#': its encoding in a path is what the test checks.
  ['test/core/contract.test.ts', `INV/22 ${'#'}3`],
];

const ROOTS = ['src/', 'widgets/', 'kit/', 'demo/', 'test/', 'scripts/', 'docs/', 'types/', '.ci/'];
const TOP = [
  'README.md',
  'CHANGELOG.md',
  'custom-elements.json',
  'rollup.config.mjs',
  'vitest.config.ts',
  'package.json',
];
const TEXT = /\.(ts|tsx|mts|cts|mjs|cjs|js|css|php|md|json|sql|py|sh|xml|html)$/;

/** The files the rule covers: tracked or new, not ignored (so never node_modules or dist). */
function files(): string[] {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  return listed
    .split('\n')
    .filter(
      (file) =>
        TOP.includes(file) ||
        file === '.ci/run' ||
        (ROOTS.some((root) => file.startsWith(root)) && TEXT.test(file)),
    )
    .filter((file) => !/(^|\/)(node_modules|dist)\//.test(file));
}

/** Each forbidden mention of a text, as "what: the words around it". */
function mentions(text: string, file = ''): string[] {
  let checked = text;
  for (const [where, allowed] of ALLOWED)
    if (where === file) checked = checked.split(allowed).join('');
  const found: string[] = [];
  for (const [what, pattern] of FORBIDDEN) {
    for (const match of checked.matchAll(pattern)) {
      const at = match.index ?? 0;
      found.push(`${what}: …${checked.slice(Math.max(0, at - 30), at + 40).replace(/\s+/g, ' ')}…`);
    }
  }
  return found;
}

/** The section numbers of docs/requirements.md, from its "## N. Title" headings. */
function requirementSections(): number[] {
  const text = readFileSync(REQUIREMENTS, 'utf8');
  return [...text.matchAll(/^## (\d+)\. /gm)].map((match) => Number(match[1]));
}

/** The sections a text cites: "requirements.md §4", "requirements §3, §5 and §7", "§3–§6". */
function citedSections(text: string): number[] {
  const cited: number[] = [];
  for (const match of text.matchAll(/\brequirements(?:\.md)? +(§\d+(?:(?:, | and |–)§\d+)*)/g)) {
    const numbers = [...(match[1] ?? '').matchAll(/§(\d+)/g)].map((n) => Number(n[1]));
    const range = /§(\d+)–§(\d+)/.exec(match[1] ?? '');
    if (range) for (let n = Number(range[1]); n <= Number(range[2]); n++) numbers.push(n);
    cited.push(...numbers);
  }
  return cited;
}

/** The numbers of the calls a text cites: "call 23", "calls 5, 6 and 9". */
function citedCalls(text: string): number[] {
  return [...text.matchAll(/\b[Cc]alls? (\d+(?:(?:, | and )\d+)*)\b/g)].flatMap((match) =>
    [...(match[1] ?? '').matchAll(/\d+/g)].map((n) => Number(n[0])),
  );
}

/** The numbered rows of the calls table in docs/requirements.md §7. */
function requirementCalls(): number[] {
  const text = readFileSync(REQUIREMENTS, 'utf8');
  const section = text.slice(text.indexOf('\n## 7. '), text.indexOf('\n## 8. '));
  return [...section.matchAll(/^\| (\d+) +\|/gm)].map((match) => Number(match[1]));
}

describe('the patterns', () => {
  it('catch each outside document and issue number', () => {
    const caught = [
      `${NAME.spec} §4`,
      `(${NAME.spec} §9)`,
      `${NAME.spec}'s message`,
      `${NAME.spec}’s words`,
      `${NAME.spec}.md`,
      `${NAME.spec.toLowerCase()}.md`,
      `${NAME.design} §7`,
      `${NAME.design}.md`,
      `(${NAME.design}: field engineers on phones)`,
      `${NAME.notes}.md`,
      `(${NAME.notes}, powerbi-client)`,
      `${NAME.style}`,
      `${NAME.issue.toLowerCase()} 26`,
      `(${NAME.issue.toLowerCase()} 27)`,
      `${NAME.issue} 17, point 6`,
      `${NAME.issue.toLowerCase()}s 25 and 27`,
      `${NAME.issue.toLowerCase()} ${HASH}26`,
      `fixed in ${HASH}26.`,
      `(${HASH}7)`,
      `see ${HASH}12345`,
      `(${HASH}1234)`,
      `see ${HASH}123`,
      `${'P'}R 42`,
    ];
    for (const text of caught) expect(mentions(text), text).not.toEqual([]);
    // And no pattern is dead weight: each catches one of them.
    for (const [what, pattern] of FORBIDDEN) {
      expect(
        caught.some((text) => new RegExp(pattern.source, pattern.flags).test(text)),
        `${what}: ${pattern}`,
      ).toBe(true);
    }
  });

  it('pass ordinary words, colours, entities and ids', () => {
    const passed = [
      'test/browser/engineer.spec.ts',
      'the specification of a filter',
      'a config spec and its keys',
      'the Spec of a table',
      'how the pieces fit: the design of the loader',
      'color: #495057;',
      "compliant: '#198754',",
      'border: 1px solid #999;',
      '--host-text: #212529;',
      'Password can&#39;t contain',
      '`#fm-config`',
      'href="#main"',
      'an issue with the token',
      'docs/requirements.md §4',
    ];
    for (const text of passed) expect(mentions(text), text).toEqual([]);
  });

  it('read the sections and calls a text cites', () => {
    const sections = citedSections('docs/requirements.md §4, §5 and §9; requirements §2–§4');
    expect([...new Set(sections)].sort()).toEqual([2, 3, 4, 5, 9]);
    expect(citedCalls('calls 5, 6 and 9; call 23')).toEqual([5, 6, 9, 23]);
  });
});

describe('the repository holds what it cites', () => {
  const list = files();

  it('covers the code, tests, docs and generated manifest', () => {
    for (const file of ['README.md', 'custom-elements.json', 'types/index.d.ts', '.ci/run']) {
      expect(list).toContain(file);
    }
    expect(list.some((file) => file.startsWith('src/'))).toBe(true);
    expect(list.some((file) => file.startsWith('test/'))).toBe(true);
  });

  it('mentions no outside document and no issue number', () => {
    const found = list.flatMap((file) =>
      mentions(readFileSync(file, 'utf8'), file).map((mention) => `${file}: ${mention}`),
    );
    expect(found).toEqual([]);
  });

  it(`has ${REQUIREMENTS} with sections 1 to 9, linked from the README`, () => {
    expect(requirementSections()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(readFileSync('README.md', 'utf8')).toContain(`](${REQUIREMENTS})`);
  });

  it(`cites only sections ${REQUIREMENTS} has, and only calls its §7 numbers`, () => {
    const sections = new Set(requirementSections());
    const calls = new Set(requirementCalls());
    expect(calls.size).toBe(24);
    const wrong = list.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [
        ...citedSections(text)
          .filter((n) => !sections.has(n))
          .map((n) => `${file}: §${n}`),
        ...citedCalls(text)
          .filter((n) => !calls.has(n))
          .map((n) => `${file}: call ${n}`),
      ];
    });
    expect(wrong).toEqual([]);
  });
});

describe(`${REQUIREMENTS} quotes the product's messages word for word`, () => {
  // Each is a message the requirements give and the product must show: in the document, and in
  // the product's own sources, letter for letter (messages built from parts are left to their
  // own tests).
  const MESSAGES = [
    'Order Number is a required field, please update the original job then try again.',
    'Duplicate Invoice Number',
    'You need to fill out the notes field (minimum 8 characters)',
    "Password can't contain part of your name or username",
    "Password can't contain a blacklisted word",
    "New password can't be the same as your old password",
    "Passwords don't match",
    '{field} is required',
    '{field} is forbidden',
    '{field} property is invalid',
    'mashupDocument cannot be empty when datasourceConnectionConfig is presented',
    'tableSchemaList cannot be empty when data is provided',
    'At least one of data or mashupDocument must be provided',
    'Error: {message}',
    'Are you sure?',
    'The job has been forwarded',
    'The job has been rejected',
    'Job Released',
    'Alternative Quote(s) Created',
    'No POR Found in Siclops',
    'You must enable geo location to use this app',
    'We cannot locate you at the moment',
    "This site hasn't been geocoded yet",
  ];
  const requirements = readFileSync(REQUIREMENTS, 'utf8').replace(/\s+/g, ' ');
  const product = files()
    .filter((file) => /^(src|widgets)\//.test(file) && !file.endsWith('.md'))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');

  it.each(MESSAGES)('%s', (message) => {
    expect(requirements.includes(message), 'in the requirements').toBe(true);
    expect(product.includes(message), 'in the product').toBe(true);
  });
});
