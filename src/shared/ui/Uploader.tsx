/** A file field that uploads at once through /api/upload (JPG, PNG or PDF up to 5 MB) and says beside it why a file was refused. */
import { useId, useState } from 'react';
import { common } from '#src/shared/api/contract/common.ts';
import { ApiError } from '#src/shared/api/errors.ts';
import { IMAGE_ACCEPT, isPicture, UPLOAD_ACCEPT, uploadRefusal } from './uploads.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';

export interface UploadedFile {
  url: string;
  name: string;
}

interface Props {
  label: string;
  files: UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  max?: number;
  imagesOnly?: boolean;
  required?: boolean;
  /** A message from the form's validation (e.g. 请上传营业执照). */
  error?: string;
  hint?: string;
}

export default function Uploader({ label, files, onChange, max = 1, imagesOnly = false, required = false, error, hint }: Props) {
  const id = useId();
  const [refusal, setRefusal] = useState('');
  const message = refusal || error;
  const sending = useFormAction((body: FormData) => browserApi.call(common.upload, { input: body }), {
    onSuccess: (done) => onChange([...files, { url: done.url, name: done.name }].slice(-max)),
    // The server's reason (type by content, size, empty) is shown beside the field.
    onError: (e) => e instanceof ApiError && e.kind === 'business' && e.status !== 401 && (setRefusal(e.message), true),
  });
  const busy = sending.pending;

  function upload(file: File) {
    const why = uploadRefusal(file, imagesOnly);
    if (why) return setRefusal(why);
    setRefusal('');
    const body = new FormData();
    body.append('file', file);
    sending.run(body);
  }

  return (
    <div className="m-field">
      <span className="m-label" id={`${id}-label`}>
        {label}
        {required && (
          <span className="m-req" aria-hidden="true">
            *
          </span>
        )}
      </span>
      <div className="m-upload">
        <input
          id={id}
          type="file"
          accept={imagesOnly ? IMAGE_ACCEPT : UPLOAD_ACCEPT}
          disabled={busy || files.length >= max}
          aria-labelledby={`${id}-label`}
          aria-invalid={Boolean(message)}
          aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) upload(file);
          }}
        />
        <label htmlFor={id} className="btn" aria-hidden="true">
          {busy ? '上传中…' : files.length >= max ? '已达上限' : '选择文件'}
        </label>
      </div>
      <p className="m-hint" id={`${id}-hint`}>
        {busy ? '上传中…' : (hint ?? (imagesOnly ? `JPG、PNG 格式，单个不超过 5MB，最多 ${max} 张` : `JPG、PNG、PDF 格式，单个不超过 5MB`))}
      </p>
      {message && (
        <p className="m-error" id={`${id}-error`} role="alert">
          {message}
        </p>
      )}
      {files.length > 0 && (
        <ul className="m-files">
          {files.map((f) => (
            <li key={f.url}>
              {isPicture(f.url) ? '图片' : '文件'}：{f.name}{' '}
              <button type="button" className="ui-link-button" onClick={() => onChange(files.filter((x) => x.url !== f.url))}>
                移除<span className="visually-hidden">{f.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
