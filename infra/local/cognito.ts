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
  type CreateUserPoolClientCommandInput,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  type PasswordPolicyType,
  UpdateUserPoolClientCommand,
  UpdateUserPoolCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { PASSWORD_POLICY, ROLES } from '#shared';
import { localConfig, localFunctionNames, mailboxDir, url, type LocalConfig } from './config.js';
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
          CustomMessage: localFunctionNames.customMessage,
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
      // Where cognito-accounts.cjs drops the e-mails (the local mailbox, mailbox.ts).
      KALAN_MAILBOX_DIR: mailboxDir(config),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[cognito] ${chunk}`));
  track(child, 'cognito-local');
  const client = localCognitoClient(config);
  await waitFor('cognito-local', () => client.send(new ListUserPoolsCommand({ MaxResults: 1 })));
  return ensureUserPool(client);
}

/** `PASSWORD_POLICY` in the API's terms, as the CDK pool's (infra/lib/auth.ts); cognito-accounts.cjs enforces it. */
export const LOCAL_PASSWORD_POLICY = {
  MinimumLength: PASSWORD_POLICY.minLength,
  RequireLowercase: PASSWORD_POLICY.requireLowercase,
  RequireUppercase: PASSWORD_POLICY.requireUppercase,
  RequireNumbers: PASSWORD_POLICY.requireDigits,
  RequireSymbols: PASSWORD_POLICY.requireSymbols,
} satisfies PasswordPolicyType;

/** As the CDK app client's: the password flow, and only the sign-up form's attributes are writable. */
export function localClientSettings() {
  return {
    ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    WriteAttributes: ['email', 'given_name', 'family_name', 'custom:role'],
    ReadAttributes: ['email', 'email_verified', 'given_name', 'family_name', 'custom:role'],
    PreventUserExistenceErrors: 'ENABLED',
  } satisfies Partial<CreateUserPoolClientCommandInput>;
}

/**
 * The pool mirrors the CDK one: email as username, verified by a code, the password policy,
 * custom:role, the four groups, a client with USER_PASSWORD_AUTH and the form's attributes only.
 * A pool or client left by an older data directory is brought up to date.
 */
async function ensureUserPool(client: CognitoIdentityProviderClient): Promise<LocalUserPool> {
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((pool) => pool.Name === POOL_NAME)?.Id;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: POOL_NAME,
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        UsernameConfiguration: { CaseSensitive: false },
        Policies: { PasswordPolicy: LOCAL_PASSWORD_POLICY },
        Schema: [{ Name: 'role', AttributeDataType: 'String', Mutable: false }],
      }),
    );
    userPoolId = created.UserPool!.Id!;
  } else {
    await updateUserPool(client, userPoolId);
  }
  const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
  let userPoolClientId = clients.UserPoolClients?.find((c) => c.ClientName === CLIENT_NAME)?.ClientId;
  if (!userPoolClientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({ UserPoolId: userPoolId, ClientName: CLIENT_NAME, ...localClientSettings() }),
    );
    userPoolClientId = created.UserPoolClient!.ClientId!;
  } else {
    // A client created before the write attributes were set would let sign-up write anything.
    await client.send(
      new UpdateUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: userPoolClientId, ClientName: CLIENT_NAME, ...localClientSettings() }),
    );
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

/**
 * An older pool had another password policy (6 characters; then no lower-case letter required) and
 * no verified attribute (sign-up was confirmed at once): set both, keeping every other setting (cognito-local's UpdateUserPool, like Cognito's, resets
 * what it is not given).
 */
async function updateUserPool(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  const { UserPool: pool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
  const policy: PasswordPolicyType = pool?.Policies?.PasswordPolicy ?? {};
  const upToDate =
    Object.entries(LOCAL_PASSWORD_POLICY).every(([setting, value]) => policy[setting as keyof PasswordPolicyType] === value) &&
    pool?.AutoVerifiedAttributes?.includes('email');
  if (upToDate) return;
  await client.send(
    new UpdateUserPoolCommand({
      UserPoolId: userPoolId,
      Policies: { ...pool?.Policies, PasswordPolicy: LOCAL_PASSWORD_POLICY },
      AutoVerifiedAttributes: ['email'],
      AccountRecoverySetting: pool?.AccountRecoverySetting,
      AdminCreateUserConfig: pool?.AdminCreateUserConfig,
      DeviceConfiguration: pool?.DeviceConfiguration,
      EmailConfiguration: pool?.EmailConfiguration,
      EmailVerificationMessage: pool?.EmailVerificationMessage,
      EmailVerificationSubject: pool?.EmailVerificationSubject,
      LambdaConfig: pool?.LambdaConfig,
      MfaConfiguration: pool?.MfaConfiguration,
      SmsAuthenticationMessage: pool?.SmsAuthenticationMessage,
      SmsConfiguration: pool?.SmsConfiguration,
      SmsVerificationMessage: pool?.SmsVerificationMessage,
      UserPoolAddOns: pool?.UserPoolAddOns,
      UserPoolTags: pool?.UserPoolTags,
      VerificationMessageTemplate: pool?.VerificationMessageTemplate,
    }),
  );
}
