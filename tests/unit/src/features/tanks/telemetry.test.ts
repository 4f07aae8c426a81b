/** The gateways' signed ingestion (signature, 5-minute timestamp, replayed reading ids) and what the sandbox does after readings: alerts to messages, one replenishment order per need, the per-tank switch, another member's tank. */
import { describe, expect, it } from 'vitest';
import { company } from '#src/shared/api/contract/company.ts';
import { order } from '#src/shared/api/contract/order.ts';
import { tanks, type Tank } from '#src/shared/api/contract/tanks.ts';
import { canonicalString, signTelemetry, verifyTelemetry, WINDOW_MS, type SignedReading } from '#src/features/tanks/telemetry.ts';
import { DEMO_MEMBER, DEMO_MEMBER_NO_COMPANY } from '#tests/support/member.ts';
import { failure, useSandbox } from '#tests/support/sandbox.ts';

const KEY = 'a'.repeat(64);
const NOW = Date.parse('2026-11-20T02:00:00Z');

describe('telemetry signature', () => {
  const readings: SignedReading[] = [{ id: 'r-1', at: NOW - 60_000, levelPct: 55.5 }];
  const req = (over: Partial<{ timestamp: number; signature: string; readings: SignedReading[] }> = {}) => {
    const timestamp = over.timestamp ?? NOW;
    const rs = over.readings ?? readings;
    return { deviceId: 'GW-1', timestamp, readings: rs, signature: over.signature ?? signTelemetry(KEY, 'GW-1', timestamp, rs) };
  };

  it('signs a canonical string of the parsed fields', () => {
    expect(canonicalString('GW-1', NOW, readings)).toBe(`TANK-TELEMETRY-V1\nGW-1\n${NOW}\nr-1|${NOW - 60_000}|55.5`);
    // HMAC-SHA256 is deterministic: the same input, the same 64 hex digits.
    expect(signTelemetry(KEY, 'GW-1', NOW, readings)).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyTelemetry(req(), KEY, NOW)).toEqual({ ok: true });
  });

  it('refuses a bad signature, another key, changed readings, an unknown device', () => {
    expect(verifyTelemetry(req({ signature: '0'.repeat(64) }), KEY, NOW)).toMatchObject({ ok: false, msg: '签名错误' });
    expect(verifyTelemetry(req({ signature: 'not hex' }), KEY, NOW)).toMatchObject({ ok: false, msg: '签名错误' });
    expect(verifyTelemetry(req(), 'b'.repeat(64), NOW)).toMatchObject({ ok: false, msg: '签名错误' });
    const signed = req();
    expect(verifyTelemetry({ ...signed, readings: [{ ...readings[0]!, levelPct: 5.5 }] }, KEY, NOW)).toMatchObject({
      ok: false,
      msg: '签名错误',
    });
    expect(verifyTelemetry(req(), null, NOW)).toMatchObject({ ok: false, msg: '设备未登记' });
  });

  it('accepts a timestamp within 5 minutes either way and refuses a stale or early one', () => {
    expect(verifyTelemetry(req({ timestamp: NOW - WINDOW_MS }), KEY, NOW).ok).toBe(true);
    expect(verifyTelemetry(req({ timestamp: NOW + WINDOW_MS }), KEY, NOW).ok).toBe(true);
    expect(verifyTelemetry(req({ timestamp: NOW - WINDOW_MS - 1 }), KEY, NOW)).toMatchObject({ ok: false, msg: '时间戳超出 5 分钟有效期' });
    expect(verifyTelemetry(req({ timestamp: NOW + WINDOW_MS + 1 }), KEY, NOW)).toMatchObject({ ok: false, msg: '时间戳超出 5 分钟有效期' });
  });
});

describe('the sandbox: ingestion and what follows', () => {
  // A fixed clock half past the hour: the seeded history ends on the hour, so the readings below (after 02:00) follow it.
  const CLOCK = Date.parse('2026-11-20T02:30:00Z');
  const box = useSandbox(() => CLOCK);

  async function demoTank(id = 1) {
    const sb = box.sandbox();
    sb.ready();
    // Members by a fixed bearer token: the login's password hashing times out on a loaded machine and is not what is tested here.
    const members: Record<string, number> = { 'member-1': 1, 'member-2': 2 };
    sb.authenticate((token) => members[token] ?? null);
    return sb.db.get<{ device_id: string; device_key: string }>('SELECT device_id, device_key FROM tanks WHERE id = ?', id)!;
  }
  async function send(
    device: { device_id: string; device_key: string },
    readings: SignedReading[],
    opts: { timestamp?: number; signature?: string } = {},
  ) {
    const timestamp = opts.timestamp ?? CLOCK;
    return box.raw('/tanks/telemetry', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-tank-device': device.device_id,
        'x-tank-timestamp': String(timestamp),
        'x-tank-signature': opts.signature ?? signTelemetry(device.device_key, device.device_id, timestamp, readings),
      },
      body: JSON.stringify({ readings }),
    });
  }
  const member = async (m: { uid: number } = DEMO_MEMBER) => box.client(() => `member-${m.uid}`);

  it('stores signed readings once per reading id (a replayed batch changes nothing) and refuses bad signatures and stale timestamps', async () => {
    const device = await demoTank();
    const readings = [{ id: 'gw-1001', at: CLOCK - 1000, levelPct: 61.2 }];
    expect((await send(device, readings)).body).toMatchObject({ status: 200, data: { accepted: 1, duplicates: 0 } });
    expect((await send(device, readings)).body).toMatchObject({ status: 200, data: { accepted: 0, duplicates: 1 } });
    expect((await send(device, [{ ...readings[0]!, id: 'gw-1002' }], { signature: 'f'.repeat(64) })).body).toMatchObject({
      status: 401,
      msg: '签名错误',
    });
    expect((await send(device, [{ ...readings[0]!, id: 'gw-1003' }], { timestamp: CLOCK - 6 * 60_000 })).body).toMatchObject({
      status: 401,
      msg: '时间戳超出 5 分钟有效期',
    });
    expect((await send({ ...device, device_id: 'GW-NOPE' }, readings)).body).toMatchObject({ status: 401, msg: '设备未登记' });
    expect((await send(device, [{ id: 'gw-1004', at: CLOCK + 3_600_000, levelPct: 50 }])).body).toMatchObject({
      status: 400,
      msg: '读数时间晚于当前时间',
    });
    const list = await (await member()).call(tanks.list);
    expect(list.list[0]!.level!.pct).toBe(61.2);
  });

  it('a fall below the reorder point places one order through the order path and tells the member; a second low reading places no other', async () => {
    const device = await demoTank();
    const api = await member();
    const before = (await api.call(order.list, { input: { pageSize: 100 } })).total;
    await send(device, [{ id: 'low-1', at: CLOCK - 2000, levelPct: 25 }]);
    await send(device, [{ id: 'low-2', at: CLOCK - 1000, levelPct: 24.8 }]);
    const orders = await api.call(order.list, { input: { pageSize: 100 } });
    expect(orders.total).toBe(before + 1);
    const tank = (await api.call(tanks.list)).list[0]!;
    expect(tank.alerts.map((a) => a.kind)).toContain('LOW');
    expect(tank.nextDelivery).toMatchObject({ status: 'OPEN', orderSn: orders.list[0]!.sn });
    // 10 m³ LIN at about 25 %: to 90 % less two days' use, in whole tonnes.
    expect(tank.nextDelivery!.tonnes).toBeGreaterThanOrEqual(5);
    const detail = await api.call(order.detail, { params: { sn: tank.nextDelivery!.orderSn! } });
    expect(detail.lines[0]).toMatchObject({ sku_id: 104502, num: tank.nextDelivery!.tonnes });
    // The member's messages (the auth domain's, counted in the unread badge).
    const titles = box
      .sandbox()
      .db.all<{ title: string }>('SELECT title FROM messages WHERE uid = 1')
      .map((m) => m.title);
    expect(titles).toContain('储罐告警：1 号液氮储罐低于订货点');
    expect(titles).toContain('储罐自动补货：1 号液氮储罐已下单');
    expect(titles.filter((t) => t.startsWith('储罐告警：1 号液氮储罐低于订货点'))).toHaveLength(1);
  });

  it('a sharp drop raises ABNORMAL_DROP; with the switch off a low level places no order; another member cannot touch the tank', async () => {
    const device = await demoTank();
    const api = await member();
    const off = await api.call(tanks.setAuto, { params: { id: '1' }, input: { on: false } });
    expect(off.autoReplenish).toBe(false);
    const before = (await api.call(order.list, { input: { pageSize: 100 } })).total;
    const t = CLOCK;
    await send(device, [
      { id: 'd-1', at: t - 20 * 60_000, levelPct: 60 },
      { id: 'd-2', at: t - 1000, levelPct: 20 },
    ]);
    const tank: Tank = (await api.call(tanks.list)).list[0]!;
    expect(tank.alerts.map((a) => a.kind).sort()).toEqual(['ABNORMAL_DROP', 'LOW']);
    expect(tank.nextDelivery).toBeNull();
    expect((await api.call(order.list, { input: { pageSize: 100 } })).total).toBe(before);
    // Switched on again: the need is acted on at once.
    const on = await api.call(tanks.setAuto, { params: { id: '1' }, input: { on: true } });
    expect(on.nextDelivery?.status).toBe('OPEN');
    const other = await member(DEMO_MEMBER_NO_COMPANY);
    expect((await other.call(tanks.list)).total).toBe(0);
    expect(await failure(other.call(tanks.setAuto, { params: { id: '1' }, input: { on: false } }))).toBe('储罐不存在');
  });

  it('follows the company rules of the order path: a required PO number the tank lacks is a FAILED replenishment, told once', async () => {
    const device = await demoTank();
    const api = await member();
    await api.call(company.account);
    await api.call(company.settings, { input: { poRequired: true, costCentreRequired: false } });
    const before = (await api.call(order.list, { input: { pageSize: 100 } })).total;
    await send(device, [{ id: 'po-1', at: CLOCK - 2000, levelPct: 20 }]);
    await send(device, [{ id: 'po-2', at: CLOCK - 1000, levelPct: 19.5 }]);
    expect((await api.call(order.list, { input: { pageSize: 100 } })).total).toBe(before);
    const tank = (await api.call(tanks.list)).list[0]!;
    expect(tank.nextDelivery).toBeNull();
    expect(tank.replenishments).toHaveLength(1);
    expect(tank.replenishments[0]).toMatchObject({ status: 'FAILED' });
    expect(tank.replenishments[0]!.note).toContain('请填写采购单号');
    const failed = box.sandbox().db.all<{ title: string }>("SELECT title FROM messages WHERE uid = 1 AND title LIKE '%未能下单'");
    expect(failed).toHaveLength(1);
  });
});
