/** Accounts and sessions: captcha, SMS codes, login, token refresh, register, password reset, user info, privacy consent, protocols. */
import * as v from 'valibot';
import { endpoint } from './core.ts';

export const auth = {};
void v;
void endpoint;
