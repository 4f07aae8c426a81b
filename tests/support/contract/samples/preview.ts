/** Contract sample of the draft-preview call (an extension of the supplier's API): a draft saved through the article hook, fetched by its link. */
import { expect, vi } from 'vitest';
import { preview } from '#src/shared/api/contract/preview.ts';
import { sample, type Sample } from '../harness.ts';

export const samples: Sample[] = [
  sample({
    endpoint: preview.draft,
    prepare: async (h) => {
      vi.stubEnv('PREVIEW_SECRET', 'contract-sample-preview-secret-0123456789');
      const saved = await h.raw('/__sandbox/articles', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'news', id: 2, categoryId: 1, title: '草稿样例', content: '<p>草稿</p>', status: 'draft' }),
      });
      const url = new URL((saved.body.data as { previewUrl: string }).previewUrl, 'http://shop.test');
      const [, , kind, id] = url.pathname.split('/');
      const q = url.searchParams;
      return { input: { kind: kind as 'news', id: id!, v: q.get('v')!, exp: q.get('exp')!, sig: q.get('sig')! } };
    },
    check: (d) => expect(d).toMatchObject({ kind: 'news', version: 1, item: { id: 2, title: '草稿样例' } }),
  }),
];
