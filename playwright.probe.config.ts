import { devices } from '@playwright/test';
import base from './playwright.config.ts';
export default { ...base, webServer: undefined, reporter: [['list']], projects: [{ name: 'probe', use: { ...devices['Desktop Chrome'] } }] };
