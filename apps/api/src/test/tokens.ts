import { createHmac } from 'node:crypto';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A well-formed HS256 JWT signed with a secret the server does not know. */
export function forgeToken(claims: object): string {
  const now = Math.floor(Date.now() / 1000);
  const head = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ iat: now, exp: now + 3600, ...claims })}`;
  const signature = createHmac('sha256', 'a-secret-the-server-does-not-know').update(head).digest('base64url');
  return `${head}.${signature}`;
}
