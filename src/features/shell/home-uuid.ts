/**
 * What home does with `?uuid=` (docs/product.md §4): store it as the visitor uuid, clear the connect uuid, reload home without
 * the query. A module of its own, apart from chrome-rules.ts (which the boot script carries on every page): only a visit to
 * home with such a query loads it (src/boot/lazy/adopt-uuid.ts).
 */

const UUID = /^[A-Za-z0-9-]{8,64}$/;

export function homeUuidAction(url: URL): { store: string; reloadTo: string } | null {
  if (url.pathname !== '/') return null;
  const uuid = url.searchParams.get('uuid');
  if (!uuid || !UUID.test(uuid)) return null;
  const rest = new URLSearchParams(url.searchParams);
  rest.delete('uuid');
  const query = rest.toString();
  return { store: uuid, reloadTo: query ? `/?${query}` : '/' };
}
