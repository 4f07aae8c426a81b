/** Shared services: regions of China to town level, city list, upload. */
import * as v from 'valibot';
import { endpoint } from './core.ts';

export const common = {};
void v;
void endpoint;
