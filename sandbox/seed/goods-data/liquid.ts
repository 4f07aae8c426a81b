/** 液态大宗气体: liquid oxygen, nitrogen, argon, carbon dioxide and LNG by tanker, dewar or tank (goods 1043-1053). */
import { build, delivery, gas, hazard, intro, safety, type Draft } from './build.ts';

const cryo = (what: string, temp: string) =>
  `${what}温度约 ${temp}，接触皮肤会造成严重冻伤：操作时佩戴防冻手套、面罩与长袖工作服；杜瓦罐须直立运输和存放，严禁堵塞安全阀与放空口，储存场所保持通风。`;
const lox = (extra: { name: string; value: string }[]) =>
  gas('O₂', '7782-44-7', 'UN1073', hazard.oxidizing, [
    { name: '沸点', value: '−183 ℃（常压）' },
    { name: '液体密度', value: '约 1.14 kg/L' },
    ...extra,
  ]);
const ln2 = (extra: { name: string; value: string }[]) =>
  gas('N₂', '7727-37-9', 'UN1977', hazard.inert, [
    { name: '沸点', value: '−196 ℃（常压）' },
    { name: '液体密度', value: '约 0.81 kg/L' },
    ...extra,
  ]);
const lar = (extra: { name: string; value: string }[]) =>
  gas('Ar', '7440-37-1', 'UN1951', hazard.inert, [
    { name: '沸点', value: '−186 ℃（常压）' },
    { name: '液体密度', value: '约 1.39 kg/L' },
    ...extra,
  ]);
const lco2 = (extra: { name: string; value: string }[]) =>
  gas('CO₂', '124-38-9', 'UN2187', hazard.inert, [{ name: '储存状态', value: '约 −20 ℃、2.0 MPa 低温液体' }, ...extra]);
const lng = (extra: { name: string; value: string }[]) =>
  gas('以 CH₄ 为主', '8006-14-2', 'UN1972', hazard.flammable, [
    { name: '主要成分', value: '甲烷 ≥90%，含少量乙烷、丙烷' },
    { name: '沸点', value: '约 −162 ℃（常压）' },
    { name: '液体密度', value: '约 0.45 kg/L' },
    ...extra,
  ]);

const tankerTable = (gasPerTon: string) => ({
  head: ['项目', '说明'] as [string, string],
  rows: [
    ['计量方式', '地磅过磅，按实际卸液重量结算'],
    ['汽化后气量', gasPerTon],
    ['起送量', '10 吨，整车约 20 吨'],
  ] as [string, string][],
});

const drafts: Draft[] = [
  {
    id: 1043,
    name: '液氧 LOX 槽车配送',
    brief: '纯度 ≥99.6%，按吨结算，冶炼、医院与水处理储罐供氧',
    shop: 1,
    category: 301,
    images: ['tanker-lox', 'tank-lox', 'delivery'],
    intro: intro({
      lead: '液氧由自有空分装置生产，低温槽车直送客户储罐，经汽化器汽化后供气。适合每月用氧量在数吨以上的钢厂、有色冶炼、玻璃窑炉、医院中心供氧与污水处理厂。',
      uses: ['电炉炼钢、有色冶炼富氧燃烧', '医院中心供氧站（医用液氧另签质量协议）', '污水处理曝气与臭氧发生器氧源'],
      table: tankerTable('1 吨液氧约汽化为 700 Nm³ 氧气'),
      safety: `${cryo('液氧', '−183 ℃')}液氧为强氧化剂，储罐周边严禁油脂与可燃物，卸液区地面不得为沥青。`,
      delivery: delivery.liquid,
    }),
    params: lox([]),
    specs: ['纯度', '规格'],
    skus: [
      [['≥99.6%', '槽车整车（约 20 吨）'], 650, 400],
      [['≥99.6%', '槽车 10 吨起送'], 720, 300],
    ],
    unit: '吨',
    sales: 1820,
  },
  {
    id: 1044,
    name: '液氧 杜瓦罐装',
    brief: '175L/195L 焊接绝热气瓶，中小用户灵活供氧',
    shop: 1,
    category: 301,
    images: ['dewar-lox', 'label-o2', 'delivery'],
    intro: intro({
      lead: '杜瓦罐（焊接绝热气瓶）自带汽化盘管，可直接输出气态氧或液态氧，一罐相当于 20 余瓶 40L 钢瓶氧气，适合没有储罐的中小用户。',
      uses: ['中小型冶炼、铸造与玻璃加工', '水产养殖、活鱼运输增氧', '实验室与小型医院供氧'],
      table: {
        head: ['规格', '充装量（约）'],
        rows: [
          ['175L 杜瓦罐', '180 kg，约 126 Nm³ 气态氧'],
          ['195L 杜瓦罐', '200 kg，约 140 Nm³ 气态氧'],
        ],
      },
      safety: `${cryo('液氧', '−183 ℃')}杜瓦罐周边严禁油脂与可燃物。`,
      delivery: delivery.liquid,
    }),
    params: lox([{ name: '纯度', value: '≥99.6%' }]),
    specs: ['规格', '充装量'],
    skus: [
      [['175L 杜瓦罐', '约 180 kg'], 330, 80],
      [['195L 杜瓦罐', '约 200 kg'], 360, 60],
    ],
    unit: '罐',
    sales: 694,
  },
  {
    id: 1045,
    name: '液氮 LIN 槽车配送',
    brief: '纯度 ≥99.999%，按吨结算，储罐供气与深冷加工',
    shop: 1,
    category: 302,
    images: ['tanker-ln2', 'tank-ln2', 'delivery'],
    intro: intro({
      lead: '液氮由空分装置生产，纯度可达 99.999%，槽车直送客户储罐，汽化后作为高纯氮气使用，也可直接用于深冷加工、速冻与生物样本保存。',
      uses: ['电子、光伏、锂电工厂储罐供氮', '食品速冻、冷链运输', '金属深冷处理、橡胶冷冻粉碎', '生物样本库、细胞与精液冻存'],
      table: tankerTable('1 吨液氮约汽化为 800 Nm³ 氮气'),
      safety: cryo('液氮', '−196 ℃'),
      delivery: delivery.liquid,
    }),
    params: ln2([]),
    specs: ['纯度', '规格'],
    skus: [
      [['≥99.999%', '槽车整车（约 20 吨）'], 690, 600],
      [['≥99.999%', '槽车 10 吨起送'], 760, 400],
    ],
    unit: '吨',
    sales: 2640,
  },
  {
    id: 1046,
    name: '液氮 杜瓦罐装',
    brief: '175L/195L 杜瓦罐，实验室与小批量深冷用户',
    shop: 1,
    category: 302,
    images: ['dewar-ln2', 'label-n2', 'delivery'],
    intro: intro({
      lead: '杜瓦罐装液氮可输出液态或经自带汽化器输出气态氮，适合高校实验室、医院、小型激光切割与食品加工用户。空罐可由我司回收循环充装。',
      uses: ['高校与科研院所实验室', '液氮速冻冰淇淋、餐饮演示', '小型激光切割与热处理'],
      table: {
        head: ['规格', '充装量（约）'],
        rows: [
          ['175L 杜瓦罐', '130 kg，约 104 Nm³ 气态氮'],
          ['195L 杜瓦罐', '145 kg，约 116 Nm³ 气态氮'],
        ],
      },
      safety: cryo('液氮', '−196 ℃'),
      delivery: delivery.liquid,
    }),
    params: ln2([{ name: '纯度', value: '≥99.999%' }]),
    specs: ['规格', '充装量'],
    skus: [
      [['175L 杜瓦罐', '约 130 kg'], 300, 120],
      [['195L 杜瓦罐', '约 145 kg'], 330, 90],
    ],
    unit: '罐',
    sales: 1375,
  },
  {
    id: 1047,
    name: '液氮储罐 租赁供气',
    brief: '5～20 m³ 立式储罐含汽化器，按月租赁，液氮按吨另计',
    shop: 1,
    category: 302,
    images: ['tank-ln2', 'tanker-ln2', 'delivery'],
    intro: intro({
      lead: '为用气量稳定的工厂提供立式真空粉末绝热储罐、空温式汽化器与调压阀组的整套租赁，由我司负责安装、年检与维护，液氮由槽车定期补液，免去一次性设备投资。',
      uses: ['电子组装、回流焊与选择性波峰焊氮气保护', '锂电、光伏工厂氮气保护', '食品包装与制药'],
      table: {
        head: ['储罐容积', '推荐日用气量'],
        rows: [
          ['5 m³', '≤500 Nm³/天'],
          ['10 m³', '500～1500 Nm³/天'],
          ['20 m³', '1500～3000 Nm³/天'],
        ],
      },
      safety: `${cryo('液氮', '−196 ℃')}储罐基础、安全间距与围栏按我司现场勘察方案施工。`,
      delivery: `签约后 15 个工作日内完成储罐就位、安装与验收，租期 12 个月起。${delivery.liquid}`,
    }),
    params: ln2([{ name: '储罐形式', value: '立式真空粉末绝热储罐，含空温式汽化器' }]),
    specs: ['储罐容积', '方式'],
    skus: [
      [['5 m³', '租赁（12 个月起租）'], 3800, 10],
      [['10 m³', '租赁（12 个月起租）'], 5200, 8],
      [['20 m³', '租赁（12 个月起租）'], 7800, 4],
    ],
    unit: '月',
    sales: 58,
  },
  {
    id: 1048,
    name: '液氩 LAR 槽车配送',
    brief: '纯度 ≥99.999%，按吨结算，焊接与冶炼大用户',
    shop: 1,
    category: 303,
    images: ['tanker-lar', 'tank-lar', 'delivery'],
    intro: intro({
      lead: '液氩槽车直送客户储罐，汽化后即为高纯氩气，适用于大规模焊接、钢厂吹氩、单晶硅拉制与 3D 打印等用氩大户，较瓶装氩气成本显著降低。',
      uses: ['光伏单晶炉、半导体晶体生长', '炼钢炉外精炼吹氩', '汽车与工程机械焊接车间集中供气'],
      table: tankerTable('1 吨液氩约汽化为 560 Nm³ 氩气'),
      safety: cryo('液氩', '−186 ℃'),
      delivery: delivery.liquid,
    }),
    params: lar([]),
    specs: ['纯度', '规格'],
    skus: [
      [['≥99.999%', '槽车整车（约 20 吨）'], 1280, 200],
      [['≥99.999%', '槽车 10 吨起送'], 1380, 150],
    ],
    unit: '吨',
    sales: 905,
  },
  {
    id: 1049,
    name: '液氩 杜瓦罐装',
    brief: '175L/195L 杜瓦罐，一罐顶 20 余瓶氩气',
    shop: 1,
    category: 303,
    images: ['dewar-lar', 'label-ar', 'delivery'],
    intro: intro({
      lead: '液氩杜瓦罐经自带汽化器稳定输出氩气，适合焊接车间、机加工厂和实验室，换罐次数少、余气浪费小。',
      uses: ['氩弧焊、机器人焊接工位集中供气', 'ICP 光谱实验室', '金属 3D 打印保护气'],
      table: {
        head: ['规格', '充装量（约）'],
        rows: [
          ['175L 杜瓦罐', '220 kg，约 123 Nm³ 气态氩'],
          ['195L 杜瓦罐', '245 kg，约 137 Nm³ 气态氩'],
        ],
      },
      safety: cryo('液氩', '−186 ℃'),
      delivery: delivery.liquid,
    }),
    params: lar([{ name: '纯度', value: '≥99.999%' }]),
    specs: ['规格', '充装量'],
    skus: [
      [['175L 杜瓦罐', '约 220 kg'], 720, 70],
      [['195L 杜瓦罐', '约 245 kg'], 790, 0],
    ],
    unit: '罐',
    sales: 612,
  },
  {
    id: 1050,
    name: '液态二氧化碳 槽车配送',
    brief: '工业级 ≥99.5% / 食品级 ≥99.9%，按吨结算',
    shop: 1,
    category: 304,
    images: ['tanker-lco2', 'tank-lco2', 'delivery'],
    intro: intro({
      lead: '低温液态二氧化碳以约 −20 ℃、2.0 MPa 状态储运，槽车直送客户低温储罐。食品级产品符合 GB 1886.228，可用于饮料与啤酒生产线。',
      uses: ['饮料、啤酒厂碳酸化', '焊接车间集中供气', '干冰生产、大棚气肥与污水 pH 调节'],
      table: tankerTable('1 吨液态二氧化碳约汽化为 506 Nm³ 气体'),
      safety: '低温液体与高压气体：卸液软管须排尽余液后再拆卸，储罐区保持通风并设置二氧化碳浓度报警，防止地坑、地下室聚积致人窒息。',
      delivery: delivery.liquid,
    }),
    params: lco2([]),
    specs: ['纯度', '规格'],
    skus: [
      [['工业级 ≥99.5%', '槽车 10 吨起送'], 480, 500],
      [['食品级 ≥99.9%', '槽车 10 吨起送'], 620, 300],
    ],
    unit: '吨',
    sales: 1133,
  },
  {
    id: 1051,
    name: '液态二氧化碳 杜瓦罐装',
    brief: '175L/195L 中压杜瓦罐，焊接与饮料门店集中供气',
    shop: 1,
    category: 304,
    images: ['dewar-lco2', 'label-co2', 'delivery'],
    intro: intro({
      lead: '二氧化碳杜瓦罐采用 2.3 MPa 中压焊接绝热气瓶，一罐约等于 7 瓶 40L 钢瓶，供气压力稳定、不结霜，适合焊接车间和饮料连锁门店。',
      uses: ['焊接车间二保焊集中供气', '饮料店、餐饮连锁碳酸化', '温室气肥'],
      table: {
        head: ['规格', '充装量（约）'],
        rows: [
          ['175L 杜瓦罐', '160 kg'],
          ['195L 杜瓦罐', '180 kg'],
        ],
      },
      safety: '杜瓦罐须直立存放于通风处，严禁堵塞安全阀；地下室、冷库内使用须设置二氧化碳浓度报警。',
      delivery: delivery.liquid,
    }),
    params: lco2([{ name: '纯度', value: '≥99.9%（食品级）' }]),
    specs: ['规格', '充装量'],
    skus: [
      [['175L 杜瓦罐', '约 160 kg'], 260, 100],
      [['195L 杜瓦罐', '约 180 kg'], 290, 70],
    ],
    unit: '罐',
    sales: 488,
  },
  {
    id: 1052,
    name: '液化天然气 LNG 槽车配送',
    brief: '甲烷 ≥90%，按吨结算，工业窑炉与点供气化站',
    shop: 1,
    category: 305,
    images: ['tanker-lng', 'tank-lng', 'delivery'],
    intro: intro({
      lead: '液化天然气由接收站或液化工厂装车，槽车配送至客户气化站，汽化调压后用于工业窑炉、锅炉与园区供气，是管网未覆盖地区的清洁燃料。',
      uses: ['陶瓷、玻璃、铝型材工业窑炉', '燃气锅炉与园区点供气化站', '城镇燃气调峰与应急保供'],
      table: tankerTable('1 吨 LNG 约汽化为 1400 Nm³ 天然气'),
      safety: `${cryo('液化天然气', '−162 ℃')}${safety.flammable}`,
      delivery: `${delivery.liquid}客户气化站须取得燃气经营或使用相关审批手续。`,
    }),
    params: lng([]),
    specs: ['规格'],
    skus: [
      [['槽车整车（约 20 吨）'], 4980, 300],
      [['槽车 10 吨起送'], 5180, 200],
    ],
    unit: '吨',
    sales: 766,
  },
  {
    id: 1053,
    name: 'LNG 杜瓦瓶 点供',
    brief: '175L/450L 杜瓦瓶装 LNG，餐饮与小型工业用户',
    shop: 1,
    category: 305,
    images: ['dewar-lng', 'tank-lng', 'delivery'],
    intro: intro({
      lead: 'LNG 杜瓦瓶配合小型汽化调压撬，为食堂、餐饮、小型锅炉等用户提供管道天然气替代方案，按瓶配送，空瓶回收。',
      uses: ['学校、工厂食堂与餐饮', '小型燃气锅炉与烘干设备', '临时工地与活动供气'],
      table: {
        head: ['规格', '充装量（约）'],
        rows: [
          ['175L 杜瓦瓶', '70 kg，约 98 Nm³ 天然气'],
          ['450L 杜瓦瓶', '180 kg，约 250 Nm³ 天然气'],
        ],
      },
      safety: `${cryo('液化天然气', '−162 ℃')}${safety.flammable}`,
      delivery: delivery.liquid,
    }),
    params: lng([]),
    specs: ['规格', '充装量'],
    skus: [
      [['175L 杜瓦瓶', '约 70 kg'], 520, 60],
      [['450L 杜瓦瓶', '约 180 kg'], 1280, 30],
    ],
    unit: '瓶',
    sales: 342,
  },
];

export const liquidGoods = drafts.map(build);
