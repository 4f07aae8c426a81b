import { describe, expect, it } from 'vitest';
import { LFL, VAPOUR_PRESSURE_MPA } from '#src/features/quotes/gases.ts';
import { checkMixture, emptyMixture, indicativePrice, parseDecimal, type MixtureRequest } from '#src/features/quotes/mixture.ts';

const mix = (patch: Partial<MixtureRequest>): MixtureRequest => ({ ...emptyMixture(), cylinder: '40L-ST', pressure: '15', ...patch });
const failures = (req: MixtureRequest) => checkMixture(req).findings.filter((f) => !f.ok);

describe("the tables carry their sources' figures", () => {
  it('LFL of IEC 60079-20-1 and vapour pressure of the NIST WebBook', () => {
    expect(LFL.ch4).toBe(0.044);
    expect(LFL.h2).toBe(0.04);
    expect(VAPOUR_PRESSURE_MPA.co2?.[20]).toBeCloseTo(5.73, 2);
  });
});

describe('mixture rules (docs/gas-features.md)', () => {
  it('refuses 10 % methane in air: above its LFL (4.4 %)', () => {
    const out = failures(mix({ balance: 'air', components: [{ gas: 'ch4', value: '10', unit: 'pct' }] }));
    expect(out.map((f) => f.rule)).toContain('lfl');
    expect(out.find((f) => f.rule === 'lfl')!.message).toMatch(/LFL 的 227.3%.*超过 60%/);
  });
  it("accepts 2 % methane in nitrogen, and 2.5 % methane in air (the catalogue's 50 % LEL gas)", () => {
    expect(checkMixture(mix({ components: [{ gas: 'ch4', value: '2', unit: 'pct' }] })).ok).toBe(true);
    expect(
      checkMixture(mix({ balance: 'air', cylinder: '8L-AL', pressure: '8', components: [{ gas: 'ch4', value: '2.5', unit: 'pct' }] })).ok,
    ).toBe(true);
  });
  it('accepts 100 ppm CO in nitrogen at 15 MPa', () => {
    const r = checkMixture(mix({ components: [{ gas: 'co', value: '100', unit: 'ppm' }] }));
    expect(r.findings.filter((f) => !f.ok)).toEqual([]);
    expect(r.ok).toBe(true);
  });
  it('refuses CO2 at 15 MPa with the vapour-pressure reason (5.73 MPa at 20 °C)', () => {
    const balance = failures(mix({ balance: 'co2', minTemp: 20, components: [{ gas: 'o2', value: '100', unit: 'ppm' }] }));
    expect(balance).toHaveLength(1);
    expect(balance[0]!.rule).toBe('vapour');
    expect(balance[0]!.message).toMatch(/二氧化碳.*高于其 20 ℃ 饱和蒸气压 5.73 MPa/);
    const half = checkMixture(mix({ minTemp: 20, components: [{ gas: 'co2', value: '50', unit: 'pct' }] }));
    expect(half.ok).toBe(false);
    expect(half.maxFillMpa).toBeCloseTo(5.73 / 0.5 - 0.101325, 3);
    // 10 % CO2 at 15 MPa stays gas down to -20 °C (1.51 MPa < 1.97 MPa).
    expect(checkMixture(mix({ minTemp: -20, components: [{ gas: 'co2', value: '10', unit: 'pct' }] })).ok).toBe(true);
  });
  it('refuses oxygen with hydrogen above the limit, accepts it below (Le Chatelier with two fuels)', () => {
    const out = failures(
      mix({
        components: [
          { gas: 'o2', value: '5', unit: 'pct' },
          { gas: 'h2', value: '5', unit: 'pct' },
        ],
      }),
    );
    expect(out.map((f) => f.rule)).toEqual(['lfl']);
    expect(
      checkMixture(
        mix({
          components: [
            { gas: 'o2', value: '5', unit: 'pct' },
            { gas: 'h2', value: '2', unit: 'pct' },
          ],
        }),
      ).ok,
    ).toBe(true);
    // 1.5 % H2 (37.5 %) + 1.2 % CH4 (27.3 %) in air: each alone below 60 %, together 64.8 %.
    const both = failures(
      mix({
        balance: 'air',
        components: [
          { gas: 'h2', value: '1.5', unit: 'pct' },
          { gas: 'ch4', value: '1.2', unit: 'pct' },
        ],
      }),
    );
    expect(both.find((f) => f.rule === 'lfl')?.message).toMatch(/勒夏特列.*64.8%/);
  });
  it('refuses incompatible pairs', () => {
    const out = failures(
      mix({
        components: [
          { gas: 'nh3', value: '100', unit: 'ppm' },
          { gas: 'hcl', value: '100', unit: 'ppm' },
        ],
      }),
    );
    expect(out.some((f) => f.rule === 'pairs' && /氯化铵/.test(f.message))).toBe(true);
    expect(failures(mix({ balance: 'air', components: [{ gas: 'no', value: '50', unit: 'ppm' }] })).map((f) => f.rule)).toContain('pairs');
  });
  it('checks the sum, the make limits and the grades', () => {
    expect(
      failures(
        mix({
          components: [
            { gas: 'o2', value: '50', unit: 'pct' },
            { gas: 'ar', value: '50', unit: 'pct' },
          ],
        }),
      ).map((f) => f.rule),
    ).toContain('sum');
    expect(failures(mix({ components: [{ gas: 'hcl', value: '5000', unit: 'ppm' }] })).map((f) => f.rule)).toContain('limits');
    expect(failures(mix({ uncertainty: 'U1', components: [{ gas: 'co', value: '10', unit: 'ppm' }] })).map((f) => f.rule)).toContain(
      'grade',
    );
  });
});

describe('bad input', () => {
  it('parses plain decimals only', () => {
    expect(parseDecimal('12.5')).toEqual({ value: 12.5 });
    expect(parseDecimal('1e3')).toEqual({ error: '请直接填写数值，不支持科学计数法' });
    expect(parseDecimal('-1')).toEqual({ error: '不能为负数' });
    expect(parseDecimal('NaN')).toEqual({ error: '请输入数字' });
    expect(parseDecimal('0')).toEqual({ error: '必须大于 0' });
    expect(parseDecimal(' ')).toEqual({ error: '请输入数值' });
  });
  it('refuses more than 8 components, units mixed up and duplicates', () => {
    const nine = ['o2', 'ar', 'he', 'h2', 'co', 'co2', 'ch4', 'c2h6', 'c3h8'].map((gas) => ({
      gas: gas as 'o2',
      value: '1',
      unit: 'ppm' as const,
    }));
    expect(failures(mix({ components: nine })).some((f) => f.message === '组分最多 8 个')).toBe(true);
    expect(failures(mix({ components: [{ gas: 'co', value: '20000', unit: 'ppm' }] }))[0]!.message).toMatch(/请改用 % 填写/);
    expect(
      failures(
        mix({
          components: [
            { gas: 'co', value: '10', unit: 'ppm' },
            { gas: 'co', value: '20', unit: 'ppm' },
          ],
        }),
      )[0]!.message,
    ).toMatch(/重复/);
    expect(failures(mix({ quantity: '1.5', components: [{ gas: 'co', value: '10', unit: 'ppm' }] }))[0]!.field).toBe('quantity');
  });
});

describe('indicative price', () => {
  const catalogue = [
    { id: 1019, name: '一氧化碳/氮 标准气体 CO', low: 650, high: 720 },
    { id: 1016, name: '甲烷/空气 标准气体 2.5%（50%LEL）', low: 320, high: 420 },
  ];
  it('ranges over comparable goods times the quantity, or none', () => {
    const co = mix({ components: [{ gas: 'co', value: '100', unit: 'ppm' }] });
    expect(indicativePrice(co, catalogue, 2)).toMatchObject({ low: 1300, high: 1440 });
    expect(indicativePrice(mix({ components: [{ gas: 'nh3', value: '100', unit: 'ppm' }] }), catalogue, 1)).toBeNull();
  });
});
