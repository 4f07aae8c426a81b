/** Every endpoint of the contract by group: the proxy's allow-list and the contract test's checklist. */
import { auth } from './auth.ts';
import { cart } from './cart.ts';
import { certificates } from './certificates.ts';
import { catalog } from './catalog.ts';
import { common } from './common.ts';
import { company } from './company.ts';
import { compliance } from './compliance.ts';
import { content } from './content.ts';
import { credit } from './credit.ts';
import type { Endpoint } from './core.ts';
import { cylinders } from './cylinders.ts';
import { delivery } from './delivery.ts';
import { einvoice } from './einvoice.ts';
import { member } from './member.ts';
import { order } from './order.ts';
import { preview } from './preview.ts';
import { prices } from './prices.ts';
import { privacy } from './privacy.ts';
import { quick } from './quick.ts';
import { punchout } from './punchout.ts';
import { quotes } from './quotes.ts';
import { site } from './site.ts';
import { standing } from './standing.ts';
import { tanks } from './tanks.ts';

export const groups = {
  site,
  catalog,
  common,
  auth,
  content,
  cart,
  order,
  member,
  cylinders,
  certificates,
  quotes,
  company,
  compliance,
  privacy,
  standing,
  tanks,
  delivery,
  credit,
  preview,
  einvoice,
  prices,
  quick,
  punchout,
} as const;

export const allEndpoints: Endpoint[] = Object.values(groups).flatMap((g) => Object.values(g as Record<string, Endpoint>));
