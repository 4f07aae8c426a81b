/** The `client:interaction` and `client:event` directives: islands that hydrate on intent and replay the first tap (src/directives/). */
import type { AstroIntegration } from 'astro';

export const lazyHydrationDirectives = (): AstroIntegration => ({
  name: 'lazy-hydration-directives',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({ name: 'interaction', entrypoint: './src/directives/interaction.ts' });
      addClientDirective({ name: 'event', entrypoint: './src/directives/event.ts' });
    },
  },
});
