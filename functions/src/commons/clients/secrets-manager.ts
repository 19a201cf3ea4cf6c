/** Secrets Manager client, created once per container, only when a secret is first read. */
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

let client: SecretsManagerClient | undefined;

export function secretsManager(): SecretsManagerClient {
  client ??= new SecretsManagerClient({});
  return client;
}
