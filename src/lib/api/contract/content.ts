/** Knowledge and company content: gas encyclopedia, application cases, news, community, service and policy articles, comments and likes. */
import * as v from 'valibot';
import { endpoint } from './core.ts';

export const content = {};
void v;
void endpoint;
