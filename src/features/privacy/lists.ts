/**
 * The two published lists regulators check for (个人信息收集清单, 第三方信息共享清单): PIPL Art. 17 (tell what is collected,
 * why, how and how long), Art. 23 (name each recipient before sharing), GB/T 35273-2020 §5.5 and §9.7 (third-party access).
 * One source for the pages /privacy/collection and /privacy/sharing and for the export's summary.
 */
import { COOLING_OFF_DAYS } from './rules.ts';

export interface CollectedItem {
  what: string;
  why: string;
  feature: string;
  kept: string;
  required: boolean;
}

export const COLLECTION_LIST: readonly CollectedItem[] = [
  {
    what: '手机号',
    why: '注册、登录、接收验证码与订单通知',
    feature: '注册与登录',
    kept: `注销账户后 ${COOLING_OFF_DAYS} 天冷静期满即删除`,
    required: true,
  },
  { what: '登录密码（仅保存不可逆的加密摘要）', why: '验证登录身份', feature: '注册与登录', kept: '注销即删除', required: true },
  {
    what: '登录记录（时间、方式、设备与浏览器、IP 地址）',
    why: '账户安全：让您发现异常登录',
    feature: '账户安全',
    kept: '最近 20 次；注销即删除',
    required: true,
  },
  {
    what: '收货人姓名、电话、地址',
    why: '配送货物、危险货物运输备案',
    feature: '收货地址、下单',
    kept: '地址簿注销即删除；订单中的收货信息注销时去标识化',
    required: true,
  },
  {
    what: '发票抬头、税号、开户行与账号',
    why: '开具发票',
    feature: '发票抬头、申请开票',
    kept: '抬头注销即删除；已开发票依法保存 5 年（《发票管理办法》第二十九条）',
    required: false,
  },
  {
    what: '企业名称、统一社会信用代码、营业执照、危险化学品相关许可证',
    why: '企业认证、受管控危险化学品的购买资格审核',
    feature: '企业资料、许可证',
    kept: '注销即删除',
    required: false,
  },
  {
    what: '订单、支付与售后记录',
    why: '履行合同、会计核算',
    feature: '订单、售后',
    kept: '依法保存 30 年（《会计档案管理办法》第十四条），注销后不含您的身份信息',
    required: true,
  },
  {
    what: '钢瓶在用、押金与回收记录',
    why: '钢瓶租赁、押金退还、气瓶追溯',
    feature: '我的钢瓶',
    kept: '押金台账依法保存 30 年，注销后不含您的身份信息',
    required: false,
  },
  { what: '服务工单、询价单的内容与附件', why: '客户服务、报价', feature: '服务工单、询价', kept: '注销即删除或去标识化', required: false },
  { what: '营销消息的同意与撤回记录', why: '只在您同意时发送优惠与活动消息', feature: '隐私设置', kept: '注销即删除', required: false },
  {
    what: 'Cookie 与访客标识',
    why: '保持登录、记住购物车',
    feature: '全站',
    kept: '会话 Cookie 关闭浏览器即失效；访客标识 1 年',
    required: true,
  },
];

export interface SharedRecipient {
  who: string;
  what: string;
  why: string;
  how: string;
}

export const SHARING_LIST: readonly SharedRecipient[] = [
  {
    who: '具备危险货物道路运输许可的承运商（按订单指派）',
    what: '收货人姓名、电话、地址，货物品名、UN 编号与数量',
    why: '危险货物道路运输与电子运单备案（《危险货物道路运输安全管理办法》）',
    how: '发货时通过承运商系统接口传输，只传该订单的信息',
  },
  {
    who: '微信支付（财付通支付科技有限公司）、支付宝（支付宝（中国）网络技术有限公司）',
    what: '订单号、金额',
    why: '完成在线支付',
    how: '支付时经支付机构接口传输；我们不接触您的银行卡信息',
  },
  {
    who: '短信服务商（经工业和信息化部许可的短信通道服务商）',
    what: '手机号、验证码或通知内容',
    why: '发送验证码与订单通知',
    how: '发送时经服务商接口传输，服务商不得另作他用',
  },
  {
    who: '税务机关的电子发票服务平台及我们委托的开票服务商',
    what: '发票抬头、税号、开票金额与商品明细',
    why: '开具发票（《发票管理办法》）',
    how: '开票时经开票接口传输',
  },
];

export const COLLECTION_PATH = '/privacy/collection';
export const SHARING_PATH = '/privacy/sharing';
/** The day the lists were last changed (shown on their pages). */
export const LISTS_UPDATED = '2026-11-27';
/** The privacy policy article (footer: /services/privacy/426) under which the lists are linked. */
export const PRIVACY_POLICY_ARTICLE = '426';
