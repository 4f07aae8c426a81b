/** What a member does in a quote's thread: write to the sales team (with attachments), ask for a revision, accept the latest quote (then Confirmorder) or decline. */
import { useState } from 'react';
import { quotes, type QuoteAction } from '#src/shared/api/contract/quotes.ts';
import { quoteCheckoutUrl } from './routes.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import Uploader, { type UploadedFile } from '#src/shared/ui/Uploader.tsx';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';

interface Props {
  id: number;
  actions: QuoteAction[];
  /** The latest version, the one accepting takes. */
  version: number;
}

type Open = 'REVISE' | 'DECLINE' | null;

export default function QuoteActions({ id, actions, version }: Props) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<UploadedFile[]>([]);
  const [open, setOpen] = useState<Open>(null);
  const [reason, setReason] = useState('');
  // Every answer here reloads the page or leaves it: pending until then; a refusal is shown under the buttons.
  const act = useFormAction((call: () => Promise<unknown>, _then: () => void) => call(), {
    onSuccess: (_, _call, then) => then(),
    keepPending: true,
    refusalInForm: true,
  });
  const busy = act.pending;
  const error = act.errors.form ?? '';
  const setError = (form: string) => act.setErrors(form ? { form } : {});
  function run(call: () => Promise<unknown>, then: () => void) {
    if (busy) return;
    setError('');
    act.run(call, then);
  }
  const reload = () => location.reload();

  function send() {
    if (!text.trim()) return setError('请输入留言内容');
    run(() => browserApi.call(quotes.message, { params: { id }, input: { content: text.trim(), attachments: files } }), reload);
  }
  function accept() {
    // Accepting again (double click, a second tab) answers the same acceptance; Confirmorder then makes at most one order.
    run(
      () => browserApi.call(quotes.accept, { params: { id }, input: { version } }),
      () => location.assign(quoteCheckoutUrl(id)),
    );
  }
  function confirmOpen() {
    if (!reason.trim()) return setError(open === 'REVISE' ? '请说明需要调整的内容' : '请选择或填写原因');
    if (open === 'REVISE') run(() => browserApi.call(quotes.revise, { params: { id }, input: { content: reason.trim() } }), reload);
    else run(() => browserApi.call(quotes.decline, { params: { id }, input: { reason: reason.trim() } }), reload);
  }

  return (
    <div className="q-actions">
      {actions.includes('ACCEPT') && (
        <div className="q-thread-actions">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={accept}>
            接受第 {version} 版报价并下单
          </button>
        </div>
      )}
      {actions.includes('MESSAGE') && (
        <div className="m-form u-margin-top-16px">
          <div className="m-field">
            <label htmlFor={`q-msg-${id}`}>给销售留言</label>
            <textarea
              id={`q-msg-${id}`}
              value={text}
              maxLength={1000}
              onChange={(e) => setText(e.target.value)}
              placeholder="补充需求、询问交期等"
            />
          </div>
          <Uploader label="附件（选填）" files={files} onChange={setFiles} max={3} />
          <div className="m-form-actions">
            <button type="button" className="btn" disabled={busy} onClick={send}>
              发送留言
            </button>
          </div>
        </div>
      )}
      <div className="q-thread-actions">
        {actions.includes('REVISE') && (
          <button type="button" className="btn" onClick={() => (setOpen('REVISE'), setReason(''), setError(''))}>
            申请重新报价
          </button>
        )}
        {actions.includes('DECLINE') && (
          <button type="button" className="btn" onClick={() => (setOpen('DECLINE'), setReason(''), setError(''))}>
            关闭询价
          </button>
        )}
      </div>
      {open && (
        <div className="m-form u-margin-top-12px">
          <div className="m-field">
            <label htmlFor={`q-open-${id}`}>{open === 'REVISE' ? '需要调整的内容' : '关闭原因'}</label>
            <textarea
              id={`q-open-${id}`}
              value={reason}
              maxLength={open === 'REVISE' ? 1000 : 200}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <div className="m-form-actions">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={confirmOpen}>
              {open === 'REVISE' ? '提交申请' : '确认关闭'}
            </button>
            <button type="button" className="btn" onClick={() => setOpen(null)}>
              取消
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="m-form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
