/**
 * Cognito emulated by cognito-local (USER_PASSWORD_AUTH, groups in tokens, JWKS per pool).
 * Its triggers call the local Lambda endpoint, which runs the same handler modules as AWS.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PASSWORD_MIN_LENGTH, ROLES } from '#shared';
import { localConfig, localFunctionNames, url, type LocalConfig } from './config.js';
import { track, waitFor } from './processes.js';

export interface LocalUserPool {
  userPoolId: string;
  userPoolClientId: string;
}

const POOL_NAME = 'kalan-local';
const CLIENT_NAME = 'kalan-web';

export function localCognitoClient(config: LocalConfig = localConfig): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: url(config.ports.cognito),
    region: config.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

export async function startCognito(config: LocalConfig = localConfig): Promise<LocalUserPool> {
  const workDir = path.join(config.dataDir, 'cognito');
  mkdirSync(path.join(workDir, '.cognito'), { recursive: true });
  writeFileSync(
    path.join(workDir, '.cognito', 'config.json'),
    JSON.stringify(
      {
        LambdaClient: {
          // The loopback-only Lambda endpoint (lambda-endpoint.ts), not the app's port.
          endpoint: url(config.ports.lambda),
          region: config.region,
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        },
        TriggerFunctions: {
          PreSignUp: localFunctionNames.preSignUp,
          PostConfirmation: localFunctionNames.postConfirmation,
        },
        UserPoolDefaults: { UsernameAttributes: ['email'] },
        TokenConfig: { IssuerDomain: url(config.ports.cognito) },
      },
      null,
      2,
    ),
  );
  const bin = createRequire(import.meta.url).resolve('cognito-local/lib/bin/start.js');
  const preload = path.join(import.meta.dirname, 'cognito-preload.cjs');
  const child = spawn(process.execPath, ['--require', preload, bin], {
    cwd: workDir,
    env: {
      ...process.env,
      PORT: String(config.ports.cognito),
      HOST: config.host,
      DEBUG: '',
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[cognito] ${chunk}`));
  track(child, 'cognito-local');
  const client = localCognitoClient(config);
  await waitFor('cognito-local', () => client.send(new ListUserPoolsCommand({ MaxResults: 1 })));
  return ensureUserPool(client);
}

/** The pool mirrors the CDK one: email as username, custom:role, the four groups, USER_PASSWORD_AUTH. */
async function ensureUserPool(client: CognitoIdentityProviderClient): Promise<LocalUserPool> {
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((pool) => pool.Name === POOL_NAME)?.Id;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: POOL_NAME,
        UsernameAttributes: ['email'],
        Policies: { PasswordPolicy: { MinimumLength: PASSWORD_MIN_LENGTH } },
        Schema: [{ Name: 'role', AttributeDataType: 'String', Mutable: false }],
      }),
    );
    userPoolId = created.UserPool!.Id!;
  }
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let userPoolClientId = clients.UserPoolClients?.find((c) => c.ClientName === CLIENT_NAME)?.ClientId;
  if (!userPoolClientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: CLIENT_NAME,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    userPoolClientId = created.UserPoolClient!.ClientId!;
  }
  // As in CDK: MFA optional for the pool, by authenticator app (TOTP) only.
  await client.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: userPoolId,
      MfaConfiguration: 'OPTIONAL',
      SoftwareTokenMfaConfiguration: { Enabled: true },
    }),
  );
  // cognito-local's CreateGroup replaces an existing group (and drops its members): list first.
  const existing = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
  const existingNames = new Set(existing.Groups?.map((group) => group.GroupName));
  for (const role of ROLES.filter((name) => !existingNames.has(name))) {
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: role }));
  }
  return { userPoolId, userPoolClientId };
}
