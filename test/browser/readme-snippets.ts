// The fenced code blocks of README.md and docs/*.md, for the tests that run them (readme.spec.ts,
// release.spec.ts).
import { readdirSync, readFileSync } from 'node:fs';

export interface Snippet {
  /**
   * The fence's info string: `html`, `php`, `html output` (what the PHP block before prints), or
   * `php sketch`: a piece of a CakePHP app (a controller and its template) no test can run here.
   */
  info: string;
  /** Where the opening fence is: `README.md:118`, `docs/serving.md:20`. */
  where: string;
  code: string;
}

/** The documents whose examples run: the README and every page of docs/. */
const DOCUMENTS = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

/** Every fenced block of the README and docs/, in order. */
export function readmeSnippets(): Snippet[] {
  const blocks: Snippet[] = [];
  for (const file of DOCUMENTS) {
    const lines = readFileSync(file, 'utf8').split('\n');
    for (let at = 0; at < lines.length; at += 1) {
      const info = /^```(.*)$/.exec(lines[at] ?? '')?.[1]?.trim();
      if (info === undefined) continue;
      const end = lines.findIndex((text, index) => index > at && text.startsWith('```'));
      blocks.push({ info, where: `${file}:${at + 1}`, code: lines.slice(at + 1, end).join('\n') });
      at = end;
    }
  }
  return blocks;
}
