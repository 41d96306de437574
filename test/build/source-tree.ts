// The files of a folder of the repository, for the tests that read the source as text.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Folders that hold no source of ours: installed, built or generated at run time. */
const NOT_SOURCE = new Set(['node_modules', '.data', 'dist', 'vendor']);

/** Every file under `folder` whose name `keep` accepts, sources only. */
export function filesUnder(folder: string, keep: (name: string) => boolean = () => true): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return NOT_SOURCE.has(entry.name) ? [] : filesUnder(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}
