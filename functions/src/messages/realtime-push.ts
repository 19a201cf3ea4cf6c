/**
 * Pushes a real-time event to every open WebSocket connection of some users (issue 31): the
 * messages API calls it after each write. CONTRACT ONLY on main until the realtime branch lands:
 * the realtime helper replaces this body (connections of `SOCKETS#<user>`, PostToConnection through
 * @aws-sdk/client-apigatewaymanagementapi at REALTIME_MANAGEMENT_ENDPOINT, a gone connection deleted).
 * Never throws: a push that fails leaves the receiver's screen to its polling.
 */
import type { RealtimeEvent } from '#shared/messaging';

export async function pushToUsers(userIds: readonly string[], event: RealtimeEvent): Promise<void> {
  void userIds;
  void event;
}
