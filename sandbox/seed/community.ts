/** Community posts of members and the seeded comments and replies on posts, cases and news. */
import type { Comment, PostDetail } from '#src/shared/api/contract/content.ts';

/** What a comment is on; the kinds share one comment store. */
export type CommentKind = 'case' | 'news' | 'community';

/** A stored comment; `name` is already masked when stored, so no full phone is kept with it. */
export type CommentRecord = Comment & { kind: CommentKind };

/** A stored post; `likes` is the count before any member of the sandbox liked it. */
export type PostRecord = Omit<PostDetail, 'comments' | 'liked'>;

export const posts: PostRecord[] = [
  {
    id: 1,
    uid: 1001,
    name: '139****5821',
    title: '色谱仪换了新氮气瓶后基线一直漂，大家怎么处理的？',
    summary: '换瓶后 FID 基线漂移两个多小时才稳定，是气的问题还是操作的问题？',
    content:
      '实验室用的是 5N 氮气做载气，上周换了一瓶新的，开机后 FID 基线漂移了两个多小时才稳定。之前换瓶没这么久。想问下大家：\n1. 换瓶时需要怎么吹扫减压器？\n2. 有必要加脱氧管吗？\n谢谢！',
    createdAt: '2025-11-12 15:20:00',
    views: 486,
    likes: 12,
  },
  {
    id: 2,
    uid: 1002,
    name: '王**',
    title: '分享：我们实验室的气瓶间改造经验',
    summary: '从实验室内放气瓶到室外集中供气，踩过的坑和几点建议。',
    content:
      '去年学院把所有气瓶从实验室搬到了楼外的气瓶间，集中供气。几点体会：\n- 管道一定用不锈钢，别省这个钱；\n- 氢气单独隔间，报警和切断要联动；\n- 汇流排选自动切换的，夜里断气太痛苦了；\n- 每路管道挂标识牌，后期维护方便很多。\n欢迎交流。',
    createdAt: '2025-12-03 10:05:00',
    views: 732,
    likes: 35,
  },
  {
    id: 3,
    uid: 1003,
    name: '186****0375',
    title: 'CEMS 的 NO 标准气用了半年浓度偏低，正常吗？',
    summary: '证书有效期一年，半年后比对发现偏低约 4%。',
    content:
      '我们的 NO/N₂ 标准气（50 ppm 左右）用了半年，和新瓶比对偏低了大约 4%。瓶压还有 5 MPa 左右。是不是减压器的问题？还是 NO 本身就不稳定？',
    createdAt: '2026-01-06 09:40:00',
    views: 318,
    likes: 7,
  },
  {
    id: 4,
    uid: 1004,
    name: '李**',
    title: '冬天 CO₂ 焊接减压器结霜，加热表到底有没有用？',
    summary: '车间没暖气，CO₂ 焊一会儿减压器就结霜，流量不稳。',
    content: '车间冬天很冷，CO₂ 气保焊连续焊一会儿减压器就结霜，流量忽大忽小。听说有带加热的 CO₂ 表，效果怎么样？多瓶并联是不是更好？',
    createdAt: '2026-01-20 14:30:00',
    views: 264,
    likes: 5,
  },
  {
    id: 5,
    uid: 1005,
    name: '137****2260',
    title: '液氮罐放在办公室旁边的小房间里安全吗？',
    summary: '房间没有窗户，只有一个门，放了两个 175 L 的杜瓦罐。',
    content: '公司把两个 175 L 液氮杜瓦罐放在办公室旁边一个没窗户的小房间里，我有点担心。需要装什么报警器吗？',
    createdAt: '2026-02-28 11:15:00',
    views: 195,
    likes: 9,
  },
];

const reply = (id: number, commentId: number, uid: number, name: string, content: string, createdAt: string) => ({
  id,
  commentId,
  uid,
  name,
  content,
  createdAt,
});

export const comments: CommentRecord[] = [
  {
    id: 1,
    kind: 'community',
    targetId: 1,
    uid: 1002,
    name: '王**',
    content: '换瓶前先关仪器的载气，减压器装好后开瓶阀充压、再关瓶阀从出口排气，反复三到五次，基线会稳得快很多。',
    createdAt: '2025-11-12 16:02:00',
    replies: [
      reply(1, 1, 1001, '139****5821', '试了一下确实好很多，谢谢！', '2025-11-13 09:10:00'),
      reply(2, 1, 9001, '华气云商技术支持', '补充一点：ECD 或痕量分析建议在仪器前加脱氧脱水净化器，并定期更换。', '2025-11-13 10:30:00'),
    ],
  },
  {
    id: 2,
    kind: 'community',
    targetId: 2,
    uid: 1006,
    name: '158****7719',
    content: '请问自动切换汇流排切换压力一般设多少？',
    createdAt: '2025-12-04 08:45:00',
    replies: [reply(3, 2, 1002, '王**', '我们设的 1 MPa 左右切换，具体看用气压力和流量。', '2025-12-04 09:20:00')],
  },
  {
    id: 3,
    kind: 'community',
    targetId: 3,
    uid: 9001,
    name: '华气云商技术支持',
    content:
      '低浓度 NO 对减压器和管路的吸附比较敏感。建议确认减压器是不锈钢材质，使用前充分吹扫，不用时卸压。如果吹扫后仍偏低，可以联系我们复检。',
    createdAt: '2026-01-06 11:00:00',
    replies: [],
  },
  {
    id: 4,
    kind: 'community',
    targetId: 5,
    uid: 1007,
    name: '张**',
    content: '一定要装氧含量报警器，最好和排风联动。没窗户的小房间液氮挥发起来很危险。',
    createdAt: '2026-02-28 13:00:00',
    replies: [],
  },
  {
    id: 5,
    kind: 'case',
    targetId: 1,
    uid: 1008,
    name: '135****4402',
    content: '我们学校也在规划集中供气，请问气瓶间离实验楼距离有什么要求？',
    createdAt: '2025-03-20 10:12:00',
    replies: [
      reply(
        4,
        5,
        9001,
        '华气云商技术支持',
        '需要结合气体种类和数量按相关防火规范确定，欢迎提交工单，我们安排工程师现场勘查。',
        '2025-03-20 14:00:00',
      ),
    ],
  },
  {
    id: 6,
    kind: 'case',
    targetId: 14,
    uid: 1004,
    name: '李**',
    content: '现场混配的比例稳定性怎么样？机器人焊对混合比挺敏感的。',
    createdAt: '2025-07-25 16:40:00',
    replies: [],
  },
  {
    id: 7,
    kind: 'news',
    targetId: 7,
    uid: 1006,
    name: '158****7719',
    content: '总结得很清楚，转给我们安全员了。',
    createdAt: '2025-10-16 09:05:00',
    replies: [],
  },
  {
    id: 8,
    kind: 'news',
    targetId: 8,
    uid: 1001,
    name: '139****5821',
    content: '我们的 GC-MS 已经换成氢气载气了，灵敏度略有下降，但可以接受。',
    createdAt: '2025-08-13 11:30:00',
    replies: [reply(5, 8, 1003, '186****0375', '请问换氢气后离子源需要特别维护吗？', '2025-08-13 15:02:00')],
  },
];
