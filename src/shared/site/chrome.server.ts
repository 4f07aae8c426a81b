/** Chrome data for on-demand pages, remembered for a minute so a page view costs no extra API calls. */
import { loadChrome } from './chrome.ts';
import { memoFor } from '#src/shared/memo.ts';
import { api } from '#src/shared/api/server.ts';

export const cachedChrome = memoFor(60_000, () => loadChrome(api));
