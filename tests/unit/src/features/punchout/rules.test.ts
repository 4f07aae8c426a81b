import { describe, expect, it } from 'vitest';
import {
  clip,
  frameAncestors,
  money,
  OCI_LENGTHS,
  ociFields,
  orderAnswerText,
  originAllowed,
  unitCode,
  unspscOf,
} from '#src/features/punchout/rules.ts';

const dev = ['http://127.0.0.1:*', 'http://localhost:*'];

describe('originAllowed', () => {
  it('takes the allowed hosts on any port in development, and an exact port or the default one otherwise', () => {
    expect(originAllowed('http://localhost:6000/__sandbox/punchout/return', dev)).toBe(true);
    expect(originAllowed('http://127.0.0.1/x', dev)).toBe(true);
    expect(originAllowed('https://buyer.example/po', ['https://buyer.example'])).toBe(true);
    expect(originAllowed('https://buyer.example:8443/po', ['https://buyer.example'])).toBe(false);
    expect(originAllowed('https://buyer.example:8443/po', ['https://buyer.example:8443'])).toBe(true);
  });

  it('refuses other hosts, look-alikes, other schemes, credentials in the URL and garbage', () => {
    for (const url of [
      'https://localhost:1/x',
      'http://localhost.evil.example/x',
      'http://evil.example/?http://localhost',
      'javascript:alert(1)',
      'http://a:b@localhost:1/',
      'not a url',
      'data:text/html,x',
    ])
      expect(originAllowed(url, dev)).toBe(false);
  });
});

describe('codes', () => {
  it('maps units to UN/CEFACT Recommendation 20 codes of at most three letters', () => {
    expect(unitCode('瓶')).toBe('EA');
    expect(unitCode('kg')).toBe('KGM');
    expect(unitCode('m³')).toBe('MTQ');
    expect(unitCode('桶')).toBe('EA');
  });

  it('classifies goods under UNSPSC family 12140000 Elements and gases (8 digits)', () => {
    expect(unspscOf(1001)).toMatch(/^12140000$/);
  });

  it('writes money with a point and no separators', () => {
    expect(money(16_500)).toBe('165.00');
    expect(money(123_456_789)).toBe('1234567.89');
    expect(money(5)).toBe('0.05');
  });

  it('names frame ancestors from the origins, none when there are none', () => {
    expect(frameAncestors(dev)).toBe('http://127.0.0.1:* http://localhost:*');
    expect(frameAncestors([])).toBe("'none'");
    expect(frameAncestors(["https://x.example; script-src 'unsafe-inline'"])).toBe("'none'");
  });
});

describe('ociFields', () => {
  const line = {
    skuId: 100101,
    goodsId: 1001,
    name: '高纯氮气 99.999% 工业级大容量钢瓶装（含瓶阀与安全帽）',
    specs: '40L - 15MPa',
    num: 12,
    unitFen: 15_800,
    unit: '瓶',
    agreementNo: 'HQXY-2026-0318',
  };

  it('numbers lines from 1 and keeps every field within its OCI length', () => {
    const f = ociFields([line, { ...line, skuId: 100202, num: 4 }]);
    const get = (k: string) => f.find(([n]) => n === k)?.[1];
    expect(get('NEW_ITEM-QUANTITY[1]')).toBe('12');
    expect(get('NEW_ITEM-PRICE[1]')).toBe('158.00');
    expect(get('NEW_ITEM-CURRENCY[1]')).toBe('CNY');
    expect(get('NEW_ITEM-UNIT[1]')).toBe('EA');
    expect(get('NEW_ITEM-VENDORMAT[2]')).toBe('100202');
    expect([...get('NEW_ITEM-DESCRIPTION[1]')!].length).toBe(40);
    expect(get('NEW_ITEM-LONGTEXT_1:132[]')).toContain('40L - 15MPa');
    for (const [name, value] of f) {
      const field = /^NEW_ITEM-([A-Z_]+)\[/.exec(name)?.[1] as keyof typeof OCI_LENGTHS | undefined;
      if (field) expect([...value].length).toBeLessThanOrEqual(OCI_LENGTHS[field]);
    }
  });

  it('clips by characters, not bytes', () => {
    expect(clip('氮气氮气', 3)).toBe('氮气氮');
  });
});

describe('orderAnswerText', () => {
  const o = { orderSn: 'S1', changed: true, onAccount: false };
  it('says whether the order went on account or waits for payment', () => {
    expect(orderAnswerText({ ...o, status: 'PAID_OFF', onAccount: true })).toBe('OK 订单 S1（账期支付，待发货）');
    expect(orderAnswerText({ ...o, status: 'APPROVAL', onAccount: true })).toBe('OK 订单 S1（账期支付，待审批）');
    expect(orderAnswerText({ ...o, status: 'NEW' })).toBe('OK 订单 S1（待付款）');
    expect(orderAnswerText({ ...o, status: 'APPROVAL' })).toBe('OK 订单 S1（待审批）');
    expect(orderAnswerText({ ...o, status: 'CANCELLED', onAccount: true })).toBe('OK 订单 S1（已取消）');
  });
  it('marks a repeat', () => {
    expect(orderAnswerText({ ...o, status: 'NEW', changed: false })).toBe('OK 订单 S1（待付款）（未变化）');
  });
});
