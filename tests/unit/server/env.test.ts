import { describe, expect, it } from 'vitest';
import { API_TIMEOUT_DEFAULT_MS, SANDBOX_ORIGIN } from '#build/env-schema.ts';
import { apiBasesOf, envNumber, envString } from '#server/env.ts';

describe('the Node-side environment reads the astro:env schema', () => {
  it('takes the schema defaults for unset and empty variables', () => {
    expect(envNumber('API_TIMEOUT_MS', {})).toBe(API_TIMEOUT_DEFAULT_MS);
    expect(envNumber('SITE_STATUS_TTL_MS', { SITE_STATUS_TTL_MS: '' })).toBe(5000);
    expect(apiBasesOf({})).toEqual({
      buyer: SANDBOX_ORIGIN,
      base: SANDBOX_ORIGIN,
      model: SANDBOX_ORIGIN,
      seller: SANDBOX_ORIGIN,
      admin: SANDBOX_ORIGIN,
    });
  });

  it('reads the values given', () => {
    expect(envNumber('API_TIMEOUT_MS', { API_TIMEOUT_MS: '2500' })).toBe(2500);
    expect(apiBasesOf({ API_BASE_MODEL: 'https://api.example.cn/model' }).model).toBe('https://api.example.cn/model');
    expect(envString('SELLER_SITE_URL', {})).toBe('https://seller.example.cn/');
  });

  it('refuses what the schema refuses, naming the variable', () => {
    expect(() => envNumber('API_TIMEOUT_MS', { API_TIMEOUT_MS: '0' })).toThrow(/API_TIMEOUT_MS/);
    expect(() => envNumber('API_TIMEOUT_MS', { API_TIMEOUT_MS: '1.5' })).toThrow(/API_TIMEOUT_MS/);
    expect(() => envNumber('SITE_STATUS_TTL_MS', { SITE_STATUS_TTL_MS: 'soon' })).toThrow(/SITE_STATUS_TTL_MS/);
    expect(() => envNumber('SITE_STATUS_TTL_MS', { SITE_STATUS_TTL_MS: '0' })).not.toThrow();
    expect(() => apiBasesOf({ API_BASE_BUYER: 'not a url' })).toThrow(/API_BASE_BUYER/);
  });
});
