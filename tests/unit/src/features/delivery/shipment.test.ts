// The shipment state machine: forward only, steps may be skipped forward, never back; changes only before loading.
import { describe, expect, it } from 'vitest';
import { changeable, mayAdvance, stepsBetween } from '#src/features/delivery/shipment.ts';

describe('shipment steps', () => {
  it('moves forward, skipping steps, never back or in place', () => {
    expect(mayAdvance('PLANNED', 'PREPARED')).toBe(true);
    expect(mayAdvance('PREPARED', 'IN_TRANSIT')).toBe(true);
    expect(mayAdvance('LOADED', 'PREPARED')).toBe(false);
    expect(mayAdvance('SIGNED', 'SIGNED')).toBe(false);
    expect(stepsBetween('PREPARED', 'DELIVERED')).toEqual(['LOADED', 'IN_TRANSIT', 'DELIVERED']);
    expect(stepsBetween('DELIVERED', 'LOADED')).toEqual([]);
  });

  it('the buyer may change the window or cancel only before 已装车', () => {
    expect(changeable('PLANNED')).toBe(true);
    expect(changeable('PREPARED')).toBe(true);
    expect(changeable('LOADED')).toBe(false);
    expect(changeable('SIGNED')).toBe(false);
  });
});
