import type { Sample } from '../harness.ts';

export const samples: Sample[] = [];
