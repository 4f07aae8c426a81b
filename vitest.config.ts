// Unit and contract tests: pure logic, the API client and the sandbox, in Node with msw serving the sandbox in-process.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/contract/**/*.test.ts'],
    environment: 'node',
    testTimeout: 15000,
  },
});
