/**
 * Valid and invalid `values` for every credential type, shared by the unit and the HTTP suites.
 * Every secret here is unique and longer than 7 characters, so a leak is found by substring.
 */
import type { CredentialType } from '../credential-types.js';

const ROUTER_IDS = {
  decision: '00000000-0000-4000-8000-000000000001',
  option: '00000000-0000-4000-8000-000000000002',
};

export const VALID_VALUES: Record<CredentialType, Record<string, unknown>> = {
  openai: { api_key: 'sk-openai-0123456789', base_url: 'https://api.openai.example/v1' },
  anthropic: { api_key: 'sk-ant-api03-abcdefgh' },
  google: { api_key: 'AIzaSyGoogleKey012345' },
  decision_model: { base_url: 'http://localhost:11434/v1', api_key: 'decision-key-0123' },
  model_router: {
    decision_credential_id: ROUTER_IDS.decision,
    decision_model: 'gpt-4o-mini',
    options: [
      { credential_id: ROUTER_IDS.option, model: 'gpt-4o', when_to_use: 'hard questions' },
      { credential_id: ROUTER_IDS.option, model: 'Auto', when_to_use: '', fallback: true },
    ],
  },
  coding_runner: { access_token: 'runner-access-0123', code_hosting_token: 'ghp_runnerHosting0123' },
  code_hosting: { token: 'ghp_codeHosting01234567', base_url: 'https://git.example.com/api/v3' },
  bearer: { token: 'bearer-token-abcdef0123' },
  header: { header_key: 'X-Api-Key', header_value: 'header-value-secret-01' },
  telegram: { bot_token: '123456:telegram-bot-token', secret_token: 'telegram-secret-01' },
  discord: { public_key: 'ab'.repeat(32) },
  discord_webhook: { webhook_url: 'https://discord.example/api/webhooks/1/discord-hook' },
  slack_webhook: { webhook_url: 'https://hooks.slack.example/services/T/B/slack-hook' },
  slack: { api_token: 'xoxb-slack-api-token-01', signing_secret: 'slack-signing-secret-01' },
  imap: {
    host: 'imap.example.com',
    port: 993,
    secure: true,
    username: 'me@example.com',
    password: 'imap-password-0123',
    mailbox: 'INBOX',
  },
  smtp: {
    host: 'smtp.example.com',
    port: 587,
    secure: false,
    username: 'mailer',
    password: 'smtp-password-0123',
    from: 'Skein <me@example.com>',
  },
  redis: { url: 'redis://:redis-password-01@localhost:6379/0' },
  qdrant: { url: 'https://qdrant.example.com:6333', api_key: 'qdrant-api-key-0123' },
  pgvector: { url: 'postgresql://vec:pgvector-password@db:5432/vec' },
  google_sheets: {
    client_id: 'sheets-client.apps.example',
    client_secret: 'sheets-client-secret-01',
    refresh_token: '1//sheets-refresh-token',
  },
  google_drive: { client_id: 'drive-client-id', client_secret: 'drive-client-secret-01' },
  bigquery: { client_id: 'bigquery-client-id', client_secret: 'bigquery-secret-0123' },
  object_storage: {
    access_key: 'AKIAOBJECTSTORAGE',
    secret_key: 'object-storage-secret-01',
    region: 'eu-west-1',
    endpoint: 'https://s3.example.com',
    bucket: 'files',
  },
  amqp: { url: 'amqp://guest:amqp-password-01@localhost:5672' },
  notion: { api_token: 'secret_notionApiToken01' },
  sentry: { auth_token: 'sntrys_sentryAuthToken01' },
  issue_tracker: {
    base_url: 'https://tracker.example.com',
    email: 'me@example.com',
    api_token: 'issue-tracker-token-01',
  },
};

/** What `$credentials.<Name>` gives for VALID_VALUES (undefined: left out of `$credentials`). */
export const EXPOSED: Record<CredentialType, string | undefined> = {
  openai: 'sk-openai-0123456789',
  anthropic: 'sk-ant-api03-abcdefgh',
  google: 'AIzaSyGoogleKey012345',
  decision_model: 'decision-key-0123',
  model_router: undefined,
  coding_runner: undefined,
  code_hosting: 'ghp_codeHosting01234567',
  bearer: 'bearer-token-abcdef0123',
  header: 'X-Api-Key: header-value-secret-01',
  telegram: '123456:telegram-bot-token',
  discord: 'ab'.repeat(32),
  discord_webhook: 'https://discord.example/api/webhooks/1/discord-hook',
  slack_webhook: 'https://hooks.slack.example/services/T/B/slack-hook',
  slack: 'xoxb-slack-api-token-01',
  imap: 'imap-password-0123',
  smtp: 'smtp-password-0123',
  redis: 'redis://:redis-password-01@localhost:6379/0',
  qdrant: 'https://qdrant.example.com:6333',
  pgvector: 'postgresql://vec:pgvector-password@db:5432/vec',
  google_sheets: 'sheets-client-secret-01',
  google_drive: 'drive-client-secret-01',
  bigquery: 'bigquery-secret-0123',
  object_storage: 'object-storage-secret-01',
  amqp: 'amqp://guest:amqp-password-01@localhost:5672',
  notion: 'secret_notionApiToken01',
  sentry: 'sntrys_sentryAuthToken01',
  issue_tracker: undefined,
};

/** [type, values, the `errors[].path`s expected (exactly)]. */
export const INVALID_VALUES: [CredentialType, Record<string, unknown>, string[]][] = [
  ['openai', {}, ['values/api_key']],
  ['openai', { api_key: 'k-0123456789', base_url: 'ftp://x' }, ['values/base_url']],
  ['anthropic', { api_key: 42 }, ['values/api_key']],
  ['google', { api_key: 'AIza-0123456789', project: 'x' }, ['values/project']],
  ['decision_model', { api_key: 'only-a-key-0123' }, ['values/base_url']],
  ['model_router', { decision_model: 'm', options: [] }, ['values/decision_credential_id', 'values/options']],
  [
    'model_router',
    {
      decision_credential_id: 'not-a-uuid',
      decision_model: 'm',
      options: [{ credential_id: ROUTER_IDS.option, model: '', when_to_use: 'x' }],
    },
    ['values/decision_credential_id', 'values/options/0/model'],
  ],
  ['coding_runner', { code_hosting_token: 'ghp_only-hosting-01' }, ['values/access_token']],
  ['coding_runner', { access_token: 'runner-access-0123' }, ['values/code_hosting_token']],
  ['code_hosting', { base_url: 'https://git.example.com' }, ['values/token']],
  ['bearer', { token: '' }, ['values/token']],
  ['bearer', { token: ['a'] }, ['values/token']],
  ['header', { header_key: 'Bad Header', header_value: 'v-0123456789' }, ['values/header_key']],
  ['header', { header_key: 'X-Key' }, ['values/header_value']],
  ['telegram', { secret_token: 'only-secret-0123' }, ['values/bot_token']],
  ['discord', { public_key: 'not-hex' }, ['values/public_key']],
  ['discord_webhook', { webhook_url: 'discord.example/no-scheme' }, ['values/webhook_url']],
  ['slack_webhook', {}, ['values/webhook_url']],
  ['slack', {}, ['values/api_token']],
  [
    'imap',
    { host: 'imap.example.com', port: 0, secure: 'yes', username: 'me' },
    ['values/port', 'values/secure', 'values/password'],
  ],
  [
    'smtp',
    { host: 'smtp/example', port: 25, secure: false, username: 'me', password: 'p-0123456789' },
    ['values/host'],
  ],
  ['redis', { url: 'http://localhost:6379' }, ['values/url']],
  ['qdrant', { api_key: 'qdrant-key-0123' }, ['values/url']],
  ['pgvector', { url: 'mysql://db/x' }, ['values/url']],
  ['google_sheets', { client_secret: 'sheets-secret-0123' }, ['values/client_id']],
  ['google_drive', { client_id: 'drive-client' }, ['values/client_secret']],
  ['bigquery', { client_id: 'bq', client_secret: 'bq-secret-0123', scope: 'x' }, ['values/scope']],
  ['object_storage', { access_key: 'AKIA', secret_key: 's3-secret-0123' }, ['values/region']],
  ['amqp', { url: 'redis://localhost' }, ['values/url']],
  ['notion', {}, ['values/api_token']],
  ['sentry', { auth_token: null }, ['values/auth_token']],
  [
    'issue_tracker',
    { base_url: 'https://t.example', email: 'not-an-email', api_token: 't-0123456789' },
    ['values/email'],
  ],
];

/** The secret strings of VALID_VALUES, for leak scans. */
export function secretsOf(values: Record<string, unknown>, secretFields: readonly string[]): string[] {
  return secretFields
    .map((field) => values[field])
    .filter((value): value is string => typeof value === 'string');
}
