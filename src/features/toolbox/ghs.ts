/** Chinese names of the GHS hazard pictograms (GB 30000.1 / UN GHS Annex 3). */
import type { Pictogram } from '#src/shared/api/contract/content.ts';

export const GHS_NAMES: Record<Pictogram, string> = {
  GHS01: '爆炸物',
  GHS02: '易燃',
  GHS03: '氧化性',
  GHS04: '加压气体',
  GHS05: '腐蚀性',
  GHS06: '急性毒性',
  GHS07: '有害',
  GHS08: '健康危害',
  GHS09: '环境危害',
};
