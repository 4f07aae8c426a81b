import { describe, expect, it } from 'vitest';
import {
  confirmMessage,
  Email,
  fieldMessage,
  formMessages,
  IdCard,
  isIdCard,
  Landline,
  Money,
  Password,
  Phone,
  phoneSchema,
  PositiveInteger,
  SimplePassword,
  SmsCode,
  TaxNumber,
  Url,
  UserName,
} from '#src/shared/validation/rules.ts';

describe('account fields (docs/product.md §5 messages)', () => {
  it('phone', () => {
    expect(fieldMessage(Phone, '')).toBe('请输入手机号');
    expect(fieldMessage(phoneSchema('请输入手机号！'), '')).toBe('请输入手机号！');
    expect(fieldMessage(Phone, '1380013800')).toBe('手机号不正确');
    expect(fieldMessage(Phone, '12800138000')).toBe('电话格式错误');
    expect(fieldMessage(Phone, '13800138000')).toBeNull();
    expect(fieldMessage(Phone, '19912345678')).toBeNull();
  });
  it('password', () => {
    expect(fieldMessage(Password, '')).toBe('密码不能为空');
    for (const weak of ['abcdefgh', 'Abcdefg1', 'Ab1!', 'ABCDEFG1!', 'abcdefg1!'])
      expect(fieldMessage(Password, weak)).toBe('密码必须包含大小写字母，数字和特殊字符且不小于8位数');
    expect(fieldMessage(Password, 'Gas@2026pass')).toBeNull();
  });
  it('confirm and SMS code', () => {
    expect(confirmMessage('Gas@2026pass', '')).toBe('确认密码不能为空');
    expect(confirmMessage('Gas@2026pass', 'Gas@2026pas')).toBe('密码不一致');
    expect(confirmMessage('Gas@2026pass', 'Gas@2026pass')).toBeNull();
    expect(fieldMessage(SmsCode, '  ')).toBe('验证码不能为空');
  });
  it('formMessages collects one message per bad field', () => {
    expect(formMessages({ phone: Phone, code: SmsCode }, { phone: '1', code: '' })).toEqual({
      phone: '手机号不正确',
      code: '验证码不能为空',
    });
    expect(formMessages({ phone: Phone }, { phone: '13800138000' })).toEqual({});
  });
});

describe('generic patterns', () => {
  const ok = (schema: Parameters<typeof fieldMessage>[0], values: string[]) =>
    values.forEach((x) => expect(fieldMessage(schema, x), x).toBeNull());
  const bad = (schema: Parameters<typeof fieldMessage>[0], values: string[]) =>
    values.forEach((x) => expect(fieldMessage(schema, x), x).not.toBeNull());

  it('email', () => {
    ok(Email, ['buyer@gas.cn', 'a.b+c@mail.example.com']);
    bad(Email, ['', 'a@b', 'a@@b.cn', 'a b@c.cn', '@gas.cn', 'buyer@gas.']);
  });
  it('password 6-20', () => {
    ok(SimplePassword, ['abc123', 'A'.repeat(20)]);
    bad(SimplePassword, ['abc12', 'A'.repeat(21), 'abc 123']);
  });
  it('positive integer', () => {
    ok(PositiveInteger, ['1', '42', '1000']);
    bad(PositiveInteger, ['0', '-1', '01', '1.5', 'a']);
  });
  it('money up to two decimals', () => {
    ok(Money, ['0', '0.5', '12.34', '100']);
    bad(Money, ['-1', '1.234', '01.2', '1.', 'abc']);
  });
  it('tax number 15/18/20', () => {
    ok(TaxNumber, ['91310000MA1K4A1B2C', '123456789012345', '12345678901234567890']);
    bad(TaxNumber, ['1234567890123456', '12345678901234', '91310000MA1K4A1B2-', '1234567890123456789']);
  });
  it('ID card with checksum and date', () => {
    expect(isIdCard('11010519491231002X')).toBe(true);
    expect(isIdCard('110105194912310021')).toBe(false);
    expect(isIdCard('110105194902300026')).toBe(false);
    ok(IdCard, ['11010519491231002x']);
    bad(IdCard, ['', '1101051949123100', '01010519491231002X']);
  });
  it('user name, URL, landline', () => {
    ok(UserName, ['华气用户', 'buyer_01']);
    bad(UserName, ['1buyer', 'a', '华'.repeat(21), 'bad name']);
    ok(Url, ['https://gas.example.cn/a?b=1', 'http://127.0.0.1:4321/']);
    bad(Url, ['javascript:alert(1)', 'gas.example.cn', 'ftp://x.cn']);
    ok(Landline, ['021-62345678', '01062345678', '62345678', '0755-2345678-123']);
    bad(Landline, ['123', '021-1234567', '13800138000a']);
  });
});
