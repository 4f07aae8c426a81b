/** Shared services: image captcha, regions of China to town level, the factory city list and file upload. */
import * as v from 'valibot';
import { CAPTCHA_PATH } from '#src/features/auth/captcha.ts';
import { endpoint } from './core.ts';

/** Image captcha (docs/product.md §3): `img` is an SVG data URL; the answer goes back with `uuid` on login. */
export const Captcha = v.object({
  uuid: v.string(),
  img: v.pipe(v.string(), v.startsWith('data:image/svg+xml;base64,')),
});
export type Captcha = v.InferOutput<typeof Captcha>;

/**
 * One administrative region; ids are GB/T 2260 codes: 6 digits for province, city and county (110000, 110100, 110101),
 * 12 digits for towns (county code + the 6-digit town part, 110101001000). Municipalities get a city level of their own
 * (110100 北京市) so that every chain with towns is 4 deep (docs/product.md §9 region depth 4).
 */
export const Region = v.object({
  id: v.number(),
  local_name: v.string(),
  region_grade: v.picklist([1, 2, 3, 4]),
  parent_id: v.number(),
  has_children: v.boolean(),
});
export type Region = v.InferOutput<typeof Region>;

export const Factory = v.object({
  name: v.string(),
  address: v.string(),
  phone: v.string(),
  /** WGS-84 longitude and latitude for the factory map. */
  lng: v.number(),
  lat: v.number(),
});
export type Factory = v.InferOutput<typeof Factory>;

/** A city with plants or filling stations, for the factory distribution map (/services/map); `id` is its region id. */
export const FactoryCity = v.object({ id: v.number(), name: v.string(), province: v.string(), factories: v.array(Factory) });
export type FactoryCity = v.InferOutput<typeof FactoryCity>;

export const Uploaded = v.object({ url: v.string(), name: v.string(), size: v.number() });
export type Uploaded = v.InferOutput<typeof Uploaded>;

/** Files the upload takes: JPG, PNG or PDF (told by their first bytes), at most 5 MB. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** The upload as JSON, for callers that cannot send multipart: the file's name and its bytes in base64. */
export const UploadJson = v.object({
  name: v.pipe(v.string('文件名不能为空'), v.nonEmpty('文件名不能为空'), v.maxLength(200, '文件名过长')),
  data: v.pipe(v.string('请选择要上传的文件'), v.nonEmpty('请选择要上传的文件'), v.base64('文件内容不是合法的 base64')),
});

export const common = {
  captcha: endpoint({ name: 'common.captcha', method: 'GET', ...CAPTCHA_PATH, data: Captcha }),
  regions: endpoint({ name: 'common.regions', method: 'GET', path: '/system/regions/parent/{id}', base: 'base', data: v.array(Region) }),
  cityList: endpoint({ name: 'common.cityList', method: 'GET', path: '/city_list', base: 'base', data: v.array(FactoryCity) }),
  /** Multipart with the file in field `file` (browser forms), or `UploadJson`. */
  upload: endpoint({
    name: 'common.upload',
    method: 'POST',
    path: '/api/upload',
    base: 'base',
    data: Uploaded,
    input: v.union([v.instance(FormData), UploadJson], '请选择要上传的文件'),
    auth: 'required',
  }),
};
