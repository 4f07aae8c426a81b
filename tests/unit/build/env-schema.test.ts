import { envField } from 'astro/config';
import { expect, it } from 'vitest';
import { ENV_SCHEMA } from '#build/env-schema.ts';

// The schema is written without astro/config (the server would load it at start): its fields must stay what envField makes.
it('holds the fields astro/config envField makes', () => {
  for (const [name, field] of Object.entries(ENV_SCHEMA)) {
    const { type, ...options } = field;
    const made =
      type === 'string'
        ? envField.string(options as Parameters<typeof envField.string>[0])
        : envField.number(options as Parameters<typeof envField.number>[0]);
    expect(made, name).toEqual(field);
  }
});
