/** The shops that sell on the storefront: the self-operated flagship and three partner shops. */
import type { Shop } from '#src/shared/api/contract/catalog.ts';

/** `goodsCount` is filled in by `goods.ts` from the catalogue, so it always agrees with the goods list. */
export const shopSeeds: Omit<Shop, 'goodsCount'>[] = [
  {
    id: 1,
    shopName: '华气云商自营旗舰店',
    logo: '/images/shops/1.svg',
    intro: '品牌自营，华东、华北、华南多座充装厂与空分装置就近供气，瓶装、液态与医用食品气体一站采购，24 小时应急保供。',
    selfOperated: true,
  },
  {
    id: 2,
    shopName: '晶准特种气体专营店',
    logo: '/images/shops/2.svg',
    intro: '专注电子特气、标准气体与稀有气体，CNAS 认可实验室称量法配气，批次分析报告随货提供，支持小批量定制配比。',
    selfOperated: false,
  },
  {
    id: 3,
    shopName: '安固气瓶阀门专营店',
    logo: '/images/shops/3.svg',
    intro: '气瓶、焊接绝热气瓶、集装格、减压器、汇流排与管阀件，持特种设备制造许可证，出厂逐台检验，提供选型与安装指导。',
    selfOperated: false,
  },
  {
    id: 4,
    shopName: '清源现场制气设备专营店',
    logo: '/images/shops/4.svg',
    intro: '变压吸附制氮制氧、膜分离制氮与电解水制氢装置，方案设计、安装调试、远程监控与驻场运维一体化服务，支持购买与租赁。',
    selfOperated: false,
  },
];
