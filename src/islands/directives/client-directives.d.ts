// An import makes this file a module, so the block below extends Astro's types instead of replacing them.
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate when this window event is first dispatched (./event.ts). */
    'client:event'?: string;
  }
}
