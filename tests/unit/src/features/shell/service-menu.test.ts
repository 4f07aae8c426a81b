import { describe, expect, it } from 'vitest';
import { navTree } from '#sandbox/seed/site.ts';
import { buildServiceMenu, faqCategories, menuState, serviceRoute } from '#src/features/shell/service-menu.ts';

describe('service menu', () => {
  const menu = buildServiceMenu(navTree);

  it('maps the known ids to their routes with id and pid in the query', () => {
    const byId = Object.fromEntries(menu.map((m) => [m.id, m.href]));
    expect(byId).toEqual({
      17: '/services/policies?id=17&pid=16',
      18: '/services/common_problem?id=18&pid=16',
      19: '/services/operation_video?id=19&pid=16',
      20: '/services/toolbox/sds?id=20&pid=16',
      21: '/services/map?id=21&pid=16',
      52: '/services/submit_ticket?id=52&pid=16',
      64: '/services/privacy?id=64&pid=16',
    });
  });

  it('drops the sixth child (index 5)', () => {
    const root = navTree.find((n) => n.id === 16)!;
    expect(root.children[5]!.id).toBe(51);
    expect(menu.map((m) => m.id)).not.toContain(51);
    expect(menu).toHaveLength(root.children.length - 1);
  });

  it('empties the FAQ children and maps them to the list route', () => {
    expect(menu.find((m) => m.id === 18)!.children).toEqual([]);
    expect(faqCategories(navTree).map((c) => c.href)).toEqual([
      '/services/common_problem/list/181?id=181&pid=18',
      '/services/common_problem/list/182?id=182&pid=18',
      '/services/common_problem/list/183?id=183&pid=18',
    ]);
  });

  it('maps toolbox children 53 and 54 and about children 41-43', () => {
    expect(menu.find((m) => m.id === 20)!.children.map((c) => c.route)).toEqual(['/services/toolbox/sds', '/services/toolbox/gas']);
    expect(buildServiceMenu(navTree, 40).map((m) => m.route)).toEqual(['/about/my-about', '/about/news', '/about/certificate']);
    expect(serviceRoute({ id: 999, parentId: 16, url: '/services/other' })).toBe('/services/other');
  });

  it('finds the open and selected entries from the query or the path', () => {
    expect(menuState(menu, { id: '17', pid: '16' })).toEqual({ open: 17, selected: 17 });
    expect(menuState(menu, { id: '54', pid: '20' })).toEqual({ open: 20, selected: 54 });
    expect(menuState(menu, { categoryId: '19', pid: '-1' })).toEqual({ open: 19, selected: 19 });
    expect(menuState(menu, {}, '/services/toolbox/gas')).toEqual({ open: 20, selected: 54 });
    expect(menuState(menu, {}, '/services/toolbox/sds')).toEqual({ open: 20, selected: 53 });
    expect(menuState(menu, {}, '/services/toolbox/sds/3')).toEqual({ open: 20, selected: 53 });
    expect(menuState(menu, {}, '/services/policies/381')).toEqual({ open: 17, selected: 17 });
    expect(menuState(menu, {}, '/elsewhere')).toEqual({ open: null, selected: null });
  });
});
