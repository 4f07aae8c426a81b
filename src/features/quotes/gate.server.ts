/** Whether the quote feature is on for this request: view control's `quote_part`, asked per request so switching it off hides the pages at once. */
import { site, type ViewControl } from '#src/shared/api/contract/site.ts';
import { api } from '#src/shared/api/server.ts';
import { featureShown } from '#src/shared/view-control.ts';

export async function quotesShown(): Promise<boolean> {
  const views = await api.call(site.viewControl).catch((): ViewControl[] => []);
  return featureShown(views, 'quote_part');
}
