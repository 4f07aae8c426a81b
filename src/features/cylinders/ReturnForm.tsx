/** The cylinder return (collection) request (docs/gas-features.md): cylinders chosen on the list, typed, or scanned with the phone camera (BarcodeDetector where the browser has it), a pick-up address and date window; answers the request number. */
import { useEffect, useRef, useState } from 'react';
import { cylinders, PICKUP_SLOT_LABEL, RETURN_MAX, type ReturnRequest } from '#src/shared/api/contract/cylinders.ts';
import type { Address } from '#src/shared/api/contract/member.ts';
import type { InputOf } from '#src/shared/api/contract/core.ts';
import { normalizeSerial } from './serial.ts';
import { check } from '#src/shared/validation/form.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import Field from '#src/shared/ui/Field.tsx';
import { Form, FormFoot } from '#src/shared/ui/Form.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';

interface Chosen {
  serial: string;
  /** Gas and size, known for cylinders chosen on the list; typed or scanned ones show only their serial. */
  label?: string;
}
interface Props {
  initial: Chosen[];
  addresses: Address[];
  /** First and last pick-up day (YYYY-MM-DD), from the server's clock. */
  minDate: string;
  maxDate: string;
}

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
declare global {
  interface Window {
    BarcodeDetector?: new (o?: { formats?: string[] }) => Detector;
  }
}

const newKey = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).replace(/[^\w-]/g, '');

export default function ReturnForm({ initial, addresses, minDate, maxDate }: Props) {
  const [chosen, setChosen] = useState<Chosen[]>(initial);
  const [typed, setTyped] = useState('');
  const save = useFormAction(
    (input: InputOf<typeof cylinders.requestReturn>) => browserApi.call(cylinders.requestReturn, { input, idempotencyKey: key.current }),
    {
      onSuccess: (made) => {
        stopScan();
        setDone(made);
      },
      refusalInForm: true,
    },
  );
  const { errors, setErrors } = save;
  const [done, setDone] = useState<ReturnRequest | null>(null);
  const [scanning, setScanning] = useState(false);
  const [scanNote, setScanNote] = useState('');
  const key = useRef(newKey());
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);

  // A changed list is a new request: a new idempotency key (a repeat of the same submit keeps the old one).
  useEffect(() => {
    key.current = newKey();
  }, [chosen]);

  function add(text: string): string | null {
    const parts = text.split(/[\s,，;；]+/).filter(Boolean);
    if (!parts.length) return '请输入钢瓶号';
    const next = [...chosen];
    for (const p of parts) {
      const s = normalizeSerial(p);
      if (!s) return `「${p}」不是有效的钢瓶号（2 位字母 + 8 位数字，如 SH24050137）`;
      if (next.some((c) => c.serial === s)) return `钢瓶号 ${s} 已在列表中`;
      if (next.length >= RETURN_MAX) return `一次最多归还 ${RETURN_MAX} 只钢瓶`;
      next.push({ serial: s });
    }
    setChosen(next);
    return null;
  }

  function addTyped() {
    const error = add(typed);
    setErrors((e) => ({ ...e, typed: error ?? '' }));
    if (!error) setTyped('');
  }

  function stopScan() {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    setScanning(false);
  }
  useEffect(() => stopScan, []);

  async function startScan() {
    if (!window.BarcodeDetector || !navigator.mediaDevices?.getUserMedia) {
      setScanNote('当前浏览器不支持扫码，请在上方输入钢瓶号（瓶身标签上 2 位字母 + 8 位数字）');
      return;
    }
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
    } catch {
      setScanNote('无法打开摄像头，请允许访问摄像头或直接输入钢瓶号');
      return;
    }
    setScanNote('将钢瓶上的二维码或条形码对准取景框');
    setScanning(true);
  }

  useEffect(() => {
    if (!scanning || !video.current || !stream.current) return;
    const v = video.current;
    v.srcObject = stream.current;
    void v.play();
    const detector = new window.BarcodeDetector!({ formats: ['qr_code', 'code_128', 'code_39', 'data_matrix'] });
    let alive = true;
    const timer = setInterval(async () => {
      if (!alive || v.readyState < 2) return;
      const found = await detector.detect(v).catch(() => []);
      for (const f of found) {
        const s = normalizeSerial(f.rawValue);
        if (!s) continue;
        setChosen((list) => (list.some((c) => c.serial === s) || list.length >= RETURN_MAX ? list : [...list, { serial: s }]));
        setScanNote(`已识别 ${s}，可继续扫描下一只`);
      }
    }, 350);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [scanning]);

  function submit(form: HTMLFormElement) {
    const data = new FormData(form);
    const input = {
      serials: chosen.map((c) => c.serial),
      addressId: Number(data.get('addressId') ?? 0),
      pickupDate: String(data.get('pickupDate') ?? ''),
      slot: String(data.get('slot') ?? ''),
      remark: String(data.get('remark') ?? ''),
    };
    const r = check(cylinders.requestReturn.input, input);
    if (save.validated(r)) save.run(r.value);
  }

  if (done) {
    return (
      <div className="m-card" role="status" data-return-done>
        <h2>回收申请已提交</h2>
        <p>
          申请单号 <strong data-return-no>{done.no}</strong>，共 {done.cylinders.length} 只钢瓶，取件时间 {done.pickupDate}{' '}
          {PICKUP_SLOT_LABEL[done.slot]}。
        </p>
        <p className="m-hint">物流取件后停止计租；钢瓶入库后押金退还至原支付账户，并在钢瓶账户流水中显示。</p>
        <div className="m-actions u-justify-content-flex-start">
          <a className="btn btn-primary" href={`/member/my-cylinders/returns/detail?id=${done.id}`}>
            查看申请
          </a>
          <a className="btn" href="/member/my-cylinders">
            返回我的钢瓶
          </a>
        </div>
      </div>
    );
  }

  return (
    <Form onSubmit={submit}>
      <fieldset>
        <legend>要归还的钢瓶（{chosen.length} 只）</legend>
        {chosen.length ? (
          <ul className="cy-chosen" aria-label="已选钢瓶">
            {chosen.map((c) => (
              <li key={c.serial}>
                <span>
                  <strong>{c.serial}</strong> {c.label && <small className="m-hint">{c.label}</small>}
                </span>
                <button
                  type="button"
                  className="btn"
                  onClick={() => setChosen(chosen.filter((x) => x.serial !== c.serial))}
                  aria-label={`移除 ${c.serial}`}
                >
                  移除
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="m-hint">还没有选择钢瓶：在「我的钢瓶」列表中勾选，或在下方输入、扫码添加。</p>
        )}
        {errors.serials && <p className="m-error">{errors.serials}</p>}
        <Field label="输入钢瓶号" name="typed" error={errors.typed} hint="可一次输入多个，用空格或逗号分隔">
          {(a) => (
            <div className="cy-add">
              <input
                {...a}
                value={typed}
                autoComplete="off"
                autoCapitalize="characters"
                maxLength={200}
                placeholder="如 SH24050137"
                onChange={(e) => setTyped(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addTyped();
                  }
                }}
              />
              <button type="button" className="btn" onClick={addTyped}>
                添加
              </button>
              <button type="button" className="btn" onClick={() => (scanning ? stopScan() : void startScan())}>
                {scanning ? '停止扫码' : '扫码添加'}
              </button>
            </div>
          )}
        </Field>
        {scanNote && (
          <p className="m-hint" role="status">
            {scanNote}
          </p>
        )}
        {scanning && <video ref={video} className="cy-video" muted playsInline aria-label="扫码取景" />}
      </fieldset>
      <Field label="取件地址" name="addressId" error={errors.addressId} required>
        {(a) =>
          addresses.length ? (
            <select {...a} defaultValue={addresses.find((x) => x.isDefault)?.id ?? addresses[0]!.id}>
              {addresses.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name} {x.phone} · {x.regionText} {x.detail}
                </option>
              ))}
            </select>
          ) : (
            <p className="m-hint" id={a.id}>
              还没有收货地址，请先<a href="/member/my-address">添加地址</a>
            </p>
          )
        }
      </Field>
      <Field label="取件日期" name="pickupDate" error={errors.pickupDate} required hint={`可预约 ${minDate} 至 ${maxDate}`}>
        {(a) => <input {...a} type="date" min={minDate} max={maxDate} defaultValue={minDate} />}
      </Field>
      <fieldset className="m-choice">
        <legend>取件时段</legend>
        {(['AM', 'PM'] as const).map((s) => (
          <label key={s}>
            <input type="radio" name="slot" value={s} defaultChecked={s === 'AM'} /> {PICKUP_SLOT_LABEL[s]}
          </label>
        ))}
        {errors.slot && <p className="m-error">{errors.slot}</p>}
      </fieldset>
      <Field label="备注" name="remark" error={errors.remark}>
        {(a) => <input {...a} maxLength={100} placeholder="如：钢瓶在 2 号楼气瓶间，需提前电话联系" />}
      </Field>
      <FormFoot label="提交回收申请" pending={save.pending} error={errors.form} disable="native" />
    </Form>
  );
}
