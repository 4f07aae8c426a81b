import { describe, expect, it } from 'vitest';
import { safeForward } from '../../../src/lib/forward.ts';

const hostile = [
  '//evil.com',
  '/\\evil.com',
  '\\\\evil.com',
  'https:evil.com',
  'https://evil.com',
  'javascript:alert(1)',
  '%2f%2fevil.com',
  '%252f%252fevil.com',
  '/%09/evil.com',
  '/\t/evil.com',
  '／／evil.com',
  '/／evil.com',
  'http://user@evil.com',
  '//user:pass@evil.com/',
  ' //evil.com',
  '/%5cevil.com',
  'data:text/html,x',
  '%',
];

describe('safeForward', () => {
  it.each(hostile)('keeps %j on the site', (value) => {
    const out = safeForward(value);
    expect(out.startsWith('/')).toBe(true);
    expect(new URL(out, 'https://shop.example').origin).toBe('https://shop.example');
  });

  it('keeps same-origin paths with their query', () => {
    expect(safeForward('/member/my-order?status=NEW')).toBe('/member/my-order?status=NEW');
    expect(safeForward('%2Fshopping-cart')).toBe('/shopping-cart');
    expect(safeForward(null)).toBe('/');
  });
});
