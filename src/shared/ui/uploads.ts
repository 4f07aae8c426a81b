/** What the browser checks before uploading a file (JPG, PNG or PDF up to 5 MB, not empty); the server checks the content again. */
import { UPLOAD_MAX_BYTES } from '#src/shared/api/contract/common.ts';

export const UPLOAD_TYPES_TEXT = '仅支持上传 JPG、PNG、PDF 格式的文件';
export const UPLOAD_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** Why a file cannot be uploaded, or null when it may be sent. */
export function uploadRefusal(file: { name: string; size: number }, imagesOnly = false): string | null {
  if (file.size === 0) return '文件内容为空';
  if (file.size > UPLOAD_MAX_BYTES) return '文件大小不能超过 5MB';
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  const allowed = imagesOnly ? ['jpg', 'jpeg', 'png'] : ['jpg', 'jpeg', 'png', 'pdf'];
  if (!allowed.includes(ext)) return imagesOnly ? '仅支持上传 JPG、PNG 格式的图片' : UPLOAD_TYPES_TEXT;
  return null;
}

/** Whether an uploaded file's URL is a picture (for a thumbnail) or a document. */
export const isPicture = (url: string): boolean => /\.(?:jpe?g|png)$/i.test(url);
