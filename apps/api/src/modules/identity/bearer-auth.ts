/**
 * `Authorization: Bearer <token>` on /api and /trpc: the request acts as the token's user. A token
 * is only ever read from this header (never a cookie or the query string, which end up in logs and
 * histories). A header that is not a valid, unrevoked, unexpired token answers 401 at once, even
 * when a session cookie comes with it: a script must learn that its token stopped working.
 * The development identity provider under /oidc reads its own Authorization (client credentials).
 */
import type { FastifyInstance } from 'fastify';
import type { DataSource } from 'typeorm';
import { API_TOKEN_MESSAGES } from '@shop/schema';
import { tokenOwner, type TokenGrant } from './api-tokens.service';
import { recordInvalidToken } from '../audit';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request authenticated with an API token. */
    apiTokenUserId: string | null;
    /** The token's id (its rate-limit counter), with apiTokenUserId. */
    apiTokenId: string | null;
    /** Its scope and permission subset, which narrow its user's permissions (request-user.ts). */
    apiTokenGrant: TokenGrant | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;

export function installBearerAuth(app: FastifyInstance, { dataSource }: { dataSource: DataSource }): void {
  app.decorateRequest('apiTokenUserId', null);
  app.decorateRequest('apiTokenId', null);
  app.decorateRequest('apiTokenGrant', null);
  app.addHook('onRequest', async (req, reply) => {
    const header = req.headers.authorization;
    if (header === undefined) return;
    const path = req.url.split('?', 1)[0]!;
    if (!path.startsWith('/api/') && !path.startsWith('/trpc/')) return;
    const token = BEARER.exec(header)?.[1];
    const owner = token ? await tokenOwner(dataSource.manager, token) : null;
    if (!owner) await recordInvalidToken(dataSource, req);
    if (!owner) return reply.code(401).send({ message: API_TOKEN_MESSAGES.invalid, code: 'UNAUTHORIZED' });
    req.apiTokenUserId = owner.userId;
    req.apiTokenId = owner.tokenId;
    req.apiTokenGrant = owner;
  });
}
