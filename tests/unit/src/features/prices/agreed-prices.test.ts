import { describe, expect, it } from 'vitest';
import { proxyUrl } from '#src/boot/proxy-path.ts';
import { prices } from '#src/shared/api/contract/prices.ts';
import { AGREED_PRICES_URL } from '#src/features/prices/agreed-prices.ts';

describe('the page call', () => {
  it('goes to the proxy path of the contract call prices.goods', () => {
    expect(AGREED_PRICES_URL).toBe(proxyUrl(prices.goods));
  });
});
