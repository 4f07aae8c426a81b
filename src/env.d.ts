/// <reference types="astro/client" />

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates on the first hover, focus, touch or click (src/directives/interaction.ts). */
    'client:interaction'?: boolean | string;
    /** Hydrates the first time the named window event fires (src/directives/event.ts). */
    'client:event'?: string;
  }
}

declare namespace App {
  interface Locals {
    /** Display data of the member from the readable profile cookie; never a credential. */
    profile: import('./lib/session/profile.ts').Profile | null;
  }
}
