/**
 * 快速下单: a pad of lines (type, paste from a spreadsheet, or upload .xlsx/.csv read on the server), resolved in one call to
 * SKUs with the company's prices, stock and rules or what is wrong; the valid lines go into the cart in one request, and the
 * pad can be kept as a purchase list.
 */
import { useState } from 'react';
import { quick } from '#src/shared/api/contract/quick.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { Form, FormFoot } from '#src/shared/ui/Form.tsx';
import Field from '#src/shared/ui/Field.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import { $cartCount } from '#src/features/cart/cart-count.ts';
import { yuanText } from '#src/features/prices/rules.ts';
import { addableLines, padText, padTotalFen, problemRows, withResolved, type PadRow } from './pad.ts';
import { MAX_LINES, parseLines, type PadLine } from './parse.ts';
import QuickLines from './QuickLines.tsx';
import './quick.css';

/** Resolves the readable lines in one call and lays the answers over all of them. */
async function resolveRows(lines: PadLine[]): Promise<PadRow[]> {
  const readable = lines.filter((l) => !l.problem).map((l) => ({ code: l.code, qty: l.qty }));
  const answer = readable.length ? await browserApi.call(quick.resolve, { input: { lines: readable } }) : { lines: [] };
  return withResolved(lines, answer.lines);
}

/** Sends a file to the shop's server, which reads it (exceljs) and answers its lines or why it cannot. */
async function uploadLines(file: File): Promise<{ lines: PadLine[] } | { error: string }> {
  const body = new FormData();
  body.append('file', file);
  const res = await fetch('/quick-order/upload', { method: 'POST', body, credentials: 'same-origin' });
  if (res.status >= 500) throw new Error(`upload ${res.status}`);
  return (await res.json()) as { lines: PadLine[] } | { error: string };
}

interface Props {
  /** The pad's text to start with (a purchase list opened in the pad). */
  initial?: string;
  /** The list the pad was opened from: saving updates it instead of making a new one. */
  list?: { id: number; name: string };
}

export default function QuickOrderPad({ initial = '', list }: Props) {
  const [text, setText] = useState(initial);
  const [rows, setRows] = useState<PadRow[]>([]);
  const [added, setAdded] = useState<string | null>(null);
  const resolve = useFormAction(async (lines: PadLine[]) => resolveRows(lines), { onSuccess: (r) => setRows(r) });
  const upload = useFormAction(
    async (file: File) => {
      const r = await uploadLines(file);
      return 'error' in r ? r : { rows: await resolveRows(r.lines), lines: r.lines };
    },
    {
      onSuccess: (r) => {
        if ('error' in r) return upload.setError('file', r.error);
        setText(padText(r.lines));
        setRows(r.rows);
      },
    },
  );
  // One line re-resolved: a candidate chosen (by its SKU code) or a quantity changed.
  const line = useFormAction(
    async (index: number, code: string, qty: number) => (await resolveRows([{ lineNo: rows[index]!.lineNo, code, qty }]))[0]!,
    {
      onSuccess: (row, index) => setRows((all) => all.map((r, i) => (i === index ? row : r))),
    },
  );
  const add = useFormAction(() => browserApi.call(quick.add, { input: { lines: addableLines(rows) } }), {
    refusalInForm: true,
    success: (r) => (r.added ? `已加入购物车 ${r.added} 种商品` : undefined),
    onSuccess: (r) => {
      $cartCount.set(r.cartNum);
      setAdded(r.failed.length ? `${r.failed.length} 种未能加入：${r.failed.map((f) => `规格 ${f.skuId} ${f.msg}`).join('；')}` : '');
    },
  });
  const save = useFormAction(
    (name: string) => browserApi.call(quick.saveList, { input: { ...(list && { id: list.id }), name, lines: addableLines(rows) } }),
    {
      refusalInForm: true,
      success: '已保存为采购清单',
    },
  );

  function submitPad(form: HTMLFormElement) {
    const lines = parseLines((form.elements.namedItem('pad') as HTMLTextAreaElement).value);
    if (!lines.length) return resolve.setError('pad', '请输入或粘贴商品清单，每行一个商品');
    if (lines.length > MAX_LINES) return resolve.setError('pad', `一次最多 ${MAX_LINES} 行，请分批识别`);
    setAdded(null);
    resolve.run(lines);
  }
  function submitSave(form: HTMLFormElement) {
    const name = (form.elements.namedItem('name') as HTMLInputElement).value.trim();
    if (!name) return save.setError('name', '请填写清单名称');
    save.run(name);
  }
  const ready = addableLines(rows);
  const busy = resolve.pending || upload.pending || line.pending || add.pending;
  return (
    <div className="qo">
      <Form label="快速下单" onSubmit={submitPad} className="m-form qo-pad">
        <Field
          label="商品清单"
          name="pad"
          error={resolve.errors.pad}
          hint="每行一个商品：商品编码、规格编码、CAS 号、UN 编号、化学式或名称，后跟数量；可直接从 Excel 复制粘贴。"
        >
          {(control) => (
            <textarea
              {...control}
              rows={8}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={'1032\t2\n7727-37-9\t3\nUN1013\t1\n高纯氮 4瓶'}
              spellCheck={false}
            />
          )}
        </Field>
        <FormFoot label="识别" pendingLabel="识别中…" pending={busy}>
          <label className="btn qo-file">
            {upload.pending ? '读取中…' : '上传 Excel / CSV'}
            <input
              type="file"
              name="file"
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              className="visually-hidden"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) upload.run(file);
              }}
            />
          </label>
          <a className="btn" href="/quick-order/template" download>
            下载模板
          </a>
        </FormFoot>
        {upload.errors.file && (
          <p className="m-form-error" role="alert">
            {upload.errors.file}
          </p>
        )}
      </Form>
      {rows.length > 0 && (
        <section className="qo-result" aria-label="识别结果">
          <p className="qo-summary" role="status">
            共 {rows.length} 行，可下单 <strong data-ready>{rows.length - problemRows(rows)}</strong> 行，需处理{' '}
            <strong data-problems>{problemRows(rows)}</strong> 行，合计 <strong>{yuanText(padTotalFen(rows))}</strong>
          </p>
          <QuickLines
            rows={rows}
            busy={busy}
            onChoose={(i, skuId) => line.run(i, String(skuId), rows[i]!.qty)}
            onQty={(i, qty) => line.run(i, rows[i]!.resolved?.sku ? String(rows[i]!.resolved!.sku!.skuId) : rows[i]!.code, qty)}
          />
          <div className="qo-actions">
            <button
              type="button"
              className="btn btn-primary"
              aria-disabled={busy || ready.length === 0}
              onClick={() => ready.length && add.run()}
            >
              {add.pending ? '加入中…' : `将 ${ready.length} 种可下单商品加入购物车`}
            </button>
            {added !== null && (
              <p className="qo-added" role="status">
                {added || '已全部加入购物车。'} <a href="/shopping-cart">去购物车结算</a>
              </p>
            )}
            {add.errors.form && (
              <p className="m-form-error" role="alert">
                {add.errors.form}
              </p>
            )}
          </div>
          {ready.length > 0 && (
            <Form label="保存为采购清单" onSubmit={submitSave} className="m-form qo-save">
              <Field
                label="清单名称"
                name="name"
                maxLength={30}
                placeholder="如：实验室月度用气"
                defaultValue={list?.name}
                error={save.errors.name}
              />
              <FormFoot label={list ? '保存清单' : '保存为采购清单'} pendingLabel="保存中…" error={save.errors.form} />
            </Form>
          )}
        </section>
      )}
    </div>
  );
}
