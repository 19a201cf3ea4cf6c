/**
 * DynamoDB clients, created once per container. Endpoints come from the SDK's standard variables
 * (AWS_ENDPOINT_URL_DYNAMODB) so the same code talks to DynamoDB Local.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export const dynamodb = new DynamoDBClient({});
export const documentClient = DynamoDBDocumentClient.from(dynamodb, {
  marshallOptions: { removeUndefinedValues: true },
});
