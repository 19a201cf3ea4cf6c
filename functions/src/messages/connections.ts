/**
 * The open WebSocket connections (issue 31): one item per connection, `WSCONN#<connection id>` /
 * `CONNECTION`, listed per user by gsi1 `SOCKETS#<user id>` / `<connection id>`. `$connect`
 * (after the authorizer) puts it, `$disconnect` deletes it; a connection API Gateway dropped
 * without a `$disconnect` (it happens) is deleted by the first push that meets its 410, and at
 * worst by DynamoDB's TTL (`expires_at`, after SOCKET_CONNECTION_TTL_SECONDS: API Gateway never
 * keeps a connection longer).
 */
import { Entity } from 'dynamodb-toolbox/entity';
import { DeleteItemCommand } from 'dynamodb-toolbox/entity/actions/delete';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { number } from 'dynamodb-toolbox/schema/number';
import { item } from 'dynamodb-toolbox/schema/item';
import { string } from 'dynamodb-toolbox/schema/string';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { SOCKET_CONNECTION_TTL_SECONDS } from '#shared/messaging';
import { indexKeys, kalanTable, onKalanTable } from '#commons/db';

export const userSocketsIndex = (userId: string) => `SOCKETS#${userId}`;

export const SocketConnectionEntity = new Entity({
  name: 'socketConnection',
  ...onKalanTable,
  schema: item({
    connection_id: string().key(),
    user_id: string(),
    connected_at: string(),
    /** Epoch seconds (the table's TTL). */
    expires_at: number(),
    ...indexKeys('gsi1'),
  }),
  computeKey: ({ connection_id }: { connection_id: string }) => ({ pk: `WSCONN#${connection_id}`, sk: 'CONNECTION' }),
});

export async function saveConnection(connectionId: string, userId: string, at = new Date()): Promise<void> {
  await SocketConnectionEntity.build(PutItemCommand)
    .item({
      connection_id: connectionId,
      user_id: userId,
      connected_at: at.toISOString(),
      expires_at: Math.floor(at.getTime() / 1000) + SOCKET_CONNECTION_TTL_SECONDS,
      gsi1pk: userSocketsIndex(userId),
      gsi1sk: connectionId,
    })
    .send();
}

export async function deleteConnection(connectionId: string): Promise<void> {
  await SocketConnectionEntity.build(DeleteItemCommand).key({ connection_id: connectionId }).send();
}

/**
 * A user's connections as the index lists them. The TTL deletes an item up to a few days late:
 * one past its expiry is left out (API Gateway closed it long ago).
 */
export async function connectionsOf(userId: string): Promise<string[]> {
  const { Items = [] } = await kalanTable
    .build(QueryCommand)
    .entities(SocketConnectionEntity)
    .query({ index: 'gsi1', partition: userSocketsIndex(userId) })
    .options({ maxPages: Infinity })
    .send();
  const nowSeconds = Math.floor(Date.now() / 1000);
  return Items.filter((connection) => connection.expires_at > nowSeconds).map((connection) => connection.connection_id);
}
