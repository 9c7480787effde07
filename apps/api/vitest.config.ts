import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    pool: 'forks',
    // Each file builds its own app on its own database; the modules loaded are shared by the files
    // of a worker instead of imported again for each: what a test may not rely on, decision 068.
    isolate: false,
    maxWorkers: 2,
    // Projects with their own worker count run as their own group.
    sequence: { groupOrder: 1 },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
