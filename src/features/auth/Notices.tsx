/** The texts an account flow opens: the privacy notice after a login with privacyState n (docs/product.md §4), and agreement / legal / cookie policy texts. */
import { useEffect, useState } from 'react';
import type { PrivacyItem, Protocol } from '#src/shared/api/contract/auth.ts';
import { handleApiError } from '#src/shared/api/api-errors.ts';
import { cancelPrivacy, confirmPrivacy, loadPrivacyItems, loadProtocols, type LoginOutcome } from './auth.ts';
import { useFormAction } from '#src/shared/ui/useFormAction.ts';
import Modal from './Modal.tsx';
import RichTextView from './RichTextView.tsx';

export type TextKey = 0 | 1 | 'cookie';

const COOKIE_POLICY = [
  '本站使用必要的 Cookie 保持您的登录状态、记住购物车和您的偏好设置。登录凭证保存在仅供服务器读取的 Cookie 中，页面脚本无法读取。',
  '我们不使用 Cookie 向第三方提供您的个人信息。您可以在浏览器设置中删除 Cookie，删除后需要重新登录。',
];

/** Registration agreement (0), legal statement (1) or the cookie policy. */
export function TextDialog({ which, onClose }: { which: TextKey | null; onClose: () => void }) {
  const [protocols, setProtocols] = useState<Protocol[] | null>(null);
  useEffect(() => {
    if (which === null || which === 'cookie' || protocols) return;
    loadProtocols().then(setProtocols, handleApiError);
  }, [which, protocols]);
  const protocol = typeof which === 'number' ? protocols?.[which] : undefined;
  const title = which === 'cookie' ? 'Cookie 政策' : which === 0 ? '注册协议' : '法律声明';
  return (
    <Modal open={which !== null} title={protocol?.title ?? title} name="text" wide onClose={onClose}>
      {which === 'cookie' ? (
        <div className="auth-text">
          {COOKIE_POLICY.map((t) => (
            <p key={t}>{t}</p>
          ))}
        </div>
      ) : protocol ? (
        <RichTextView html={protocol.content} />
      ) : (
        <p className="auth-lead">加载中…</p>
      )}
      <div className="auth-actions">
        <button type="button" className="btn btn-primary" onClick={onClose}>
          我知道了
        </button>
      </div>
    </Modal>
  );
}

/** After a login with privacyState n: confirm completes the login, cancel leaves the visitor logged out. */
export function PrivacyNotice({ open, onDone, onCancel }: { open: boolean; onDone: (o: LoginOutcome) => void; onCancel: () => void }) {
  const [notice, setNotice] = useState<Protocol | null>(null);
  const [items, setItems] = useState<PrivacyItem[]>([]);
  const confirm = useFormAction((ids: number[]) => confirmPrivacy(ids), { onSuccess: onDone });
  useEffect(() => {
    if (!open) return;
    loadProtocols().then((list) => setNotice(list[2] ?? null), handleApiError);
    loadPrivacyItems().then(setItems, handleApiError);
  }, [open]);
  async function cancel() {
    await cancelPrivacy().catch(() => undefined);
    onCancel();
  }

  return (
    <Modal open={open} title="隐私政策提示" name="privacy-notice" wide onClose={() => void cancel()}>
      <p className="auth-lead">为保障您的权益，请阅读并同意以下隐私政策后继续登录。</p>
      {notice && <RichTextView html={notice.content} />}
      <ul className="auth-privacy">
        {items.map((item) => (
          <li key={item.id}>
            <strong>{item.title}</strong>
            <RichTextView html={item.content} />
          </li>
        ))}
      </ul>
      <div className="auth-actions">
        <button type="button" className="btn" onClick={() => void cancel()}>
          不同意
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={confirm.pending || items.length === 0}
          onClick={() => confirm.run(items.map((i) => i.id))}
        >
          同意并继续
        </button>
      </div>
    </Modal>
  );
}
