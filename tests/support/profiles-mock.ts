/**
 * The API pipeline reads its caller's profile before anything else: a deleted account's token is
 * refused (commons/live-account.ts). The unit tests of the pipeline run without DynamoDB, so its
 * document client is stubbed at the SDK boundary: every profile exists, but those of the users
 * named in `deleted`. The real read, against DynamoDB Local: tests/integration/account-data.test.ts.
 */
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';

export function stubProfiles({ deleted = [] }: { deleted?: readonly string[] } = {}) {
  const dynamodb = mockClient(DynamoDBDocumentClient);
  dynamodb.on(GetCommand).callsFake((input: { Key: { pk: string; sk: string } }) => {
    const userId = input.Key.pk.replace(/^USER#/, '');
    return deleted.includes(userId) ? {} : { Item: { ...input.Key, role: 'parent', _et: 'profile' } };
  });
  return dynamodb;
}
