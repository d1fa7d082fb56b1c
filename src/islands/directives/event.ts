/**
 * `client:event="name"`: hydrates an island the first time `name` is dispatched on window.
 * For islands nobody needs until they ask (the cart drawer), so a page ships no React for them
 * until that moment. Whoever dispatches the event also sets the store the island reads (e.g.
 * `$cartDrawerOpen`), so the island opens in the right state as soon as it mounts.
 */
import type { ClientDirective } from 'astro';

const hydrateOnEvent: ClientDirective = (load, options) => {
  const name = typeof options.value === 'string' && options.value ? options.value : null;
  if (!name) return;
  const start = async () => {
    window.removeEventListener(name, start);
    const hydrate = await load();
    await hydrate();
  };
  window.addEventListener(name, start);
};

export default hydrateOnEvent;
