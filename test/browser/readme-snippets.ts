// README.md's fenced code blocks, for the tests that run them (readme.spec.ts, release.spec.ts).
import { readFileSync } from 'node:fs';

export interface Snippet {
  /** The fence's info string: `html`, `php`, `html output` (what the PHP block before prints). */
  info: string;
  /** README.md's line of the opening fence. */
  line: number;
  code: string;
}

/** Every fenced block of README.md, in order. */
export function readmeSnippets(): Snippet[] {
  const blocks: Snippet[] = [];
  const lines = readFileSync('README.md', 'utf8').split('\n');
  for (let at = 0; at < lines.length; at += 1) {
    const info = /^```(.*)$/.exec(lines[at] ?? '')?.[1]?.trim();
    if (info === undefined) continue;
    const end = lines.findIndex((text, index) => index > at && text.startsWith('```'));
    blocks.push({ info, line: at + 1, code: lines.slice(at + 1, end).join('\n') });
    at = end;
  }
  return blocks;
}
