/**
 * Pushes a real-time event to every open WebSocket connection of some users (issue 31): the
 * messages API calls it after each write, the socket function answers a ping with it. Each user's
 * connections come from the table (`SOCKETS#<user>`, messages/connections.ts); each gets the event
 * through API Gateway's management API (PostToConnection) at REALTIME_MANAGEMENT_ENDPOINT, given
 * explicitly: in the cloud `https://<api id>.execute-api.<region>.amazonaws.com/<stage>`, locally
 * the loopback Lambda endpoint, which hands it to the router's socket. A connection API Gateway no
 * longer knows (410 Gone: closed without a `$disconnect` reaching us) is deleted.
 * Never throws: a push that fails leaves the receiver's screen to its polling.
 */
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import type { RealtimeEvent } from '#shared/messaging';
import { requireEnv } from '#commons/env';
import { logger } from '#commons/logger';
import { connectionsOf, deleteConnection } from './connections.js';

let client: ApiGatewayManagementApiClient | undefined;

/** Created on first use, once per container (the endpoint is the stage's, from the environment). */
function managementApi(): ApiGatewayManagementApiClient {
  client ??= new ApiGatewayManagementApiClient({ endpoint: requireEnv('REALTIME_MANAGEMENT_ENDPOINT') });
  return client;
}

function isGone(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'GoneException' || $metadata?.httpStatusCode === 410;
}

/**
 * Sends one event to one connection; a gone connection's item is deleted. Returns whether it was
 * delivered. Throws on any other failure (the caller decides what a failure means).
 */
export async function postToConnection(connectionId: string, event: RealtimeEvent): Promise<boolean> {
  try {
    await managementApi().send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: JSON.stringify(event) }));
    return true;
  } catch (error) {
    if (!isGone(error)) throw error;
    await deleteConnection(connectionId);
    return false;
  }
}

export async function pushToUsers(userIds: readonly string[], event: RealtimeEvent): Promise<void> {
  try {
    const users = [...new Set(userIds)];
    // Each user on its own: the recipient's one screen is not kept waiting behind the reading of
    // the sender's many connections (the bench's sender holds 5 000: 2.2 s at p50 when they waited).
    const results = (
      await Promise.all(
        users.map(async (userId) => {
          const connections = await connectionsOf(userId);
          return Promise.allSettled(connections.map((connectionId) => postToConnection(connectionId, event)));
        }),
      )
    ).flat();
    const failed = results.filter((result) => result.status === 'rejected');
    if (failed.length) {
      logger.warn('Événement temps réel non remis', { type: event.type, failed: failed.length, connections: results.length, error: failed[0]!.reason });
    }
  } catch (error) {
    logger.warn('Événement temps réel non envoyé', { type: event.type, error });
  }
}
