import { describe, expect, it } from 'vitest';
import type { ViewControl } from '#src/shared/api/contract/site.ts';
import { mainMenu } from '#src/features/shell/main-menu.ts';
import { visibleMenu } from '#src/features/member/menu.ts';
import { DRAFT_KEY, readDraft } from '#src/features/quotes/draft.ts';
import { quoteCheckoutId, quoteCheckoutUrl, quoteEntryFor } from '#src/features/quotes/routes.ts';

const on: ViewControl[] = [{ viewName: 'quote_part', isShow: 1 }];
const off: ViewControl[] = [{ viewName: 'quote_part', isShow: 0 }];

describe('quote entries follow quote_part', () => {
  it('main menu group, member menu item', () => {
    const links = (views: ViewControl[]) => mainMenu(views).flatMap((e) => e.groups.flatMap((g) => g.links.map((l) => l.href)));
    expect(links(on)).toContain('/quote/mixture');
    expect(links(off)).not.toContain('/quote');
    const items = (views: ViewControl[]) => visibleMenu(views).flatMap((g) => g.items.map((i) => i.label));
    expect(items(on)).toContain('我的询价');
    expect(items(off)).not.toContain('我的询价');
  });
  it('goods pages: standard gases and bulk liquids only', () => {
    expect(quoteEntryFor(102, 1)?.href).toBe('/quote/mixture');
    expect(quoteEntryFor(302, 3)?.href).toBe('/quote/bulk');
    expect(quoteEntryFor(103, 1)).toBeNull();
  });
  it('Confirmorder reads a quote id only with way QUOTE', () => {
    expect(quoteCheckoutId(new URL(`http://x${quoteCheckoutUrl(12)}`).searchParams)).toBe(12);
    expect(quoteCheckoutId(new URLSearchParams('quoteId=12'))).toBeUndefined();
    expect(quoteCheckoutId(new URLSearchParams('way=QUOTE&quoteId=1e3'))).toBeUndefined();
  });
});

describe('the kept draft', () => {
  it('comes back as typed, keeping only known choices', () => {
    const d = readDraft(
      JSON.stringify({
        balance: 'air',
        components: [
          { gas: 'ch4', value: '2.5', unit: 'pct' },
          { gas: 'xx', value: '1', unit: 'kg' },
        ],
        pressure: '8',
        minTemp: 20,
        quantity: '3',
        remark: '备注',
      }),
    );
    expect(d).toMatchObject({ balance: 'air', pressure: '8', minTemp: 20, quantity: '3', remark: '备注' });
    expect(d!.components).toEqual([
      { gas: 'ch4', value: '2.5', unit: 'pct' },
      { gas: '', value: '1', unit: 'ppm' },
    ]);
    expect(readDraft('not json')).toBeNull();
    expect(DRAFT_KEY).toBe('quote:mixture');
  });
});
