// How the encyclopedia is arranged: groups in menu order with gases and newest articles, related entries, fact rows, cache keys.
import { describe, expect, it } from 'vitest';
import type { WikiCategory } from '#src/shared/api/contract/content.ts';
import {
  gasProperties,
  hazardShort,
  latestArticles,
  listKey,
  relatedEntries,
  wikiGroups,
  type WikiItem,
} from '#src/features/knowledge/wiki.ts';
import { wikiCategories, wikiEntries } from '#sandbox/seed/gases.ts';

const categories: WikiCategory[] = wikiCategories.map((c) => ({ ...c, count: 0 }));
const items: WikiItem[] = wikiEntries;

describe('wikiGroups', () => {
  it('lists the five groups in menu order, every gas once and articles newest first', () => {
    const groups = wikiGroups([...categories].reverse(), items);
    expect(groups.map((g) => g.category.name)).toEqual(['高纯气体知识', '标准气体知识', '特种气体知识', '气瓶与减压器', '气体安全']);
    expect(groups.flatMap((g) => g.gases)).toHaveLength(26);
    for (const g of groups) {
      const dates = g.articles.map((a) => a.updatedAt);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(g.articles.every((a) => a.gas === null)).toBe(true);
    }
    expect(latestArticles(groups, 1).every((g) => g.articles.length <= 1)).toBe(true);
  });

  it('leaves out entries of an unknown group', () => {
    const stray: WikiItem = { ...items[0]!, id: 999, categoryId: 77 };
    expect(wikiGroups(categories, [...items, stray]).some((g) => [...g.gases, ...g.articles].includes(stray))).toBe(false);
  });
});

describe('relatedEntries', () => {
  it('gives other entries of the same group, most read first, never the entry itself', () => {
    const nitrogen = items.find((w) => w.id === 1)!;
    const related = relatedEntries(items, nitrogen, 4);
    expect(related).toHaveLength(4);
    expect(related.every((w) => w.categoryId === nitrogen.categoryId && w.id !== 1)).toBe(true);
    expect(related.map((w) => w.views)).toEqual([...related.map((w) => w.views)].sort((a, b) => b - a));
  });
});

describe('hazardShort and gasProperties', () => {
  it('shortens GHS classes and drops repeats', () => {
    expect(hazardShort(['易燃气体，类别1', '加压气体（压缩气体）', '急性毒性-吸入，类别3', '皮肤腐蚀/刺激，类别1B'])).toEqual([
      '易燃气体',
      '加压气体',
      '急性毒性',
      '皮肤腐蚀/刺激',
    ]);
    expect(hazardShort(['加压气体（液化气体）', '加压气体（压缩气体）'])).toEqual(['加压气体']);
  });

  it('writes nitrogen’s properties with units, 不燃 and 未制定 where empty', () => {
    const rows = Object.fromEntries(gasProperties(wikiEntries[0]!.gas!));
    expect(rows['摩尔质量']).toBe('28.014 g/mol');
    expect(rows['沸点（101.325 kPa）']).toBe('−195.8 ℃');
    expect(rows['相对密度（空气 = 1）']).toBe('0.97');
    expect(rows['爆炸极限（体积分数）']).toBe('不燃');
    expect(rows['职业接触限值']).toBe('未制定');
    expect(rows['运输危险性类别']).toBe('2.2');
  });
});

describe('listKey', () => {
  it('changes with a title or date and only then', () => {
    const list = items.slice(0, 3);
    expect(listKey(list)).toBe(listKey(structuredClone(list)));
    expect(listKey(list)).not.toBe(listKey([{ ...list[0]!, title: '新标题' }, ...list.slice(1)]));
    expect(listKey(list)).toBe(listKey([{ ...list[0]!, summary: '只改了摘要' } as WikiItem, ...list.slice(1)]));
  });
});
