import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CredentialRecord } from './credential.js';

describe('CredentialRecord as a response guard', () => {
  it('serialises no secret field under values and no plain field under masked', async () => {
    const app = Fastify({ logger: false });
    app.get('/', { schema: { response: { 200: CredentialRecord } } }, async () => ({
      id: '00000000-0000-4000-8000-000000000001',
      name: 'n',
      type: 'bearer',
      owner_id: '00000000-0000-4000-8000-000000000002',
      values: { token: 'leaked-bearer-token', host: 'h', api_key: 'leaked-api-key' },
      masked: { token: 'leaked-**', host: 'not-a-secret-field' },
      shared_with: [],
      team_shared_with: [],
      created_at: new Date(0).toISOString(),
      updated_at: new Date(0).toISOString(),
      encrypted_values: 'gAAAAA-should-not-appear',
    }));
    const body = JSON.parse((await app.inject('/')).body);
    expect(body.values).toEqual({ host: 'h' });
    expect(body.masked).toEqual({ token: 'leaked-**' });
    expect(body).not.toHaveProperty('encrypted_values');
    await app.close();
  });
});
