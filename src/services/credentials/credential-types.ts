/**
 * Every credential type (design 10), listed once: its `values` schema, which fields are secrets and
 * what `$credentials.<Name>` exposes (spec 2.7). Adding a type is one entry here.
 */
import { Type } from 'typebox';
import {
  credentialType,
  Email,
  firstSet,
  HeaderName,
  Host,
  HttpUrl,
  oneOf,
  optional,
  plain,
  Port,
  secret,
  urlOf,
  Uuid,
  type CredentialTypeDefinition,
} from './credential-fields.js';

/** The model a node may pick when it uses a model router (spec 2.7, 8.4 "Auto Model"). */
export const AUTO_MODEL = 'Auto';
export const MODEL_PROVIDER_TYPES: readonly string[] = ['openai', 'anthropic', 'google'];
export const MAX_ROUTER_OPTIONS = 50;

const modelApiKey = () => credentialType({ api_key: secret(), base_url: optional(plain(HttpUrl)) });
const webhook = () => credentialType({ webhook_url: secret(HttpUrl) });
const vectorStore = (schemes: string) =>
  credentialType({ url: secret(urlOf(schemes)), api_key: optional(secret()) });
const oauthClient = () =>
  credentialType({ client_id: plain(), client_secret: secret(), refresh_token: optional(secret()) });
const mailbox = (extra: string) =>
  credentialType({
    host: plain(Host),
    port: plain(Port),
    secure: plain(Type.Boolean()),
    username: plain(),
    password: secret(),
    [extra]: optional(plain()),
  });

const RouterOption = Type.Object(
  {
    credential_id: Uuid,
    model: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    when_to_use: Type.String({ maxLength: 4_000 }),
    fallback: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const CREDENTIAL_TYPES = {
  openai: modelApiKey(),
  anthropic: modelApiKey(),
  google: modelApiKey(),
  decision_model: credentialType({ base_url: plain(HttpUrl), api_key: optional(secret()) }),
  model_router: credentialType(
    {
      decision_credential_id: plain(Uuid),
      decision_model: plain(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })),
      options: plain(Type.Array(RouterOption, { minItems: 1, maxItems: MAX_ROUTER_OPTIONS })),
    },
    // Nothing of its own to expose: nodes load it by id.
    { expose: 'excluded' },
  ),
  coding_runner: credentialType(
    {
      access_token: optional(secret()),
      oauth: optional(secret()),
      code_hosting_token: secret(),
    },
    { expose: 'excluded', check: oneOf('access_token', 'oauth') },
  ),
  code_hosting: credentialType({ token: secret(), base_url: optional(plain(HttpUrl)) }),
  bearer: credentialType({ token: secret() }),
  header: credentialType(
    { header_key: plain(HeaderName), header_value: secret() },
    {
      expose: (values) =>
        typeof values.header_key === 'string' && typeof values.header_value === 'string'
          ? `${values.header_key}: ${values.header_value}`
          : undefined,
    },
  ),
  telegram: credentialType({ bot_token: secret(), secret_token: optional(secret()) }),
  // No secret: the interactions public key is what it exposes.
  discord: credentialType(
    { public_key: plain(Type.String({ pattern: '^[0-9a-fA-F]{64}$' })) },
    { expose: firstSet(['public_key']) },
  ),
  discord_webhook: webhook(),
  slack_webhook: webhook(),
  slack: credentialType(
    {
      api_token: optional(secret()),
      signing_secret: optional(secret()),
      webhook_url: optional(secret(HttpUrl)),
    },
    { check: oneOf('api_token', 'signing_secret', 'webhook_url') },
  ),
  imap: mailbox('mailbox'),
  smtp: mailbox('from'),
  redis: credentialType({ url: secret(urlOf('redis|rediss')) }),
  qdrant: vectorStore('https?'),
  pgvector: vectorStore('postgres|postgresql'),
  google_sheets: oauthClient(),
  google_drive: oauthClient(),
  bigquery: oauthClient(),
  object_storage: credentialType({
    access_key: plain(),
    secret_key: secret(),
    region: plain(),
    endpoint: optional(plain(HttpUrl)),
    bucket: optional(plain()),
  }),
  amqp: credentialType({ url: secret(urlOf('amqp|amqps')) }),
  notion: credentialType(
    { api_token: optional(secret()), access_token: optional(secret()) },
    { check: oneOf('api_token', 'access_token') },
  ),
  sentry: credentialType({ auth_token: secret() }),
  issue_tracker: credentialType(
    { base_url: plain(HttpUrl), email: plain(Email), api_token: secret() },
    { expose: 'excluded' },
  ),
} satisfies Record<string, CredentialTypeDefinition>;

export type CredentialType = keyof typeof CREDENTIAL_TYPES;
export const CREDENTIAL_TYPE_NAMES = Object.keys(CREDENTIAL_TYPES) as CredentialType[];

export const isCredentialType = (type: string): type is CredentialType =>
  Object.hasOwn(CREDENTIAL_TYPES, type);

export function credentialTypeOf(type: string): CredentialTypeDefinition | undefined {
  return isCredentialType(type) ? CREDENTIAL_TYPES[type] : undefined;
}

export const isSecretField = (type: string, field: string) =>
  credentialTypeOf(type)?.secrets.includes(field) ?? false;

/**
 * The value `$credentials.<Name>` resolves to for a credential of `type` with these (decrypted)
 * values; undefined when the type is excluded (coding runner, issue tracker, model router) or the
 * value it would expose is not set.
 */
export function exposedValue(type: string, values: Record<string, unknown>): string | undefined {
  const definition = credentialTypeOf(type);
  if (!definition || definition.expose === 'excluded') return undefined;
  return definition.expose(values);
}
