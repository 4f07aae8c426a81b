/** The member centre: company information, addresses, invoices, coupons, points, after-sales, service tickets, favourites. */
import * as v from 'valibot';
import { endpoint } from './core.ts';

export const member = {};
void v;
void endpoint;
