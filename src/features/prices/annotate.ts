/**
 * The goods, list and search pages' small script: after the page's one call (agreed-prices.ts), each goods card of a goods the
 * agreement covers gets "协议价 ¥x 起" beside its list price (then labelled 目录价), and the goods page's agreement box lists
 * the covered SKUs with their tiers, minimum and multiple.
 */
import type { PriceLine } from '#src/shared/api/contract/prices.ts';
import { agreedPrices } from './agreed-prices.ts';
import { AGREED_LABEL, quantityRuleText, tierRangeText, yuanText } from './rules.ts';

const el = (tag: string, cls: string, text: string): HTMLElement => {
  const e = document.createElement(tag);
  e.className = cls;
  e.textContent = text;
  return e;
};

function lineText(l: PriceLine): string {
  const tiers = l.tiers.map((t, i) => `${tierRangeText(l, i)} ${yuanText(t.unitFen)}`).join('；');
  return [`${l.specs}：${tiers}`, quantityRuleText(l)].filter(Boolean).join('；');
}

export async function annotate(): Promise<void> {
  const cards = [...document.querySelectorAll<HTMLElement>('[data-agreed-goods]')];
  const box = document.querySelector<HTMLElement>('[data-agreed-box]');
  const ids = cards.map((c) => Number(c.dataset.agreedGoods));
  if (box) ids.unshift(Number(box.dataset.agreedBox));
  const found = await agreedPrices(ids);
  if (!found) return;
  for (const card of cards) {
    const mine = found.lines.filter((l) => l.goodsId === Number(card.dataset.agreedGoods));
    if (mine.length === 0) continue;
    const low = Math.min(...mine.map((l) => l.tiers[0]!.unitFen));
    card.classList.add('has-agreed');
    card.querySelector('.price')?.after(el('span', 'agreed-card', `${AGREED_LABEL} ${yuanText(low)} 起`));
  }
  const mine = box ? found.lines.filter((l) => l.goodsId === Number(box.dataset.agreedBox)) : [];
  if (!box || mine.length === 0) return;
  box.append(el('strong', 'agreed-tag', AGREED_LABEL), el('span', '', `协议编号 ${found.agreement!.agreementNo}`));
  const list = document.createElement('ul');
  for (const l of mine) list.append(el('li', '', lineText(l)));
  box.append(list);
  box.hidden = false;
}
