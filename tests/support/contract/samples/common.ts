import { expect } from 'vitest';
import { common } from '#src/shared/api/contract/common.ts';
import { sample, type Sample } from '../harness.ts';

// The smallest valid PNG header is enough: the sandbox tells the type by the first bytes and keeps only a hash.
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).toString('base64');

export const samples: Sample[] = [
  sample({ endpoint: common.captcha, check: (d) => expect(d.uuid).toMatch(/^[0-9a-f-]{36}$/) }),
  sample({
    endpoint: common.regions,
    prepare: () => ({ params: { id: 0 } }),
    check: (d) => expect(d.find((r) => r.id === 110000)?.local_name).toBe('北京市'),
  }),
  sample({
    endpoint: common.regions,
    prepare: () => ({ params: { id: 110101 } }),
    check: (d) => expect(d.every((r) => r.region_grade === 4 && r.parent_id === 110101)).toBe(true),
  }),
  sample({ endpoint: common.cityList, check: (d) => expect(d.length).toBeGreaterThanOrEqual(10) }),
  sample({
    endpoint: common.upload,
    as: 'member',
    prepare: () => ({ input: { name: '营业执照.png', data: png } }),
    check: (d) => expect(d).toMatchObject({ name: '营业执照.png', size: 16 }),
  }),
];
