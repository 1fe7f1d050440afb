import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

export const PASSWORD = 'Sup3rSecret';

/** Each helper call comes from its own address, so the register limit (5 per minute) stays out of the way. */
export const randomIp = () => `10.${rnd()}.${rnd()}.${rnd()}`;
const rnd = () => Math.floor(Math.random() * 254) + 1;

export function setCookies(response: { headers: Record<string, unknown> }) {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw as string] : [];
  const cookies: Record<string, { value: string; attributes: string }> = {};
  for (const line of list as string[]) {
    const [pair, ...attributes] = line.split(';');
    const index = pair!.indexOf('=');
    cookies[pair!.slice(0, index).trim()] = {
      value: pair!.slice(index + 1),
      attributes: attributes.join(';'),
    };
  }
  return cookies;
}

export function cookieHeader(response: { headers: Record<string, unknown> }, name: string): string {
  const cookie = setCookies(response)[name];
  if (!cookie) throw new Error(`response set no ${name} cookie`);
  return `${name}=${cookie.value}`;
}

export interface Registered {
  userId: string;
  email: string;
  accessToken: string;
  response: LightMyRequestResponse;
  headers: { authorization: string };
}

export async function register(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
  ip = randomIp(),
): Promise<Registered> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password },
    remoteAddress: ip,
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const body = JSON.parse(response.body);
  return {
    userId: body.user.id,
    email,
    accessToken: body.access_token,
    response,
    headers: { authorization: `Bearer ${body.access_token}` },
  };
}
