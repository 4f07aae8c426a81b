/** What a contract sample may use: clients as guest or member, raw sandbox calls and the sandbox itself. */
import type { Api, CallOptions } from '#src/shared/api/client.ts';
import type { DataOf, Endpoint } from '#src/shared/api/contract/core.ts';
import type { Sandbox } from '#sandbox/app.ts';

export type Who = 'guest' | 'member' | 'member2';

export interface Harness {
  /** The real API client as a guest, the demo member 13800138000 (company info uploaded) or 13900139000 (none). */
  client(who?: Who): Promise<Api>;
  raw(path: string, init?: RequestInit): Promise<{ http: number; body: { status: number; msg: string; data: unknown } }>;
  sandbox(): Sandbox;
}

/** One sample call of an endpoint; the contract test runs it and parses the answer with the endpoint's schema. */
export interface Sample<E extends Endpoint = Endpoint> {
  endpoint: E;
  as?: Who;
  /** Builds the call's params and input, preparing state through the harness first when needed. */
  prepare?: (h: Harness) => Promise<CallOptions<E>> | CallOptions<E>;
  /** For an endpoint that answers a file instead of a JSON envelope: the content type it must answer with. */
  file?: string;
  /** Checks on the data beyond its schema. */
  check?: (data: DataOf<E>) => void;
}

/** Keeps each sample's endpoint type for its prepare and check. */
export const sample = <E extends Endpoint>(s: Sample<E>): Sample => s as unknown as Sample;
