/** Chrome data for on-demand pages, remembered for a minute so a page view costs no extra API calls. */
import { loadChrome } from './chrome.ts';
import { memoFor } from '../memo.ts';
import { api } from '../api/server.ts';

export const cachedChrome = memoFor(60_000, () => loadChrome(api));
