/// <reference types="astro/client" />
import type { Profile } from '#src/boot/profile.ts';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrates on the first hover, focus, touch or click, replaying the tap that woke it (src/shared/hydration/interaction.ts); a
     * string names an ancestor to watch, or is `engaged`: also once the reader uses the page while the island is on screen.
     */
    'client:interaction'?: boolean | string;
    /** Hydrates the first time the named window event fires (src/shared/hydration/event.ts). */
    'client:event'?: string;
  }
}

declare global {
  namespace App {
    interface Locals {
      /** Display data of the member from the readable profile cookie; never a credential. */
      profile: Profile | null;
      /** The browser's punchout session (docs/punchout.md), or null. */
      punchout: import('#src/features/punchout/session.server.ts').PunchoutView | null;
    }
  }
}
