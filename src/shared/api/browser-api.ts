/** The client islands call the backend with: each call shows the loading overlay unless it is marked silent (docs/product.md §7). */
import { createBrowserApi } from './browser.ts';
import { track } from '#src/shared/ui/loading.ts';

export const browserApi = createBrowserApi((call, options) => track(call, { silent: options.silent }));
