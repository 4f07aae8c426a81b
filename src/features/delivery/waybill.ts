/**
 * The dangerous-goods road waybill (危险货物道路运输运单) of a shipment: the fields the regulation asks for, filled from the
 * catalogue's hazard data (UN number and hazard labels, src/features/hazmat and sandbox/seed/hazmat.ts).
 *
 * Sources (docs/delivery.md "Dangerous-goods waybill: sources" says what they rest on and what is still to be checked):
 * - 《危险货物道路运输安全管理办法》(交通运输部令2019年第29号) 第二十四条: the carrier makes a waybill for every shipment (it
 *   may be electronic) and keeps it at least 12 months; the fields follow the regulation's annexed form (托运人、承运人及其
 *   道路运输经营许可证号、收货人、UN 编号、正式运输名称、类别及项别、包装类别、件数及数量、车辆号牌、驾驶人员和押运人员的从业资格证号).
 * - JT/T 617.5-2018 (托运要求): the dangerous-goods description on the transport document reads “UN 编号 正式运输名称，类别
 *   （次要危险性），包装类别”, e.g. “UN1072 氧，压缩的，2.2（5.1）”; JT/T 617.3-2018 表A.1 gives the proper shipping names,
 *   and class 2 gases have no packing group.
 */
import type { DgLabel } from '#src/features/hazmat/segregation.ts';

/**
 * 正式运输名称 of the UN numbers the shop sells, as listed in JT/T 617.3-2018 表A.1 (the same entries as GB 12268-2012 and the
 * UN Model Regulations' Dangerous Goods List). A UN number missing here prints the goods' own name, so a new gas never
 * makes an empty waybill.
 */
export const PROPER_SHIPPING_NAME: Readonly<Record<string, string>> = {
  UN1001: '乙炔，溶解的',
  UN1005: '无水氨',
  UN1006: '氩，压缩的',
  UN1013: '二氧化碳',
  UN1017: '氯',
  UN1046: '氦，压缩的',
  UN1049: '氢，压缩的',
  UN1050: '氯化氢，无水的',
  UN1056: '氪，压缩的',
  UN1065: '氖，压缩的',
  UN1066: '氮，压缩的',
  UN1070: '一氧化二氮',
  UN1072: '氧，压缩的',
  UN1073: '氧，冷冻液体',
  UN1080: '六氟化硫',
  UN1951: '氩，冷冻液体',
  UN1956: '压缩气体，未另作规定的',
  UN1971: '甲烷，压缩的',
  UN1972: '甲烷，冷冻液体',
  UN1977: '氮，冷冻液体',
  UN1982: '四氟甲烷（制冷气体R14）',
  UN2036: '氙',
  UN2187: '二氧化碳，冷冻液体',
  UN2196: '六氟化钨',
  UN2203: '硅烷',
  UN2451: '三氟化氮',
};

/** A shipment line with the catalogue's hazard data. */
export interface HazardLine {
  goodsName: string;
  specs: string;
  num: number;
  /** E.g. UN1066; empty for goods that are not dangerous goods. */
  un: string;
  /** Hazard labels, primary class first as the catalogue lists them, e.g. ['2.2', '5.1']. */
  labels: readonly DgLabel[];
}

export interface WaybillGoods {
  un: string;
  properName: string;
  /** 类别及项别, e.g. 2.2. */
  hazardClass: string;
  /** 次要危险性, e.g. 5.1; empty when none. */
  subsidiary: string;
  /** 包装类别: none for class 2 gases (JT/T 617.3 表A.1). */
  packingGroup: string;
  cylinders: number;
  /** 数量: the cylinders times their size, e.g. 2 × 40L 钢瓶 15 MPa. */
  quantity: string;
  /** The JT/T 617.5 description line, e.g. UN1072 氧，压缩的，2.2（5.1）. */
  description: string;
}

/** The primary class is the 2.x division a gas carries (the label that decides its entry); the others are subsidiary risks. */
function classes(labels: readonly DgLabel[]): { hazardClass: string; subsidiary: string[] } {
  const primary = labels.find((l) => l.startsWith('2.')) ?? labels[0] ?? '';
  return { hazardClass: primary, subsidiary: labels.filter((l) => l !== primary) };
}

/** The waybill's goods rows: dangerous goods only (equipment and parts travel without an entry), by UN number. */
export function waybillGoods(lines: readonly HazardLine[]): WaybillGoods[] {
  return lines
    .filter((l) => l.un)
    .map((l) => {
      const { hazardClass, subsidiary } = classes(l.labels);
      const properName = PROPER_SHIPPING_NAME[l.un] ?? l.goodsName;
      // The shop sells gases only; another class would need its entry's packing group, which the catalogue does not hold.
      const packingGroup = hazardClass.startsWith('2') ? '' : '见 JT/T 617.3 表A.1';
      const risk = subsidiary.length ? `（${subsidiary.join('，')}）` : '';
      return {
        un: l.un,
        properName,
        hazardClass,
        subsidiary: subsidiary.join('，'),
        packingGroup,
        cylinders: l.num,
        quantity: `${l.num} × ${l.specs}`,
        description: `${l.un} ${properName}，${hazardClass}${risk}${packingGroup ? `，${packingGroup}` : ''}`,
      };
    });
}

/** A qualification certificate or ID shown to the consignee partly masked: first 4 and last 4 characters. */
export function maskCertificate(no: string): string {
  if (no.length <= 8) return `${no.slice(0, 2)}****`;
  return `${no.slice(0, 4)}${'*'.repeat(no.length - 8)}${no.slice(-4)}`;
}

/** The waybill number: the carrier's prefix, the shipping day and the order's shipment (unique per shipment). */
export const waybillNo = (day: string, orderId: number, n: number): string =>
  `YD${day.replaceAll('-', '')}${String(orderId).padStart(6, '0')}${String(n).padStart(2, '0')}`;
