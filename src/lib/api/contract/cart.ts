/** The shopping cart: lines per shop, quantities, checks, totals and activities. */
import * as v from 'valibot';
import { endpoint } from './core.ts';

export const cart = {};
void v;
void endpoint;
