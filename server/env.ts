/**
 * The environment as the Node-side programs read it (the server, the publisher's warm renderer): the same schema astro:env
 * validates (build/env-schema.ts), so a variable's default and checks are written once. A value that fails its check stops the
 * program with the variable's name, as astro:env does at build; an unset or empty variable takes its default.
 */
import { ENV_SCHEMA, type EnvName } from '#build/env-schema.ts';
import { API_BASES, type ApiBase } from '#src/shared/api/contract/core.ts';

type Env = Readonly<Record<string, string | undefined>>;
type NameOf<T extends 'string' | 'number'> = { [K in EnvName]: (typeof ENV_SCHEMA)[K]['type'] extends T ? K : never }[EnvName];

const given = (env: Env, name: string): string | undefined => (env[name] === '' ? undefined : env[name]);

/** A string variable, checked as a URL where the schema says so. */
export function envString(name: NameOf<'string'>, env: Env = process.env): string {
  const field = ENV_SCHEMA[name];
  const value = given(env, name) ?? field.default;
  if (value === undefined) throw new Error(`${name} is not set`);
  if (field.url && !URL.canParse(value)) throw new Error(`${name} is not a URL: ${value}`);
  return value;
}

/** A number variable, checked for integer and bounds as the schema says. */
export function envNumber(name: NameOf<'number'>, env: Env = process.env): number {
  const field = ENV_SCHEMA[name];
  const text = given(env, name);
  const value = text === undefined ? field.default : Number(text);
  if (value === undefined) throw new Error(`${name} is not set`);
  const fails =
    Number.isNaN(value) ||
    (field.int && !Number.isInteger(value)) ||
    (field.gt !== undefined && value <= field.gt) ||
    (field.gte !== undefined && value < field.gte);
  if (fails) throw new Error(`${name} is not a valid number for the schema (build/env-schema.ts): ${text}`);
  return value;
}

/** The five API bases, API_BASE_BUYER ... API_BASE_ADMIN. */
export const apiBasesOf = (env: Env = process.env): Record<ApiBase, string> =>
  Object.fromEntries(API_BASES.map((b) => [b, envString(`API_BASE_${b.toUpperCase()}` as NameOf<'string'>, env)])) as Record<
    ApiBase,
    string
  >;
