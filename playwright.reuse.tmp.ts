import config from './playwright.config.ts';
export default { ...config, webServer: { ...(config.webServer as object), reuseExistingServer: true } };
