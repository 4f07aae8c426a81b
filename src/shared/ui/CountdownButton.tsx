/** The SMS code button (docs/product.md §4): sends, then waits 60 s showing '重新获取(59s)'; the wait survives a reload through sessionStorage. */
import { useEffect, useRef, useState } from 'react';
import {
  COUNTDOWN_IDLE_LABEL,
  COUNTDOWN_STORAGE_PREFIX,
  SMS_COUNTDOWN_SECONDS,
  countdownEnd,
  countdownLabel,
  msToNextTick,
  remainingSeconds,
  resumableEnd,
} from '#src/shared/formats/countdown.ts';
import '#src/styles/ui.css';

interface Props {
  /** Names this countdown in sessionStorage, e.g. 'sms:login' (one per kind of code). */
  storageKey: string;
  /**
   * Sends the code. Resolve to start the countdown; resolve `false` when nothing was sent (e.g. the phone is empty and
   * you showed '请输入手机号！'); reject, after showing your message, to reset the button at once.
   */
  onStart: () => Promise<unknown>;
  seconds?: number;
  idleLabel?: string;
  className?: string;
  disabled?: boolean;
}

// Storage can be unavailable (privacy modes, quota); the countdown then lasts for this page only.
function readStored(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // The countdown still runs in memory.
  }
}

export default function CountdownButton({
  storageKey,
  onStart,
  seconds = SMS_COUNTDOWN_SECONDS,
  idleLabel = COUNTDOWN_IDLE_LABEL,
  className,
  disabled = false,
}: Props) {
  const key = COUNTDOWN_STORAGE_PREFIX + storageKey;
  const [endAt, setEndAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  const [sending, setSending] = useState(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Resumes a countdown started before a reload (sessionStorage is read after hydration, never during SSR).
  useEffect(() => {
    const t = Date.now();
    const end = resumableEnd(readStored(key), t, seconds);
    if (end === null) writeStored(key, null);
    setEndAt(end);
    setNow(t);
  }, [key, seconds]);

  useEffect(() => {
    if (endAt === null) return;
    const t = Date.now();
    if (t >= endAt) {
      setEndAt(null);
      writeStored(key, null);
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), msToNextTick(endAt, t));
    return () => clearTimeout(timer);
  }, [endAt, now, key]);

  const remaining = endAt === null ? 0 : remainingSeconds(endAt, now);
  const blocked = disabled || sending || remaining > 0;

  async function start() {
    if (blocked) return;
    setSending(true);
    try {
      if ((await onStart()) === false) return;
      const end = countdownEnd(Date.now(), seconds);
      // Stored even when the dialog closed meanwhile: reopening it must still wait.
      writeStored(key, String(end));
      if (mounted.current) {
        setEndAt(end);
        setNow(Date.now());
      }
    } catch {
      writeStored(key, null);
      if (mounted.current) setEndAt(null);
    } finally {
      if (mounted.current) setSending(false);
    }
  }

  return (
    // aria-disabled instead of disabled keeps keyboard focus on the button while it waits.
    <button
      type="button"
      className={['ui-countdown', className].filter(Boolean).join(' ')}
      aria-disabled={blocked}
      onClick={() => void start()}
    >
      {sending ? '发送中…' : countdownLabel(remaining, idleLabel)}
    </button>
  );
}
