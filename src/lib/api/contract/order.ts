/** Orders: confirm, create, list and detail, status transitions, payment by QR code. */
import * as v from 'valibot';
import { endpoint } from './core.ts';

export const order = {};
void v;
void endpoint;
