/** Home opened with `?uuid=`: adopts that visitor uuid and reloads home without it (src/features/shell/home-uuid.ts). Loaded by the boot script only for such a visit. */
import { cookieString } from '#src/boot/readable-cookies.ts';
import { CONNECT_UUID_KEY, VISITOR_COOKIE, VISITOR_MAX_AGE_S } from '#src/boot/chrome-rules.ts';
import { homeUuidAction } from '#src/features/shell/home-uuid.ts';

const adopt = homeUuidAction(new URL(location.href));
if (adopt) {
  document.cookie = cookieString(VISITOR_COOKIE, adopt.store, { maxAgeSeconds: VISITOR_MAX_AGE_S }, location.protocol === 'https:');
  localStorage.removeItem(CONNECT_UUID_KEY);
  location.replace(adopt.reloadTo);
}
