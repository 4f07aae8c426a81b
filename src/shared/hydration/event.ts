/** `client:event="name"`: hydrate an island the first time a window event of that name fires (toasts, the loading overlay), so nothing loads before it is needed. */
import type { ClientDirective } from 'astro';

const onEvent: ClientDirective = (load, options) => {
  const name = String(options.value);
  const start = async () => {
    window.removeEventListener(name, start);
    const hydrate = await load();
    await hydrate();
  };
  window.addEventListener(name, start);
};

export default onEvent;
