/** Builds a sandbox backend with every domain installed; used by the HTTP server and by msw in unit tests. */
import { Sandbox } from './app.ts';
import { Db } from './db.ts';
import * as auth from './domains/auth.ts';
import * as cart from './domains/cart.ts';
import * as coa from './domains/coa.ts';
import * as catalog from './domains/catalog.ts';
import * as common from './domains/common.ts';
import * as company from './domains/company.ts';
import * as content from './domains/content.ts';
import * as clock from './domains/clock.ts';
import * as credit from './domains/credit.ts';
import * as cylinders from './domains/cylinders.ts';
import * as delivery from './domains/delivery.ts';
import * as einvoice from './domains/einvoice.ts';
import * as embed from './domains/embed.ts';
import * as hazmat from './domains/hazmat.ts';
import * as member from './domains/member.ts';
import * as notices from './domains/notices.ts';
import * as order from './domains/order.ts';
import * as preview from './domains/preview.ts';
import * as prices from './domains/prices.ts';
import * as punchout from './domains/punchout.ts';
import * as privacy from './domains/privacy.ts';
import * as quick from './domains/quick.ts';
import * as quotes from './domains/quotes.ts';
import * as site from './domains/site.ts';
import * as standing from './domains/standing.ts';
import * as tanks from './domains/tanks.ts';

export interface SandboxOptions {
  /** Folder of the SQLite database; null keeps it in memory. */
  dataDir: string | null;
  now?: () => number;
}

export function createSandbox(options: SandboxOptions): Sandbox {
  const sb = new Sandbox(new Db(options.dataDir), options.now);
  for (const domain of [site, catalog, common, auth, content, cart, order, member, embed, quotes, company, hazmat]) domain.install(sb);
  cylinders.install(sb);
  coa.install(sb);
  privacy.install(sb);
  // After the order domain (it orders through its create call) and the cylinder domain (its order.shipped listener runs first).
  standing.install(sb);
  // After the company domain (its order listeners set APPROVAL first) and before the tanks (which order on account).
  notices.install(sb);
  credit.install(sb);
  tanks.install(sb);
  // After hazmat (its order.creating stores the vehicles this domain's shipments follow) and the cylinder domain (serials at shipping).
  delivery.install(sb);
  preview.install(sb);
  einvoice.install(sb);
  // After auth, member and company: its seed adds the second company's account to theirs.
  prices.install(sb);
  // After prices: its seed adds a member to the second company's account.
  quick.install(sb);
  punchout.install(sb);
  // Last: its run-due runs every other domain's time-driven job.
  clock.install(sb);
  sb.hook('POST', '/reset', () => {
    sb.reset();
    sb.resetFaults();
    return { reset: true };
  });
  return sb;
}
