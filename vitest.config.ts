// Unit and contract tests: pure logic, the API client and the sandbox, in Node with msw serving the sandbox in-process.
// They mirror the source layout under tests/unit (docs/testing.md) and import the shop's source through the package's `#src/` imports.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 15000,
  },
});
