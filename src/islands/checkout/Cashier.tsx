/** The cashier: pay an order by WeChat Pay or Alipay QR code (drawn with the qrcode library, polled every 3 s) or by company bank transfer with a remittance slip. */
import { useEffect, useId, useRef, useState } from 'react';
import { common } from '../../lib/api/contract/common.ts';
import { order, PAY_TYPE_LABEL, type PayType, type QrStatus, type Transfer } from '../../lib/api/contract/order.ts';
import { documentVisibility, PaymentPoller, type StopReason } from '../../lib/checkout/poller.ts';
import { formatPrice } from '../../lib/money.ts';
import { orderCompleteUrl, payWaitUrl } from '../../lib/routes.ts';
import { browserApi } from '../../stores/api.ts';
import { handleApiError } from '../../stores/api-errors.ts';
import { toast } from '../../stores/toast.ts';
import './checkout.css';

type Method = PayType | 'TRANSFER';

interface Props {
  orderId: number;
  sn: string;
  payable: number;
  /** Epoch ms until which the order can be paid; null while a transfer waits for confirmation. */
  payDeadline: number | null;
  transfer: Transfer | null;
  /** Method shown first. */
  method?: Method;
  /** The pay-wait page: keep polling the code already shown instead of asking for a new one. */
  resume?: boolean;
}

/** The slip is sent as base64 JSON through the proxy: 4 MB of file stays under its body limit. */
const SLIP_MAX_BYTES = 4 * 1024 * 1024;
const SLIP_TYPES = /\.(jpe?g|png|pdf)$/i;
const yuan = (n: number) => `¥${formatPrice(n)}`;

const STATUS_TEXT: Record<QrStatus, string> = {
  WAITING: '等待扫码支付',
  SCANNED: '已扫码，请在手机上确认支付',
  PAID: '支付成功，正在跳转…',
  CLOSED: '订单已关闭，二维码已失效',
  EXPIRED: '二维码已过期',
};

function leftText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h} 小时 ${pad(m)} 分 ${pad(sec)} 秒` : `${pad(m)} 分 ${pad(sec)} 秒`;
}

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

export default function Cashier({ orderId, sn, payable, payDeadline, transfer: initialTransfer, method: initialMethod, resume = false }: Props) {
  const id = useId();
  const [method, setMethod] = useState<Method>(initialMethod ?? (initialTransfer?.status === 'AWAITING_CONFIRMATION' ? 'TRANSFER' : 'WECHAT'));
  const [qr, setQr] = useState<{ payType: PayType; image: string; expiresAt: number } | null>(null);
  const [status, setStatus] = useState<QrStatus | null>(null);
  const [ended, setEnded] = useState<StopReason | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [transfer, setTransfer] = useState(initialTransfer);
  const [slip, setSlip] = useState<File | null>(null);
  const [slipError, setSlipError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const poller = useRef<PaymentPoller | null>(null);
  const round = useRef(0);
  const resumed = useRef(resume);

  const stopPolling = () => {
    poller.current?.stop();
    poller.current = null;
  };
  const paid = () => {
    stopPolling();
    location.assign(orderCompleteUrl(sn));
  };

  /** Polls with one poller at a time; `check` gives the status of what the member is paying with. */
  function poll(check: (signal: AbortSignal) => Promise<QrStatus>, deadline: number, onStatus: (s: QrStatus) => void) {
    stopPolling();
    setEnded(null);
    const p = new PaymentPoller({ check, onStatus, onStop: (reason) => reason !== 'stopped' && setEnded(reason), deadline, visibility: documentVisibility(document) });
    poller.current = p;
    p.start();
  }

  function qrStatusChanged(payType: PayType, s: QrStatus) {
    setStatus(s);
    if (s === 'PAID') paid();
    // After a scan a reload should land on the page that waits for the result, not ask for a new code.
    if (s === 'SCANNED') history.replaceState(null, '', payWaitUrl(sn, payType));
  }

  async function showCode(payType: PayType) {
    const mine = ++round.current;
    stopPolling();
    setStatus(null);
    setQr(null);
    try {
      const code = await browserApi.call(order.qrCode, { params: { id: orderId }, input: { payType, mode: 'NATIVE' }, silent: true });
      const QRCode = await import('qrcode');
      const svg = await QRCode.toString(code.codeUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      if (mine !== round.current) return;
      setQr({ payType, image: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, expiresAt: code.expiresAt });
      setStatus('WAITING');
      const deadline = Math.min(code.expiresAt, payDeadline ?? code.expiresAt);
      poll((signal) => browserApi.call(order.qrStatus, { params: { id: orderId }, input: { payType }, silent: true, signal }).then((r) => r.status), deadline, (s) => qrStatusChanged(payType, s));
    } catch (e) {
      if (mine === round.current) handleApiError(e);
    }
  }

  function pollTransfer() {
    poll(
      (signal) => browserApi.call(order.transfer, { params: { sn }, silent: true, signal }).then((t) => (setTransfer(t), t.status === 'CONFIRMED' ? 'PAID' : 'WAITING')),
      Date.now() + 24 * 3_600_000,
      (s) => s === 'PAID' && paid(),
    );
  }

  useEffect(() => {
    if (method === 'TRANSFER') {
      round.current++;
      if (transfer?.status === 'AWAITING_CONFIRMATION') pollTransfer();
      else stopPolling();
    } else if (resumed.current) {
      // The pay-wait page: the code was scanned before the reload; wait for its result.
      resumed.current = false;
      const payType = method;
      setStatus('SCANNED');
      poll(
        (signal) => browserApi.call(order.qrStatus, { params: { id: orderId }, input: { payType }, silent: true, signal }).then((r) => r.status),
        payDeadline ?? Date.now() + 3_600_000,
        (s) => qrStatusChanged(payType, s),
      );
    } else void showCode(method);
    // A new method starts a new round; the transfer status comes from its own answers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [method]);

  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    // Leaving the page stops polling; coming back from the back/forward cache reloads it so nothing runs stale.
    const hide = () => stopPolling();
    const show = (e: PageTransitionEvent) => e.persisted && location.reload();
    addEventListener('pagehide', hide);
    addEventListener('pageshow', show);
    return () => {
      clearInterval(t);
      stopPolling();
      removeEventListener('pagehide', hide);
      removeEventListener('pageshow', show);
    };
  }, []);

  async function sendSlip() {
    if (!slip) {
      setSlipError('请选择汇款凭证文件');
      return;
    }
    if (!SLIP_TYPES.test(slip.name)) {
      setSlipError('仅支持上传 JPG、PNG、PDF 格式的文件');
      return;
    }
    if (slip.size > SLIP_MAX_BYTES) {
      setSlipError('文件大小不能超过 4MB');
      return;
    }
    setSlipError(null);
    setSending(true);
    try {
      const uploaded = await browserApi.call(common.upload, { input: { name: slip.name, data: await readBase64(slip) } });
      const next = await browserApi.call(order.submitTransfer, { params: { sn }, input: { slipUrl: uploaded.url, slipName: slip.name } });
      setTransfer(next);
      setSlip(null);
      toast.success('汇款凭证已提交');
      pollTransfer();
    } catch (e) {
      handleApiError(e);
    } finally {
      setSending(false);
    }
  }

  const deadlineLeft = payDeadline === null ? null : payDeadline - now;
  const transferWaiting = transfer?.status === 'AWAITING_CONFIRMATION';
  const codeEnded = status === 'EXPIRED' || status === 'CLOSED' || ended === 'deadline';

  return (
    <div className="cashier">
      <section className="co-card cashier-head" aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`} className="cashier-title">
          订单提交成功，请尽快付款
        </h2>
        <dl className="cashier-facts">
          <div>
            <dt>订单号</dt>
            <dd data-sn>{sn}</dd>
          </div>
          <div>
            <dt>应付金额</dt>
            <dd className="cashier-amount">{yuan(payable)}</dd>
          </div>
          <div>
            <dt>{transferWaiting ? '付款状态' : '剩余支付时间'}</dt>
            <dd role="timer" aria-live="off">
              {transferWaiting ? '对公转账待确认' : deadlineLeft === null ? '—' : deadlineLeft > 0 ? leftText(deadlineLeft) : '已超时，订单将自动取消'}
            </dd>
          </div>
        </dl>
      </section>

      <section className="co-card" aria-labelledby={`${id}-m`}>
        <h2 id={`${id}-m`}>选择支付方式</h2>
        <fieldset className="cashier-methods">
          <legend className="visually-hidden">支付方式</legend>
          {(['WECHAT', 'ALIPAY', 'TRANSFER'] as const).map((m) => (
            <label key={m} className={method === m ? 'is-chosen' : ''}>
              <input type="radio" name={`${id}-method`} checked={method === m} onChange={() => setMethod(m)} disabled={transferWaiting && m !== 'TRANSFER'} />
              {PAY_TYPE_LABEL[m]}
            </label>
          ))}
        </fieldset>

        {method !== 'TRANSFER' ? (
          <div className="cashier-qr">
            <div className={`cashier-qr-box${codeEnded ? ' is-dim' : ''}`}>
              {qr && qr.payType === method ? <img src={qr.image} alt={`${PAY_TYPE_LABEL[method]}付款二维码`} width="200" height="200" /> : <span className="co-soft">{status === 'SCANNED' ? '' : '二维码加载中…'}</span>}
              {codeEnded && (
                <div className="cashier-qr-over">
                  <button type="button" className="btn btn-primary" onClick={() => void showCode(method)}>
                    获取新的二维码
                  </button>
                </div>
              )}
            </div>
            <div>
              <p className={`cashier-status${status === 'SCANNED' ? ' is-scanned' : ''}${codeEnded ? ' is-ended' : ''}`} role="status">
                {ended === 'deadline' && !status?.match(/EXPIRED|CLOSED/) ? '支付时间已过，请获取新的二维码' : status ? STATUS_TEXT[status] : '正在生成二维码…'}
              </p>
              <p className="co-soft">请打开手机{method === 'WECHAT' ? '微信' : '支付宝'}，使用「扫一扫」扫描二维码完成付款。</p>
              {qr && <p className="co-soft">二维码有效期至 {new Date(qr.expiresAt).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit' })}</p>}
            </div>
          </div>
        ) : (
          transfer && (
            <div className="cashier-transfer">
              <p className="co-soft">请通过企业对公账户向以下账户转账，并在转账附言中填写识别码，以便财务核对到账。</p>
              <dl>
                <dt>收款单位</dt>
                <dd>{transfer.payee}</dd>
                <dt>开户银行</dt>
                <dd>{transfer.bank}</dd>
                <dt>银行账号</dt>
                <dd>{transfer.account}</dd>
                <dt>联行号</dt>
                <dd>{transfer.bankCode}</dd>
                <dt>转账金额</dt>
                <dd>{yuan(transfer.amount)}</dd>
                <dt>附言识别码</dt>
                <dd className="cashier-ref" data-reference>
                  {transfer.reference}
                </dd>
              </dl>
              {transferWaiting ? (
                <p className="cashier-status is-scanned" role="status">
                  汇款凭证已提交（{transfer.slip?.name}），等待财务确认到账。确认后订单将自动进入待发货。
                </p>
              ) : null}
              <div className="cashier-upload">
                <label className="co-field" htmlFor={`${id}-slip`}>
                  <span>{transferWaiting ? '重新上传汇款凭证' : '上传汇款凭证'}（JPG、PNG 或 PDF，不超过 4MB）</span>
                </label>
                <input
                  id={`${id}-slip`}
                  type="file"
                  accept=".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf"
                  onChange={(e) => setSlip(e.target.files?.[0] ?? null)}
                  aria-describedby={slipError ? `${id}-slip-e` : undefined}
                />
                {slipError && (
                  <span className="co-error" id={`${id}-slip-e`} role="alert">
                    {slipError}
                  </span>
                )}
                <div>
                  <button type="button" className="btn btn-primary" disabled={sending} aria-busy={sending} onClick={() => void sendSlip()}>
                    {sending ? '正在提交…' : '提交汇款凭证'}
                  </button>
                </div>
              </div>
            </div>
          )
        )}
      </section>
    </div>
  );
}
