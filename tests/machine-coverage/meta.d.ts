import type { CoverageMeta } from '../../machines/testing/coverage';

declare module 'vitest' {
  // The reached states and transitions a model walk hands to the coverage reporter (machines/testing/coverage.ts).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface TaskMeta extends CoverageMeta {}
}
