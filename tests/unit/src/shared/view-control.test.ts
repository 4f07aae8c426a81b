import { describe, expect, it } from 'vitest';
import { featureShown, viewShown } from '#src/shared/view-control.ts';
import { MEMBER_MENU, visibleMenu, type MenuItem } from '#src/features/member/menu.ts';

describe('feature switches', () => {
  it('shows a feature only when its entry is present with isShow 1', () => {
    expect(featureShown([{ viewName: 'cylinder_part', isShow: 1 }], 'cylinder_part')).toBe(true);
    expect(featureShown([{ viewName: 'cylinder_part', isShow: 0 }], 'cylinder_part')).toBe(false);
    // A backend that does not know the feature hides it.
    expect(featureShown([{ viewName: 'cancel_part', isShow: 1 }], 'cylinder_part')).toBe(false);
    expect(viewShown([], 'cancel_part')).toBe(false);
  });

  it('lists a gated member section only while its switch is on, and drops a group left empty', () => {
    const gated: MenuItem = { section: 'index', label: '门控', href: '/member/x', view: 'quote_part' };
    MEMBER_MENU.push({ title: '门控组', items: [gated] });
    try {
      expect(visibleMenu([{ viewName: 'quote_part', isShow: 1 }]).some((g) => g.title === '门控组')).toBe(true);
      expect(visibleMenu([{ viewName: 'quote_part', isShow: 0 }]).some((g) => g.title === '门控组')).toBe(false);
      // With no switches on, exactly the ungated items remain (the gas features' own items are gated too).
      expect(visibleMenu([]).flatMap((g) => g.items)).toEqual(MEMBER_MENU.flatMap((g) => g.items).filter((i) => !i.view));
    } finally {
      MEMBER_MENU.pop();
    }
  });
});
