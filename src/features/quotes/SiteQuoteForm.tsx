/**
 * The bulk-liquid and on-site gas request form (docs/gas-features.md): gas and purity, consumption with the toolbox's converter one tap
 * away, pressure, site address (region picker), tank or space, tanker access, start date and attachments through the shop's
 * upload; checked with the contract's schema, kept in sessionStorage across the login a visitor is asked for.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import {
  BULK_GASES,
  CONSUMPTION_UNITS,
  ONSITE_GASES,
  quotes,
  SiteInput,
  TANKER_ACCESS,
  TECHNOLOGIES,
  type QuoteDetail,
} from '#src/shared/api/contract/quotes.ts';
import type { InputOf } from '#src/shared/api/contract/core.ts';
import { check, formText, type FieldErrors } from '#src/shared/validation/form.ts';
import { myQuoteUrl, MY_QUOTES_URL } from './routes.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { openLogin } from '#src/shared/session/dialogs.ts';
import { $profile } from '#src/shared/session/session.ts';
import Field from '#src/shared/ui/Field.tsx';
import { Form, FormFoot } from '#src/shared/ui/Form.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import Uploader, { type UploadedFile } from '#src/shared/ui/Uploader.tsx';
import RegionPicker from '#src/shared/ui/RegionPicker.tsx';

interface Props {
  kind: 'BULK' | 'ONSITE';
  /** Today in China (YYYY-MM-DD): the earliest start date. */
  today: string;
}

type Draft = Record<string, string> & { regionIds?: string; files?: string };
const draftKey = (kind: string) => `quote:site:${kind}`;
const storage = (): Storage | null => {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
};

export default function SiteQuoteForm({ kind, today }: Props) {
  const profile = useStore($profile);
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [region, setRegion] = useState<{ ids: number[]; text: string } | null>(null);
  const [draft, setDraft] = useState<Draft>({});
  const [version, setVersion] = useState(0);
  const [sent, setSent] = useState<QuoteDetail | null>(null);
  const send = useFormAction(
    (input: InputOf<typeof quotes.bulk>) => browserApi.call(kind === 'BULK' ? quotes.bulk : quotes.onsite, { input }),
    {
      onSuccess: (made) => {
        storage()?.removeItem(draftKey(kind));
        setSent(made);
      },
      // The sent request replaces the form.
      keepPending: true,
      refusalInForm: true,
    },
  );
  const { errors, setErrors } = send;
  const gases: Record<string, string> = kind === 'BULK' ? BULK_GASES : ONSITE_GASES;

  // What a visitor typed before signing in comes back here (the form re-mounts with it as its defaults).
  useEffect(() => {
    const raw = storage()?.getItem(draftKey(kind));
    if (!raw) return;
    try {
      const d = JSON.parse(raw) as { text: Draft; region: { ids: number[]; text: string } | null; files: UploadedFile[] };
      setDraft(d.text ?? {});
      setRegion(d.region ?? null);
      setFiles(Array.isArray(d.files) ? d.files.slice(0, 5) : []);
      setVersion((n) => n + 1);
    } catch {
      storage()?.removeItem(draftKey(kind));
    }
  }, [kind]);

  function submit(form: HTMLFormElement) {
    const t = formText(form);
    const input = {
      gas: t.gas ?? '',
      technology: kind === 'ONSITE' ? t.technology || undefined : undefined,
      purity: t.purity ?? '',
      consumption: t.consumption ?? '',
      consumptionUnit: t.consumptionUnit || undefined,
      pressure: t.pressure ?? '',
      regionIds: region?.ids ?? [],
      regionText: region?.text ?? '',
      detail: t.detail ?? '',
      space: t.space ?? '',
      tankerAccess: t.tankerAccess || undefined,
      startDate: t.startDate ?? '',
      attachments: files,
      remark: t.remark ?? '',
    };
    const r = check(SiteInput, input);
    const more: FieldErrors = {};
    if (!t.gas) more.gas = '请选择气体';
    if (kind === 'ONSITE' && !t.technology) more.technology = '请选择制气方式';
    if (t.startDate && t.startDate < today) more.startDate = '开始供气日期不能早于今天';
    if (!r.ok || Object.keys(more).length) return setErrors({ ...(r.ok ? {} : r.errors), ...more });
    setErrors({});
    if (!profile) {
      storage()?.setItem(draftKey(kind), JSON.stringify({ text: t, region, files }));
      openLogin(location.pathname);
      return;
    }
    send.run(r.value);
  }

  if (sent)
    return (
      <div className="q-sent" role="status">
        <h2>询价已提交</h2>
        <p>
          询价单号：<strong data-sent-sn>{sent.sn}</strong>
        </p>
        <p className="m-hint">销售工程师通常在 1 个工作日内回复，回复和报价会出现在会员中心的“我的询价”，并计入未读消息。</p>
        <p className="m-form-actions">
          <a className="btn btn-primary" href={myQuoteUrl(sent.id)}>
            查看询价单
          </a>
          <a className="btn" href={MY_QUOTES_URL}>
            我的询价
          </a>
        </p>
      </div>
    );

  const d = draft;
  return (
    <Form key={version} label={kind === 'BULK' ? '液态大宗气体询价' : '现场制气询价'} onSubmit={submit}>
      <div className="m-grid-2">
        <Field label="气体" name="gas" required error={errors.gas}>
          {(p) => (
            <select {...p} defaultValue={d.gas ?? ''}>
              <option value="">请选择气体</option>
              {Object.entries(gases).map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        {kind === 'ONSITE' && (
          <Field label="制气方式" name="technology" required error={errors.technology}>
            {(p) => (
              <select {...p} defaultValue={d.technology ?? ''}>
                <option value="">请选择制气方式</option>
                {Object.entries(TECHNOLOGIES).map(([k, label]) => (
                  <option key={k} value={k}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field label="纯度要求" name="purity" required error={errors.purity} hint="如 ≥99.999%、氧含量 ≤5 ppm">
          {(p) => <input {...p} maxLength={50} defaultValue={d.purity ?? ''} />}
        </Field>
        <Field label="用量" name="consumption" required error={errors.consumption}>
          {(p) => <input {...p} inputMode="decimal" autoComplete="off" defaultValue={d.consumption ?? ''} />}
        </Field>
        <Field label="用量单位" name="consumptionUnit" required error={errors.consumptionUnit}>
          {(p) => (
            <select {...p} defaultValue={d.consumptionUnit ?? (kind === 'BULK' ? 'TMONTH' : 'NM3H')}>
              {Object.entries(CONSUMPTION_UNITS).map(([k, label]) => (
                <option key={k} value={k}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <p className="m-hint q-converter">
          Nm³/h 与 t/月 不会换算？
          <a href="/services/toolbox/gas" target="_blank" rel="noopener">
            打开气体单位换算工具
          </a>
        </p>
        <Field label="使用压力（MPa）" name="pressure" required error={errors.pressure}>
          {(p) => <input {...p} inputMode="decimal" autoComplete="off" defaultValue={d.pressure ?? ''} />}
        </Field>
        <Field label="开始供气日期" name="startDate" required error={errors.startDate}>
          {(p) => <input {...p} type="date" min={today} defaultValue={d.startDate ?? ''} />}
        </Field>
      </div>
      <RegionPicker
        legend="现场所在地区"
        required
        value={region?.ids}
        onChange={(c) => setRegion(c && { ids: Object.values(c.regions).flatMap((r) => (r ? [r.id] : [])), text: c.string })}
      />
      {(errors.regionIds || errors.regionText) && <p className="m-error">{errors.regionIds ?? errors.regionText}</p>}
      <Field label="详细地址" name="detail" required error={errors.detail}>
        {(p) => <input {...p} maxLength={100} defaultValue={d.detail ?? ''} />}
      </Field>
      <Field
        label={kind === 'BULK' ? '储罐情况' : '可用场地'}
        name="space"
        required
        error={errors.space}
        hint={kind === 'BULK' ? '现有储罐容积、型式，或可建罐的空地面积' : '可放置设备的面积、高度、电力条件'}
      >
        {(p) => <input {...p} maxLength={200} defaultValue={d.space ?? ''} />}
      </Field>
      <Field label="槽车通行条件" name="tankerAccess" required error={errors.tankerAccess}>
        {(p) => (
          <select {...p} defaultValue={d.tankerAccess ?? ''}>
            <option value="">请选择</option>
            {Object.entries(TANKER_ACCESS).map(([k, label]) => (
              <option key={k} value={k}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Uploader
        label="附件（图纸、现场照片）"
        files={files}
        onChange={setFiles}
        max={5}
        error={errors.attachments}
        hint="JPG、PNG 或 PDF，单个不超过 5 MB，最多 5 个"
      />
      <Field label="备注（选填）" name="remark" error={errors.remark}>
        {(p) => <textarea {...p} maxLength={500} defaultValue={d.remark ?? ''} />}
      </Field>
      <FormFoot label="提交询价" pendingLabel="正在提交…" pending={send.pending} error={errors.form} disable="native" />
    </Form>
  );
}
