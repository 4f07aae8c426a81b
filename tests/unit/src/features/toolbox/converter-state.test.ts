// The toolbox's URL state: shared links round-trip, junk falls back to defaults, and other pages' links open the right gas.
import { describe, expect, it } from 'vitest';
import { DEFAULT_STATE, parseState, stateQuery, withChoices, withGas } from '#src/features/toolbox/converter-state.ts';
import { converterUrl, sdsSearchUrl, sdsUrl } from '#src/shared/http/routes.ts';

describe('toolbox state in the URL', () => {
  it('round-trips a state through its query', () => {
    const s = {
      ...DEFAULT_STATE,
      gas: 'argon' as const,
      unit: 'L' as const,
      value: '100',
      cylGas: 'helium' as const,
      cylTemp: 15 as const,
      pUnit: 'psi' as const,
      pValue: '2200',
    };
    expect(stateQuery(s)).toBe('gas=argon&unit=L&v=100&cg=helium&ct=15&pu=psi&pv=2200');
    expect(parseState(`?${stateQuery(s)}`)).toEqual(s);
  });

  it('falls back to defaults on junk', () => {
    expect(parseState('?gas=<script>&unit=zz&v=-1&cg=carbon-dioxide&cp=abc&pu=x&pv=1')).toEqual(DEFAULT_STATE);
    expect(parseState('?gas=argon&unit=kg&v=1e999')).toEqual({ ...DEFAULT_STATE, gas: 'argon' });
  });

  it('a gas without liquid data is opened on mass', () => {
    expect(parseState('?gas=acetylene')).toMatchObject({ gas: 'acetylene', unit: 'kg' });
    expect(parseState('?gas=acetylene&unit=L&v=5')).toMatchObject({ gas: 'acetylene', unit: 'kg' });
  });

  it('the route builders other pages use', () => {
    expect(sdsUrl(1)).toBe('/services/toolbox/sds/1');
    expect(sdsSearchUrl('7727-37-9')).toBe('/services/toolbox/sds?keyword=7727-37-9');
    expect(converterUrl()).toBe('/services/toolbox/gas');
    expect(converterUrl({ gasId: 3 })).toBe('/services/toolbox/gas?gas=3');
    expect(parseState(converterUrl({ gasId: 3, unit: 'L', value: 100 }).split('?')[1]!)).toMatchObject({
      gas: 'argon',
      unit: 'L',
      value: '100',
    });
  });

  it('another gas keeps the amount, or carries it over as mass where the gas has no liquid volume', () => {
    expect(withGas(DEFAULT_STATE, 'argon')).toEqual({ ...DEFAULT_STATE, gas: 'argon' });
    // 1,000 L of liquid nitrogen is 806.08 kg (the page's default result); acetylene is sold by mass.
    const s = withGas(DEFAULT_STATE, 'acetylene');
    expect(s).toMatchObject({ gas: 'acetylene', unit: 'kg' });
    expect(Number(s.value)).toBeCloseTo(806.08, 1);
    expect(withGas(DEFAULT_STATE, 'neon-x' as never)).toBe(DEFAULT_STATE);
  });

  it('a choice made in the page before the island ran wins over the URL, an untouched select does not', () => {
    const fromUrl = parseState('?gas=oxygen&unit=L&v=5&cg=argon');
    // Untouched: the selects still show what the page was built with.
    expect(withChoices(fromUrl, { gas: 'nitrogen', cg: 'nitrogen', ct: '20' }, DEFAULT_STATE)).toEqual(fromUrl);
    // Chosen before hydration: argon in the converter, helium in the cylinder tool, 15 ℃.
    expect(withChoices(fromUrl, { gas: 'argon', cg: 'helium', ct: '15' }, DEFAULT_STATE)).toEqual({
      ...fromUrl,
      gas: 'argon',
      cylGas: 'helium',
      cylTemp: 15,
    });
    // Values that are no option change nothing.
    expect(withChoices(fromUrl, { gas: '<x>', cg: 'acetylene-x', ct: '99' }, DEFAULT_STATE)).toEqual(fromUrl);
  });
});
