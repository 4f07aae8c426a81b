/** Demo members and their messages; passwords are in clear here because they are documented demo credentials, and are hashed when the state is seeded. */
import type { User } from '#src/shared/api/contract/auth.ts';

export interface SeedUser extends Omit<User, 'phone'> {
  /** Full number; the API only ever shows it masked. */
  phone: string;
  password: string;
}

export interface SeedMessage {
  id: number;
  uid: number;
  title: string;
  content: string;
  read: boolean;
  /** Epoch milliseconds. */
  createdAt: number;
}

export const users: SeedUser[] = [
  {
    uid: 1,
    phone: '13800138000',
    password: 'Gas@2026pass',
    username: '上海华测分析仪器有限公司采购部',
    have_shop: 0,
    // 1988-05-16 00:00 China time, in seconds as the backend gives birthdays.
    birthday: 579715200,
    avatar: '',
    companyVerified: 1,
    privacyState: 'y',
  },
  {
    uid: 2,
    phone: '13900139000',
    password: 'Gas@2026pass',
    username: '李工',
    have_shop: 0,
    birthday: null,
    avatar: '',
    companyVerified: 0,
    privacyState: 'n',
  },
  {
    // The second company with a price agreement (docs/prices.md): its buyer sees its own agreed prices, never the first's.
    uid: 3,
    phone: '13711110001',
    password: 'Gas@2026pass',
    username: '苏州启明激光科技有限公司采购',
    have_shop: 0,
    birthday: null,
    avatar: '',
    companyVerified: 1,
    privacyState: 'y',
  },
];

const day = 24 * 60 * 60 * 1000;
const base = Date.UTC(2026, 0, 12, 2, 0, 0);

export const messages: SeedMessage[] = [
  {
    id: 1,
    uid: 1,
    title: '订单已发货',
    content: '您的订单（高纯氮气 99.999% 40L ×4）已由华气上海化工区充装站发出，危险品运输车辆预计明日上午送达，请安排持证人员验收。',
    read: false,
    createdAt: base,
  },
  {
    id: 2,
    uid: 1,
    title: '空瓶回收提醒',
    content: '您名下有 6 只钢瓶已租用满 90 天，请在 15 日内安排空瓶回收或办理续租，逾期将按日收取气瓶租金。',
    read: false,
    createdAt: base + day,
  },
  {
    id: 3,
    uid: 1,
    title: '增值税专用发票已开具',
    content: '您申请的增值税专用发票已开具并通过顺丰寄出，可在“我的发票”中查看物流进度。',
    read: false,
    createdAt: base + 2 * day,
  },
  {
    id: 4,
    uid: 1,
    title: '企业资料审核通过',
    content: '您提交的企业营业执照与危险化学品经营许可资料已审核通过，现在可以下单采购了。',
    read: true,
    createdAt: base - 10 * day,
  },
  {
    id: 5,
    uid: 2,
    title: '请完善企业资料',
    content: '采购气体需先在会员中心上传企业营业执照，审核通过后即可下单。',
    read: true,
    createdAt: base,
  },
];
