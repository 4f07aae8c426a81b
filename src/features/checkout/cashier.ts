/** The cashier's behaviour without React: the deadline countdown, the QR status poller, switching pay type or renewing the code, and sending a bank-transfer slip. */
import { common } from '#src/shared/api/contract/common.ts';
import { order, PAY_TYPE_LABEL, type PayType, type QrStatus } from '#src/shared/api/contract/order.ts';
import { documentVisibility, PaymentPoller, type StopReason } from './poller.ts';
import { orderCompleteUrl, payWaitUrl } from '#src/shared/http/routes.ts';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { handleApiError } from '#src/shared/api/api-errors.ts';
import { toast } from '#src/shared/ui/toast.ts';

type Method = PayType | 'TRANSFER';

const STATUS_TEXT: Record<QrStatus, string> = {
  WAITING: '等待扫码支付',
  SCANNED: '已扫码，请在手机上确认支付',
  PAID: '支付成功，正在跳转…',
  CLOSED: '订单已关闭，二维码已失效',
  EXPIRED: '二维码已过期',
};
/** The slip goes as base64 JSON through the same-origin proxy: 4 MB of file stays under its body limit. */
const SLIP_MAX_BYTES = 4 * 1024 * 1024;
const SLIP_TYPES = /\.(jpe?g|png|pdf)$/i;
const HOUR = 3_600_000;

function leftText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h} 小时 ${pad(m)} 分 ${pad(s % 60)} 秒` : `${pad(m)} 分 ${pad(s % 60)} 秒`;
}

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function init(root: HTMLElement): void {
  const $ = <T extends HTMLElement = HTMLElement>(sel: string) => root.querySelector<T>(sel);
  const orderId = Number(root.dataset.orderId);
  const sn = root.dataset.sn!;
  const way = root.dataset.way === 'BUY_NOW' ? 'BUY_NOW' : 'CART';
  const payDeadline = root.dataset.payDeadline ? Number(root.dataset.payDeadline) : null;
  let method = root.dataset.method as Method;
  let transferWaiting = root.dataset.transferWaiting === '1';
  let poller: PaymentPoller | null = null;
  let round = 0;

  const img = $<HTMLImageElement>('[data-qr]')!;
  const loading = $('[data-qr-loading]')!;
  const statusEl = $('[data-status]')!;
  const renew = $('[data-renew-wrap]')!;
  const box = $('[data-qr-box]')!;
  const expiry = $('[data-expiry]')!;

  // The deadline countdown; a transfer waiting for the back office has none.
  const countdown = $('[data-countdown]')!;
  const tick = () => {
    if (transferWaiting) countdown.textContent = '对公转账待确认';
    else if (payDeadline !== null)
      countdown.textContent = payDeadline > Date.now() ? leftText(payDeadline - Date.now()) : '已超时，订单将自动取消';
  };
  tick();
  const clock = setInterval(tick, 1000);

  const stopPolling = () => {
    poller?.stop();
    poller = null;
  };
  const paid = () => {
    stopPolling();
    location.assign(orderCompleteUrl(sn, way));
  };

  function showStatus(text: string, kind: 'scanned' | 'ended' | '' = ''): void {
    statusEl.textContent = text;
    statusEl.classList.toggle('is-scanned', kind === 'scanned');
    statusEl.classList.toggle('is-ended', kind === 'ended');
  }

  /** A code that can no longer be paid: say so and offer a new one. */
  function ended(text: string): void {
    showStatus(text, 'ended');
    box.classList.add('is-dim');
    renew.hidden = false;
  }

  /** One poller at a time, for whatever the member pays with now. */
  function poll(check: (signal: AbortSignal) => Promise<QrStatus>, deadline: number, onStatus: (s: QrStatus) => void): void {
    stopPolling();
    poller = new PaymentPoller({
      check,
      onStatus,
      onStop: (reason: StopReason) => reason === 'deadline' && ended('支付时间已过，请获取新的二维码'),
      deadline,
      visibility: documentVisibility(document),
    });
    poller.start();
  }

  function pollCode(payType: PayType, deadline: number): void {
    poll(
      (signal) =>
        browserApi.call(order.qrStatus, { params: { id: orderId }, input: { payType }, silent: true, signal }).then((r) => r.status),
      deadline,
      (s) => {
        if (s === 'PAID') return paid();
        if (s === 'EXPIRED' || s === 'CLOSED') return ended(STATUS_TEXT[s]);
        showStatus(STATUS_TEXT[s], s === 'SCANNED' ? 'scanned' : '');
        // After a scan a reload should land on the page that waits for the result, not on a new code.
        if (s === 'SCANNED') history.replaceState(null, '', payWaitUrl(sn, payType, way));
      },
    );
  }

  async function showCode(payType: PayType): Promise<void> {
    const mine = ++round;
    stopPolling();
    img.hidden = true;
    loading.hidden = false;
    renew.hidden = true;
    box.classList.remove('is-dim');
    expiry.textContent = '';
    showStatus('正在生成二维码…');
    try {
      const code = await browserApi.call(order.qrCode, { params: { id: orderId }, input: { payType, mode: 'NATIVE' }, silent: true });
      const { qrImage } = await import('./qr.ts');
      const image = await qrImage(code.codeUrl);
      if (mine !== round) return;
      img.src = image;
      img.alt = `${PAY_TYPE_LABEL[payType]}付款二维码`;
      img.hidden = false;
      loading.hidden = true;
      expiry.textContent = `二维码有效期至 ${new Date(code.expiresAt).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit' })}`;
      showStatus(STATUS_TEXT.WAITING);
      pollCode(payType, Math.min(code.expiresAt, payDeadline ?? code.expiresAt));
    } catch (e) {
      if (mine !== round) return;
      loading.hidden = true;
      ended('二维码获取失败');
      handleApiError(e);
    }
  }

  function pollTransfer(): void {
    poll(
      (signal) =>
        browserApi
          .call(order.transfer, { params: { sn }, silent: true, signal })
          .then((t) => (t.status === 'CONFIRMED' ? ('PAID' as const) : ('WAITING' as const))),
      Date.now() + 24 * HOUR,
      (s) => s === 'PAID' && paid(),
    );
  }

  function choose(next: Method): void {
    method = next;
    for (const label of root.querySelectorAll<HTMLLabelElement>('.cashier-methods label')) {
      label.classList.toggle('is-chosen', label.querySelector('input')?.value === next);
    }
    $('[data-panel="qr"]')!.hidden = next === 'TRANSFER';
    const transferPanel = $('[data-panel="transfer"]');
    if (transferPanel) transferPanel.hidden = next !== 'TRANSFER';
    if (next === 'TRANSFER') {
      round++;
      if (transferWaiting) pollTransfer();
      else stopPolling();
      return;
    }
    $('[data-hint]')!.textContent = `请打开手机${next === 'ALIPAY' ? '支付宝' : '微信'}，使用「扫一扫」扫描二维码完成付款。`;
    void showCode(next);
  }

  for (const radio of root.querySelectorAll<HTMLInputElement>('input[name="pay-method"]')) {
    radio.addEventListener('change', () => radio.checked && choose(radio.value as Method));
  }
  $('[data-renew]')!.addEventListener('click', () => method !== 'TRANSFER' && void showCode(method));

  // Sending the remittance slip: the file goes through the upload endpoint, then its URL to the order.
  const slipInput = $<HTMLInputElement>('[data-slip]');
  const slipError = $('[data-slip-error]');
  const sendButton = $<HTMLButtonElement>('[data-send-slip]');
  sendButton?.addEventListener('click', async () => {
    const file = slipInput?.files?.[0];
    const problem = !file
      ? '请选择汇款凭证文件'
      : !SLIP_TYPES.test(file.name)
        ? '仅支持上传 JPG、PNG、PDF 格式的文件'
        : file.size > SLIP_MAX_BYTES
          ? '文件大小不能超过 4MB'
          : '';
    slipError!.textContent = problem;
    if (problem || !file) return;
    sendButton.disabled = true;
    sendButton.textContent = '正在提交…';
    try {
      const uploaded = await browserApi.call(common.upload, { input: { name: file.name, data: await readBase64(file) } });
      const next = await browserApi.call(order.submitTransfer, { params: { sn }, input: { slipUrl: uploaded.url, slipName: file.name } });
      transferWaiting = true;
      tick();
      $('[data-transfer-status]')!.textContent =
        `汇款凭证已提交（${next.slip?.name ?? file.name}），等待财务确认到账。确认后订单将自动进入待发货。`;
      $('[data-slip-label]')!.textContent = '重新上传汇款凭证（JPG、PNG 或 PDF，不超过 4MB）';
      for (const radio of root.querySelectorAll<HTMLInputElement>('input[name="pay-method"]')) radio.disabled = radio.value !== 'TRANSFER';
      slipInput!.value = '';
      toast.success('汇款凭证已提交');
      pollTransfer();
    } catch (e) {
      handleApiError(e);
    } finally {
      sendButton.disabled = false;
      sendButton.textContent = '提交汇款凭证';
    }
  });

  // Start: the code drawn by the server is polled; the pay-wait page waits for the scanned code; a waiting transfer is watched.
  if (method === 'TRANSFER') {
    if (transferWaiting) pollTransfer();
  } else if (root.dataset.resume === '1') {
    pollCode(method, payDeadline ?? Date.now() + HOUR);
  } else if (root.dataset.codeExpires) {
    const expires = Number(root.dataset.codeExpires);
    pollCode(method, Math.min(expires, payDeadline ?? expires));
  } else void showCode(method);

  // Leaving stops everything; a return from the back/forward cache reloads, so nothing stale runs.
  addEventListener('pagehide', () => {
    stopPolling();
    clearInterval(clock);
  });
  addEventListener('pageshow', (e) => e.persisted && location.reload());
}

const root = document.querySelector<HTMLElement>('[data-cashier]');
if (root) init(root);
