import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hostTypes, type ManifestModule } from '../../scripts/host-types.mjs';

// The hosts' types come from the elements' JSDoc and the sources' types together; where the two
// disagree the generator (npm run manifest, and its --check in CI) stops and says where. Each
// case builds a TypeScript program over the sources: seconds alone, a minute on a loaded machine.
const root = process.cwd();
const modules = (
  JSON.parse(readFileSync('custom-elements.json', 'utf8')) as { modules: ManifestModule[] }
).modules;

/** The manifest's modules with `change` applied to fm-cost-approval's declaration. */
function withCostApproval(
  change: (events: ManifestModule['declarations'][number]['events']) => void,
) {
  const copy = structuredClone(modules);
  const declaration = copy
    .flatMap((module) => module.declarations)
    .find((d) => d.tagName === 'fm-cost-approval');
  if (!declaration) throw new Error('no fm-cost-approval in custom-elements.json');
  change(declaration.events);
  return copy;
}

describe('host types', () => {
  it('refuses an event of FmEventMap that no @fires documents', () => {
    const undocumented = withCostApproval((events) => {
      events.splice(
        events.findIndex((event) => event.name === 'fm-job-released'),
        1,
      );
    });
    expect(() => hostTypes(root, undocumented)).toThrow(
      "FmEventMap has fm-job-released, which no element's JSDoc @fires names",
    );
  }, 180_000);

  it('refuses an @fires without its CustomEvent<Detail> type', () => {
    const untyped = withCostApproval((events) => {
      const released = events.find((event) => event.name === 'fm-job-released');
      if (released) released.type = { text: 'Event' };
    });
    expect(() => hostTypes(root, untyped)).toThrow(
      'widgets/cost-approval/index.ts: @fires fm-job-released needs {CustomEvent<Detail>}',
    );
  }, 180_000);
});
