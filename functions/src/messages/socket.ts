/**
 * The WebSocket API's routes (issue 31), the same in the cloud (API Gateway) and locally (the
 * router's `/ws`, infra/local/router.ts): `$connect`, once the authorizer let the caller in
 * (messages/socket-authorizer.ts), stores the connection under its user; `$disconnect` deletes it;
 * `$default` answers `{"action":"ping"}` with `{"type":"pong"}` and ignores anything else (the
 * socket only carries events to the browser: messages are sent through the HTTP API).
 */
import type { APIGatewayProxyResultV2 } from 'aws-lambda';
import { logger } from '#commons/logger';
import { observedHandler } from '#commons/observed';
import { deleteConnection, saveConnection } from './connections.js';
import { postToConnection } from './realtime-push.js';
import type { SocketAuthorizerContext } from './socket-authorizer.js';

/** What API Gateway hands a WebSocket route's Lambda (the fields used here). */
export interface SocketEvent {
  body?: string;
  isBase64Encoded?: boolean;
  requestContext: {
    connectionId: string;
    routeKey: string;
    eventType: 'CONNECT' | 'DISCONNECT' | 'MESSAGE';
    requestId?: string;
    /** `$connect` only: the context the authorizer returned. */
    authorizer?: Partial<SocketAuthorizerContext> & { principalId?: string };
  };
}

const ok: APIGatewayProxyResultV2 = { statusCode: 200 };

function isPing(body: string | undefined): boolean {
  if (!body || body.length > 1000) return false;
  try {
    const request = JSON.parse(body) as { action?: unknown } | null;
    return request?.action === 'ping';
  } catch {
    return false;
  }
}

export async function handleSocket(event: SocketEvent): Promise<APIGatewayProxyResultV2> {
  const { connectionId, eventType, authorizer } = event.requestContext;
  switch (eventType) {
    case 'CONNECT': {
      // The authorizer ran first; without its context (a misconfigured route) nobody is let in.
      if (!authorizer?.sub) return { statusCode: 403 };
      await saveConnection(connectionId, authorizer.sub);
      return ok;
    }
    case 'DISCONNECT':
      await deleteConnection(connectionId);
      return ok;
    case 'MESSAGE': {
      const body = event.isBase64Encoded && event.body ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
      if (isPing(body)) await postToConnection(connectionId, { type: 'pong' });
      return ok;
    }
    default:
      logger.warn('Événement WebSocket inconnu', { eventType });
      return ok;
  }
}

export const handler = observedHandler(handleSocket, { correlationIdOf: (event: SocketEvent) => event.requestContext.requestId });
