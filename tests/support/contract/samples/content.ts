import { expect } from 'vitest';
import { content } from '#src/shared/api/contract/content.ts';
import { sample, type Sample } from '../harness.ts';

export const samples: Sample[] = [
  sample({
    endpoint: content.wikiCategories,
    check: (d) => expect(d.map((c) => c.name)).toEqual(['高纯气体知识', '标准气体知识', '特种气体知识', '气瓶与减压器', '气体安全']),
  }),
  sample({ endpoint: content.wikiList, check: (d) => expect(d.total).toBeGreaterThanOrEqual(24) }),
  sample({
    endpoint: content.wikiList,
    prepare: () => ({ input: { kind: 'gas' as const, keyword: '7727-37-9' } }),
    check: (d) => expect(d.list[0]?.gas).toEqual({ name: '氮气', formula: 'N₂', cas: '7727-37-9', un: 'UN1066' }),
  }),
  sample({
    endpoint: content.wikiDetail,
    prepare: () => ({ params: { id: 5 } }),
    check: (d) => expect(d.gas).toMatchObject({ formula: 'H₂', un: 'UN1049', signalWord: '危险' }),
  }),
  sample({ endpoint: content.wikiDetail, prepare: () => ({ params: { id: 108 } }), check: (d) => expect(d.gas).toBeNull() }),
  sample({
    endpoint: content.sdsList,
    prepare: () => ({ input: { keyword: 'UN1005' } }),
    check: (d) => expect(d.list[0]).toMatchObject({ name: '氨', formula: 'NH₃', pictograms: expect.arrayContaining(['GHS06']) }),
  }),

  sample({
    endpoint: content.caseCategoryTree,
    check: (d) =>
      expect(d.map((c) => c.name)).toEqual(['高校及科研院所', '石油炼化与天然气', '环境监测', '制药与生物科技', '汽车与制造业']),
  }),
  sample({
    endpoint: content.caseCategoryArticle,
    prepare: () => ({ input: { categoryId: 3 } }),
    check: (d) => expect(d.title).toContain('环境监测'),
  }),
  sample({
    endpoint: content.caseCategory,
    prepare: () => ({ input: { id: 2 } }),
    check: (d) => expect(d.children.length).toBeGreaterThan(0),
  }),
  sample({
    endpoint: content.caseCategoryChildren,
    prepare: () => ({ input: { pid: 5 } }),
    check: (d) => expect(d.every((c) => c.pid === 5)).toBe(true),
  }),
  sample({
    endpoint: content.caseList,
    prepare: () => ({ input: { categoryId: '4' } }),
    check: (d) => expect(d.list.every((c) => c.sectorId === 4)).toBe(true),
  }),
  sample({
    endpoint: content.caseDetail,
    prepare: () => ({ params: { id: 1 } }),
    check: (d) => expect(d.customer).toBe('某双一流高校分析测试中心'),
  }),
  sample({ endpoint: content.caseComments, prepare: () => ({ params: { id: 1 } }), check: (d) => expect(d.total).toBeGreaterThan(0) }),
  sample({ endpoint: content.caseLike, as: 'member', prepare: () => ({ input: { id: 2 } }), check: (d) => expect(d.liked).toBe(true) }),
  sample({
    endpoint: content.caseComment,
    as: 'member',
    prepare: () => ({ input: { id: 2, content: '方案很实用，想了解气瓶间的设计要求。' } }),
    check: (d) => expect(d.name).toBe('138****8000'),
  }),
  sample({
    endpoint: content.caseReply,
    as: 'member',
    prepare: () => ({ input: { commentId: 5, content: '同问。' } }),
    check: (d) => expect(d.commentId).toBe(5),
  }),

  sample({ endpoint: content.infoCategories, check: (d) => expect(d.map((c) => c.name)).toEqual(['公司新闻', '行业资讯', '技术与产品']) }),
  sample({
    endpoint: content.infoList,
    prepare: () => ({ input: { categoryId: '2', pageSize: 3 } }),
    check: (d) => expect(d.list).toHaveLength(3),
  }),
  sample({
    endpoint: content.infoDetail,
    prepare: () => ({ params: { id: 8 } }),
    check: (d) => expect([d.prev?.id, d.next?.id]).toEqual([7, 9]),
  }),
  sample({
    endpoint: content.infoComments,
    prepare: () => ({ input: { id: 8 } }),
    check: (d) => expect(d.list[0]?.replies.length).toBe(1),
  }),
  sample({ endpoint: content.infoLike, as: 'member', prepare: () => ({ input: { id: 1 } }), check: (d) => expect(d.likes).toBe(43) }),
  sample({
    endpoint: content.infoComment,
    as: 'member',
    prepare: () => ({ input: { id: 1, content: '恭喜投产！' } }),
    check: (d) => expect(d.targetId).toBe(1),
  }),
  sample({
    endpoint: content.infoReply,
    as: 'member',
    prepare: () => ({ input: { commentId: 7, content: '谢谢分享。' } }),
    check: (d) => expect(d.uid).toBe(1),
  }),

  sample({ endpoint: content.communityList, check: (d) => expect(d.total).toBeGreaterThanOrEqual(5) }),
  sample({ endpoint: content.communityDetail, prepare: () => ({ params: { id: 2 } }), check: (d) => expect(d.comments).toBe(1) }),
  sample({
    endpoint: content.communityComments,
    prepare: () => ({ input: { id: 1 } }),
    check: (d) => expect(d.list[0]?.replies).toHaveLength(2),
  }),
  sample({
    endpoint: content.communityLike,
    as: 'member',
    prepare: () => ({ input: { id: 3 } }),
    check: (d) => expect(d).toEqual({ liked: true, likes: 8 }),
  }),
  sample({
    endpoint: content.communityComment,
    as: 'member',
    prepare: () => ({ input: { id: 4, content: '加热表有用，我们一直在用。' } }),
    check: (d) => expect(d.replies).toEqual([]),
  }),
  sample({
    endpoint: content.communityReply,
    as: 'member',
    prepare: () => ({ input: { commentId: 4, content: '同意。' } }),
    check: (d) => expect(d.commentId).toBe(4),
  }),
  sample({
    endpoint: content.communityAdd,
    as: 'member',
    prepare: () => ({
      input: { title: '高纯氩用于 ICP 的流量一般设多少？', content: '新买了 ICP-OES，想请教大家等离子体气流量的经验值。' },
    }),
    check: (d) => expect(d).toMatchObject({ uid: 1, comments: 0, liked: false }),
  }),

  sample({
    endpoint: content.article,
    prepare: () => ({ input: { articleCode: 381 } }),
    check: (d) => expect(d).toMatchObject({ articleId: 381, title: '购买流程', categoryId: 17 }),
  }),
  sample({
    endpoint: content.article,
    prepare: () => ({ input: { articleCode: '426' } }),
    check: (d) => expect(d.content).toContain('个人信息保护法'),
  }),
  sample({
    endpoint: content.articleList,
    prepare: () => ({ input: { categoryId: '17' } }),
    check: (d) => expect(d.list.map((a) => a.articleId)).toEqual(expect.arrayContaining([381, 172, 170])),
  }),
];
