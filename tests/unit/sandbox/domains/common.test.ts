/** Shared services of the sandbox through the real client: captcha images, the region tree, the factory list and uploads. */
import { describe, expect, it } from 'vitest';
import { common } from '#src/shared/api/contract/common.ts';
import { ApiError } from '#src/shared/api/errors.ts';
import { allUploads, findUpload, regionChain } from '#sandbox/domains/common.ts';
import { captchaAnswer, DEMO_MEMBER, memberToken } from '#tests/support/member.ts';
import { useSandbox } from '#tests/support/sandbox.ts';

const { client, raw, sandbox } = useSandbox();

const regions = (id: number) => client().call(common.regions, { params: { id } });
const names = (list: { local_name: string }[]) => list.map((r) => r.local_name);

async function failure(call: Promise<unknown>): Promise<{ status: number; msg: string }> {
  const e = (await call.then(
    () => null,
    (err: unknown) => err,
  )) as ApiError;
  expect(e).toBeInstanceOf(ApiError);
  return { status: e.status, msg: e.message };
}

describe('image captcha', () => {
  it('draws 4 unambiguous characters as an SVG with noise, answer readable only through the hook', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const { uuid, img } = await client().call(common.captcha);
      const svg = Buffer.from(img.replace('data:image/svg+xml;base64,', ''), 'base64').toString('utf8');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      expect(svg.match(/<text /g)).toHaveLength(4);
      expect(svg).toContain('<path ');
      const answer = await captchaAnswer(raw, uuid);
      expect(answer).toMatch(/^[A-Z2-9]{4}$/);
      expect([...svg.matchAll(/>([^<])<\/text>/g)].map((m) => m[1]).join('')).toBe(answer);
      [...answer].forEach((c) => seen.add(c));
    }
    for (const ambiguous of ['0', 'O', '1', 'I', 'L']) expect(seen.has(ambiguous)).toBe(false);
    expect((await raw('/__sandbox/captcha/no-such-uuid')).body).toMatchObject({ status: 404, msg: '验证码不存在或已过期' });
  });
});

describe('regions', () => {
  it('lists the provinces under 0 with their names and codes', async () => {
    const provinces = await regions(0);
    expect(provinces).toHaveLength(34);
    expect(provinces.find((r) => r.id === 110000)).toEqual({
      id: 110000,
      local_name: '北京市',
      region_grade: 1,
      parent_id: 0,
      has_children: true,
    });
    expect(provinces.find((r) => r.id === 440000)?.local_name).toBe('广东省');
  });

  it('gives a municipality a city level so that it is 4 deep', async () => {
    expect(await regions(110000)).toEqual([{ id: 110100, local_name: '北京市', region_grade: 2, parent_id: 110000, has_children: true }]);
    const districts = await regions(110100);
    expect(names(districts)).toEqual(expect.arrayContaining(['东城区', '朝阳区', '海淀区']));
    expect(districts.every((r) => r.region_grade === 3 && r.has_children)).toBe(true);
    const towns = await regions(110101);
    expect(towns.find((r) => r.local_name === '东华门街道')).toEqual({
      id: 110101001000,
      local_name: '东华门街道',
      region_grade: 4,
      parent_id: 110101,
      has_children: false,
    });
    expect(await regions(110101001000)).toEqual([]);
    // 重庆's districts (5001xx) and counties (5002xx) share its one city.
    expect(names(await regions(500100))).toEqual(expect.arrayContaining(['万州区', '城口县']));
  });

  it('walks a province with real cities down to towns', async () => {
    expect(names(await regions(130000))).toContain('石家庄市');
    expect(names(await regions(130100))).toContain('长安区');
    const towns = await regions(130102);
    expect(towns.length).toBeGreaterThan(3);
    expect(towns.every((r) => r.region_grade === 4 && String(r.id).startsWith('130102'))).toBe(true);
    expect(regionChain(towns[0]!.id)?.map((r) => r.id)).toEqual([130000, 130100, 130102, towns[0]!.id]);
  });

  it('names the province-administered counties and leaves out placeholder counties', async () => {
    const hubei = await regions(420000);
    expect(hubei.find((r) => r.id === 429000)?.local_name).toBe('省直辖县级行政区划');
    expect(names(await regions(429000))).toEqual(expect.arrayContaining(['仙桃市', '神农架林区']));
    expect((await regions(429004)).length).toBeGreaterThan(0);
    expect((await regions(650000)).find((r) => r.id === 659000)?.local_name).toBe('自治区直辖县级行政区划');
    expect(names(await regions(130100))).not.toContain('市辖区');
  });

  it('answers 404 for an unknown id', async () => {
    expect(await failure(regions(999999))).toEqual({ status: 404, msg: '地区不存在' });
    expect(await failure(regions(130101))).toEqual({ status: 404, msg: '地区不存在' });
  });

  it('answers from the index without reparsing the data', async () => {
    await regions(0);
    const start = performance.now();
    for (let i = 0; i < 200; i++) await regions(330100);
    // Reparsing the town-level data costs over 100 ms a call (20 s here); the bound leaves room for a loaded CI machine.
    expect(performance.now() - start).toBeLessThan(8000);
  });
});

describe('factory city list', () => {
  it('places each city at a real region and each factory inside China', async () => {
    const cities = await client().call(common.cityList);
    expect(cities.length).toBeGreaterThanOrEqual(10);
    for (const city of cities) {
      const chain = regionChain(city.id);
      expect(chain?.map((r) => r.local_name)).toEqual([city.province, city.name]);
      expect(city.factories.length).toBeGreaterThan(0);
      for (const f of city.factories) {
        expect(f.address.startsWith(city.province)).toBe(true);
        expect(f.lng).toBeGreaterThan(73);
        expect(f.lng).toBeLessThan(136);
        expect(f.lat).toBeGreaterThan(18);
        expect(f.lat).toBeLessThan(54);
        expect(f.phone).toMatch(/^0\d{2,3}-\d{3,4} ?\d{3,4}$/);
      }
    }
  });
});

describe('upload', () => {
  const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
  const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46];
  const PDF = [...Buffer.from('%PDF-1.7\n%\xe2\xe3\n')];

  async function upload(token: string | null, name: string | null, bytes: number[] | Uint8Array) {
    const form = new FormData();
    if (name !== null) form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    return (await raw('/api/upload', { method: 'POST', body: form, headers })).body;
  }

  it('takes JPG, PNG and PDF by their content and remembers only a hash', async () => {
    const token = await memberToken(client(), raw, DEMO_MEMBER.phone, DEMO_MEMBER.password);
    const urls: string[] = [];
    for (const [name, bytes] of [
      ['执照.jpg', JPEG],
      ['执照.PNG', PNG],
      ['许可证.pdf', PDF],
    ] as const) {
      const r = await upload(token, name, bytes);
      expect(r).toMatchObject({ status: 200, data: { name, size: bytes.length } });
      const url = (r.data as { url: string }).url;
      expect(findUpload(sandbox().db, url)).toMatchObject({ uid: 1, name, size: bytes.length });
      urls.push(url);
    }
    expect(urls[1]).toMatch(/^https:\/\/files\.sandbox\.invalid\/upload\/[0-9a-f]{64}\.png$/);
    // The URL names the content: the same bytes under another name get the same one.
    expect((await upload(token, 'copy.png', PNG)).data).toMatchObject({ url: urls[1] });
    expect(JSON.stringify(allUploads(sandbox().db))).not.toContain('PDF-1.7');
  });

  it('refuses other files with Chinese messages, whatever their name says', async () => {
    const token = await memberToken(client(), raw, DEMO_MEMBER.phone, DEMO_MEMBER.password);
    expect((await upload(token, 'virus.jpg', [...Buffer.from('MZ\x90\x00 not an image')])).msg).toBe('仅支持上传 JPG、PNG、PDF 格式的文件');
    expect((await upload(token, 'setup.exe', JPEG)).msg).toBe('仅支持上传 JPG、PNG、PDF 格式的文件');
    expect((await upload(token, 'scan.pdf', PNG)).msg).toBe('文件内容与扩展名不符');
    expect((await upload(token, 'empty.png', [])).msg).toBe('文件内容为空');
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    expect((await upload(token, 'big.png', big)).msg).toBe('文件大小不能超过 5MB');
    expect((await upload(token, null, PNG)).msg).toBe('请选择要上传的文件');
  });

  it('needs a member', async () => {
    expect((await upload(null, 'a.png', PNG)).status).toBe(401);
  });

  it('takes the file as base64 JSON through the client too', async () => {
    const token = await memberToken(client(), raw, DEMO_MEMBER.phone, DEMO_MEMBER.password);
    const api = client(() => token);
    const r = await api.call(common.upload, { input: { name: 'seal.png', data: Buffer.from(PNG).toString('base64') } });
    expect(r).toMatchObject({ name: 'seal.png', size: PNG.length });
    expect(
      (await failure(api.call(common.upload, { input: { name: 'seal.png', data: Buffer.from('hello').toString('base64') } }))).msg,
    ).toBe('仅支持上传 JPG、PNG、PDF 格式的文件');
  });
});
