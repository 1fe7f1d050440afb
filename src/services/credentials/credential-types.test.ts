import { describe, expect, it } from 'vitest';
import { PLAIN_FIELDS, SECRET_FIELDS } from '../../http/schemas/credential.js';
import { CREDENTIAL_TYPE_NAMES, CREDENTIAL_TYPES, exposedValue, isSecretField } from './credential-types.js';
import { parseNewValues } from './credential-values.js';
import { EXPOSED, INVALID_VALUES, VALID_VALUES } from './test-support/type-examples.js';

/** Design 10's table: type -> secret fields, in the listed order. */
const DESIGN_SECRETS: Record<string, string[]> = {
  openai: ['api_key'],
  anthropic: ['api_key'],
  google: ['api_key'],
  decision_model: ['api_key'],
  model_router: [],
  coding_runner: ['access_token', 'oauth', 'code_hosting_token'],
  code_hosting: ['token'],
  bearer: ['token'],
  header: ['header_value'],
  telegram: ['bot_token', 'secret_token'],
  discord: [],
  discord_webhook: ['webhook_url'],
  slack_webhook: ['webhook_url'],
  slack: ['api_token', 'signing_secret', 'webhook_url'],
  imap: ['password'],
  smtp: ['password'],
  redis: ['url'],
  qdrant: ['url', 'api_key'],
  pgvector: ['url', 'api_key'],
  google_sheets: ['client_secret', 'refresh_token'],
  google_drive: ['client_secret', 'refresh_token'],
  bigquery: ['client_secret', 'refresh_token'],
  object_storage: ['secret_key'],
  amqp: ['url'],
  notion: ['api_token', 'access_token'],
  sentry: ['auth_token'],
  issue_tracker: ['api_token'],
};

describe('credential type registry', () => {
  it('covers every type of design 10 exactly once', () => {
    expect([...CREDENTIAL_TYPE_NAMES].sort()).toEqual(Object.keys(DESIGN_SECRETS).sort());
  });

  it.each(CREDENTIAL_TYPE_NAMES)('%s marks the secrets of the design table', (type) => {
    expect(CREDENTIAL_TYPES[type].secrets).toEqual(DESIGN_SECRETS[type]);
    for (const field of CREDENTIAL_TYPES[type].fields)
      expect(isSecretField(type, field)).toBe(DESIGN_SECRETS[type]!.includes(field));
  });

  it('never uses one field name as a secret in one type and plain in another', () => {
    expect(SECRET_FIELDS.filter((field) => PLAIN_FIELDS.includes(field))).toEqual([]);
  });
});

describe('values per type', () => {
  it.each(CREDENTIAL_TYPE_NAMES)('accepts the valid example of %s', (type) => {
    expect(parseNewValues(type, VALID_VALUES[type])).toEqual(VALID_VALUES[type]);
  });

  it.each(INVALID_VALUES)('refuses %s %j', (type, values, paths) => {
    let caught: any;
    try {
      parseNewValues(type, values);
    } catch (error) {
      caught = error;
    }
    expect(caught?.code).toBe('validation_failed');
    expect(caught.errors.map((error: { path: string }) => error.path).sort()).toEqual([...paths].sort());
  });

  it('every type has at least one invalid example', () => {
    const covered = new Set(INVALID_VALUES.map(([type]) => type));
    expect(CREDENTIAL_TYPE_NAMES.filter((type) => !covered.has(type))).toEqual([]);
  });

  it('drops blank optional fields and keeps the type order', () => {
    const values = parseNewValues('openai', { base_url: '', api_key: 'sk-0123456789' });
    expect(values).toEqual({ api_key: 'sk-0123456789' });
    expect(Object.keys(parseNewValues('header', { header_value: 'v-01234567', header_key: 'X' }))).toEqual([
      'header_key',
      'header_value',
    ]);
  });

  it('accepts either field of an either-or pair', () => {
    expect(parseNewValues('notion', { access_token: 'oauth-access-0123' })).toEqual({
      access_token: 'oauth-access-0123',
    });
    expect(
      parseNewValues('coding_runner', { oauth: '{"t":1}', code_hosting_token: 'ghp_x0123456' }),
    ).toBeTruthy();
  });
});

describe('exposedValue', () => {
  it.each(CREDENTIAL_TYPE_NAMES)('%s exposes what spec 2.7 and design 10 say', (type) => {
    expect(exposedValue(type, VALID_VALUES[type])).toBe(EXPOSED[type]);
  });

  it('uses the first secret that is set, and notion access_token when there is no api_token', () => {
    expect(exposedValue('notion', { access_token: 'oauth-notion-01' })).toBe('oauth-notion-01');
    expect(exposedValue('slack', { webhook_url: 'https://hooks.example/x' })).toBe('https://hooks.example/x');
    expect(exposedValue('decision_model', { base_url: 'http://x' })).toBeUndefined();
  });

  it('knows nothing about unknown types', () => {
    expect(exposedValue('nope', { token: 'x' })).toBeUndefined();
  });
});
