/** The member's cart shared by the header badge, the drop-down, the cart page and the add-to-cart buttons: every change goes to the server, whose answer (the whole cart) is shown, with unconfirmed wishes laid over it. */
import { atom, map } from 'nanostores';
import { browserApi } from '#src/shared/api/browser-api.ts';
import { handleApiError } from '#src/shared/api/api-errors.ts';
import { $cartCount } from './cart-count.ts';
import { openLogin } from '#src/shared/session/dialogs.ts';
import { $profile, signInWork } from '#src/shared/session/session.ts';
import { toast } from '#src/shared/ui/toast.ts';
import { ApiError } from '#src/shared/api/errors.ts';
import { cart, type CartList } from '#src/shared/api/contract/cart.ts';
import type { Endpoint, InputOf } from '#src/shared/api/contract/core.ts';
import { forgetAdd, rememberAdd, takePendingAdds } from './pending.ts';
import { AnswerOrder, KeyedQueue } from './queue.ts';
import { overlay, type Wish } from './view.ts';
import { confirmOrderUrl } from '#src/shared/http/routes.ts';

/** The cart as the screen shows it: the server's last answer with the wishes still on their way; null until loaded. */
export const $cart = atom<CartList | null>(null);
/** The server's msg of a failed change, per SKU, shown beside its line until the next change of that line. */
export const $cartErrors = map<Record<string, string | undefined>>({});

/** The last cart the server answered. */
let server: CartList | null = null;
const order = new AnswerOrder();
/** Absolute values per key: `num:<sku>`, `check:<sku>`, `shop:<id>`, `all`. */
const queue = new KeyedQueue<string, Wish>();

function render(): void {
  if (!server) return;
  $cart.set(
    overlay(
      server,
      queue.wishes().map((w) => w.value),
    ),
  );
  $cartCount.set(server.cartNum);
}

/** The page rendered the cart on the server: start from it unless an island already loaded a newer one. */
export function initCart(list: CartList): void {
  if (server) return;
  server = list;
  render();
}

type Silent = { silent?: boolean };

/** One request to the server, numbered so an older answer never replaces a newer one; reads the cart again when answers may have crossed. */
async function send<E extends Endpoint>(endpoint: E, input: InputOf<E> | undefined, { silent = true }: Silent = {}): Promise<CartList> {
  const seq = order.start();
  const read = (endpoint as Endpoint) === cart.list;
  let list: CartList;
  try {
    list = (await browserApi.call(endpoint, { input, silent })) as CartList;
  } catch (e) {
    settleAfter(order.finish(seq, false, read).settle);
    throw e;
  }
  const { show, settle } = order.finish(seq, true, read);
  if (show) {
    server = list;
    render();
  }
  settleAfter(settle);
  return list;
}

function settleAfter(settle: boolean): void {
  if (settle) void send(cart.list, undefined).catch(() => undefined);
}

/** Loads the cart (`/cart/list`). */
export async function loadCart(): Promise<void> {
  await send(cart.list, undefined);
}

/** Shows a failure: the server's msg beside the line, or the shop's general reaction (login expired, error page). */
function failed(e: unknown, skuId?: number): void {
  if (skuId !== undefined && e instanceof ApiError && e.kind === 'business' && !e.expired) $cartErrors.setKey(String(skuId), e.message);
  else handleApiError(e);
}

function clearError(skuId: number): void {
  if ($cartErrors.get()[String(skuId)] !== undefined) $cartErrors.setKey(String(skuId), undefined);
}

/** A typed quantity the shop refuses before asking the server (the contract's own message); the line keeps the server's value. */
export function rejectQuantity(skuId: number, msg: string): void {
  $cartErrors.setKey(String(skuId), msg);
}

/** Sends a wish through the per-key queue: shown at once, at most one request per key in flight, later wishes replace the waiting one. */
function wish(key: string, value: Wish, call: (w: Wish) => Promise<unknown>, skuId?: number): void {
  if (skuId !== undefined) clearError(skuId);
  const now = queue.want(key, value);
  render();
  if (now !== undefined) void run(key, now, call, skuId);
}

async function run(key: string, value: Wish, call: (w: Wish) => Promise<unknown>, skuId?: number): Promise<void> {
  try {
    await call(value);
  } catch (e) {
    queue.fail(key);
    render();
    failed(e, skuId);
    return;
  }
  const next = queue.done(key);
  if (next !== undefined) void run(key, next, call, skuId);
  render();
}

/** Sets a line's quantity (absolute). A failure puts the line back to the server's value with the server's msg beside it. */
export function setQuantity(skuId: number, num: number): void {
  wish(`num:${skuId}`, { kind: 'num', skuId, num }, (w) => send(cart.num, { sku_id: skuId, num: (w as { num: number }).num }), skuId);
}

export function checkLine(skuId: number, checked: 0 | 1): void {
  wish(
    `check:${skuId}`,
    { kind: 'check', skuId, checked },
    (w) => send(cart.check, { sku_id: skuId, checked: (w as { checked: 0 | 1 }).checked }),
    skuId,
  );
}

export function checkShop(shopId: number, checked: 0 | 1): void {
  wish(`shop:${shopId}`, { kind: 'checkShop', shopId, checked }, (w) =>
    send(cart.checkShop, { shop_id: shopId, checked: (w as { checked: 0 | 1 }).checked }),
  );
}

export function checkAll(checked: 0 | 1): void {
  wish('all', { kind: 'checkAll', checked }, (w) => send(cart.checkAll, { checked: (w as { checked: 0 | 1 }).checked }));
}

/** Runs a change that is not shown before the server answers; true when it succeeded. */
async function change<E extends Endpoint>(endpoint: E, input: InputOf<E> | undefined, success?: string): Promise<boolean> {
  try {
    await send(endpoint, input, { silent: false });
  } catch (e) {
    failed(e);
    return false;
  }
  if (success) toast.success(success);
  return true;
}

/** Deletes lines; a shop left empty disappears (docs/product.md §4). */
export const removeLines = (skuIds: number[]): Promise<boolean> => change(cart.del, { sku_ids: skuIds }, '删除成功！');
export const clearCart = (): Promise<boolean> => change(cart.clear, undefined, '购物车已清空');
export const changeActivity = (shopId: number, activityId: number): Promise<boolean> =>
  change(cart.activityChange, { shop_id: shopId, activity_id: activityId });
export const clearActivity = (shopId: number): Promise<boolean> => change(cart.activityClear, { shop_id: shopId });

/** Moves a line to the member's favourites: collects the goods, then deletes the line. */
export async function moveToFavourites(skuId: number, goodsId: number): Promise<boolean> {
  // The member contract is large; it loads only when this is used.
  const { member } = await import('#src/shared/api/contract/member.ts');
  try {
    await browserApi.call(member.collect, { input: { goodsId } });
  } catch (e) {
    failed(e);
    return false;
  }
  return change(cart.del, { sku_ids: [skuId] }, '已移入收藏');
}

const session = (): Storage | null => {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
};

/**
 * Adds `num` of a SKU to the cart and shows the new cart everywhere. A visitor is asked to sign in first; the add waits in
 * sessionStorage and the cart's reaction to the member completes it (below). Failures are toasted; it never rejects.
 */
export async function addToCart(skuId: number, num: number): Promise<void> {
  const store = session();
  // Remembered until the server answers: if the session turns out to be expired, the add completes after the new login.
  store && rememberAdd(store, skuId, num, Date.now());
  if (!$profile.get()) {
    openLogin();
    return;
  }
  try {
    await send(cart.add, { sku_id: skuId, num, way: 'CART' });
    store && forgetAdd(store, skuId);
    toast.success('已加入购物车');
  } catch (e) {
    if (!(e instanceof ApiError && e.expired)) store && forgetAdd(store, skuId);
    handleApiError(e);
  }
}

/** The buy-now line (the server keeps one, apart from the cart lines), which the confirm page reads with way=BUY_NOW. */
const setBuyNow = (skuId: number, num: number) => browserApi.call(cart.add, { input: { sku_id: skuId, num, way: 'BUY_NOW' } });

/**
 * 立即购买: sets the buy-now line and goes to the confirm page; a failure rejects (the caller's action shows it). A visitor is
 * asked to sign in first: the wish waits like an add, the cart's reaction to the member sets the line, and the login then goes
 * on to the confirm page.
 */
export async function buyNow(skuId: number, num: number): Promise<void> {
  if (!$profile.get()) {
    const store = session();
    store && rememberAdd(store, skuId, num, Date.now(), 'BUY_NOW');
    openLogin(confirmOrderUrl('BUY_NOW'));
    return;
  }
  await setBuyNow(skuId, num);
  location.assign(confirmOrderUrl('BUY_NOW'));
}

/** Completes what a visitor asked for before signing in (each wish taken out first, so it runs once): adds, then a buy-now. */
async function finishPendingAdds(): Promise<void> {
  const store = session();
  if (!store) return;
  for (const { skuId, num, way } of takePendingAdds(store, Date.now())) {
    if (way === 'CART') await addToCart(skuId, num);
    else await setBuyNow(skuId, num).catch(handleApiError);
  }
}

// The cart belongs to the member: it is forgotten when the member goes (logout, an expired session), and what a visitor
// asked for before signing in is completed as soon as a member is here (a login on this page, or a page loaded signed in,
// which loads this store when wishes wait: pending-wake.ts). This is the one place that completes them, and a login waits
// for it (signInWork) before the page moves on. Last in the module: `subscribe` calls at once, and what it calls
// (finishPendingAdds, session) must be defined by then.
$profile.subscribe((p) => {
  if (p) signInWork(finishPendingAdds());
  else if (server || $cart.get()) {
    server = null;
    $cart.set(null);
  }
});
