/**
 * Test file order under Stryker: Vitest stops at the first failure (Stryker's bail), so the quick
 * files go first — unit, then the rules files — and the two that wait on real timers or play many
 * histories (escrow-timers, escrow-property) last. A mutant a quick test kills costs seconds; only
 * the survivors pay for the slow files.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LAST = ['tests/rules/escrow-timers.test.ts', 'tests/rules/escrow-property.test.ts'];

function rank(file: TestSpecification): number {
  const id = file.moduleId.replaceAll('\\', '/');
  const slow = LAST.findIndex((name) => id.endsWith(name));
  if (slow >= 0) return 2 + slow;
  return id.includes('/tests/rules/') ? 1 : 0;
}

export class QuickFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted.map((file, index) => ({ file, index })).sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index).map(({ file }) => file);
  }
}
