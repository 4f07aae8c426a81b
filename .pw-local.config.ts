import { defineConfig } from '@playwright/test';
process.env.E2E_SANDBOX_URL = 'http://127.0.0.1:4822';
export default defineConfig({
  testDir: 'tests/e2e',
  workers: 1,
  timeout: 60_000,
  use: { baseURL: 'http://127.0.0.1:4722', locale: 'zh-CN', launchOptions: { executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] } },
});
