/** The `client:interaction` and `client:event` directives: islands that hydrate on intent and replay the first tap (src/shared/hydration/). */
import type { AstroIntegration } from 'astro';

export const lazyHydrationDirectives = (): AstroIntegration => ({
  name: 'lazy-hydration-directives',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'interaction', entrypoint: './src/shared/hydration/interaction.ts' });
      addClientDirective({ name: 'event', entrypoint: './src/shared/hydration/event.ts' });
    },
  },
});
