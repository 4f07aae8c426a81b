// Integration tests: whole-site builds against a sandbox of their own (tests/integration/), kept out of the unit run so it
// stays quick. One file at a time, so they hold about one core: `npm test` runs them beside the e2e run, which leaves most of
// the two cores idle while its browsers wait (see docs/testing.md).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 15000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
