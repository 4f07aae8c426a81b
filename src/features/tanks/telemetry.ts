/**
 * The signature of a tank gateway's readings (the telemetry ingestion call, contract/tanks.ts): HMAC-SHA256 (RFC 2104, FIPS
 * 198-1) with the device's own key over a canonical string, hex. The canonical string is built from the parsed fields, not the
 * raw body, so whitespace or key order in the JSON never breaks a signature:
 *
 *     TANK-TELEMETRY-V1\n{deviceId}\n{timestamp}\n{id}|{at}|{levelPct}\n{id}|{at}|{levelPct}...
 *
 * (numbers as JavaScript / JSON print them, readings in the order sent). The timestamp (epoch ms, header `x-tank-timestamp`)
 * must be within `WINDOW_MS` of the server's clock either way, so a captured request cannot be replayed later; within the
 * window a replay changes nothing, because readings are stored once per reading id. Server-side only (node:crypto).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const WINDOW_MS = 5 * 60_000;
export const SCHEME = 'TANK-TELEMETRY-V1';

export interface SignedReading {
  id: string;
  at: number;
  levelPct: number;
}

export const canonicalString = (deviceId: string, timestamp: number, readings: readonly SignedReading[]): string =>
  [SCHEME, deviceId, String(timestamp), ...readings.map((r) => `${r.id}|${r.at}|${r.levelPct}`)].join('\n');

export const signTelemetry = (key: string, deviceId: string, timestamp: number, readings: readonly SignedReading[]): string =>
  createHmac('sha256', key)
    .update(canonicalString(deviceId, timestamp, readings))
    .digest('hex');

export type Verdict = { ok: true } | { ok: false; status: 401; msg: string };

/** Checks a request's timestamp and signature (constant-time compare). The device key is looked up by the caller. */
export function verifyTelemetry(
  req: { deviceId: string; timestamp: number; signature: string; readings: readonly SignedReading[] },
  key: string | null,
  now: number,
): Verdict {
  if (!key) return { ok: false, status: 401, msg: '设备未登记' };
  if (!Number.isFinite(req.timestamp) || Math.abs(now - req.timestamp) > WINDOW_MS)
    return { ok: false, status: 401, msg: '时间戳超出 5 分钟有效期' };
  const expected = Buffer.from(signTelemetry(key, req.deviceId, req.timestamp, req.readings), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(req.signature) ? Buffer.from(req.signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, status: 401, msg: '签名错误' };
  return { ok: true };
}
