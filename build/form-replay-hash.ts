/**
 * The CSP hash of React's form-replay script. React writes it inline after a server-rendered form whose action is a
 * function (every island form submits as a React form action, src/shared/ui/Form.tsx): before hydration it holds a submit
 * and React replays it once the island runs. The hash-based CSP would block it, and the blocked script is a console error
 * on every page with a form, so the config adds its hash. It is taken from React's own output, so a React upgrade that
 * changes the script changes the hash with it.
 */
import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

export function formReplayHash(): `sha256-${string}` {
  const html = renderToStaticMarkup(createElement('form', { action: () => undefined }));
  const script = /<script>([^<]+)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error('React wrote no form-replay script after a form with a function action: see build/form-replay-hash.ts');
  return `sha256-${createHash('sha256').update(script).digest('base64')}`;
}
