/**
 * The lightest read the header makes on every member page (the cart and unread badges): one number out of the API's envelope
 * `{ status, msg, data }`, without valibot or the API client, so a content page's boot script stays within its 6 KB budget
 * (docs/light-pages.md). The contract's schemas (contract/cart-total.ts, lib/session/unread.ts) still describe the full answer;
 * a badge needs only this one field, and anything else (a non-200, a missing or non-numeric field, a network error) is null.
 */
export async function peekNumber(url: string, field: string, fetcher: typeof fetch = fetch): Promise<number | null> {
  try {
    // Same-origin credentials are fetch's default: the session cookie goes along.
    const res = await fetcher(url, { headers: { accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as { status?: unknown; data?: Record<string, unknown> | null } | null;
    const value = body?.status === 200 ? body.data?.[field] : undefined;
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}
