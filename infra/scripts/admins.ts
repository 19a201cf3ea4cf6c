/**
 * Creating an admin: nobody signs up as admin (the PreSignUp trigger refuses it), so admins are
 * created with IAM rights, by `npm run create-admin` in the cloud or by the local seed.
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { createProfile } from '../../functions/src/auth/profiles.js';

export interface NewAdmin {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Idempotent: an existing account keeps its password; group and profile are ensured. */
export async function createAdmin(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  admin: NewAdmin,
): Promise<{ userId: string; created: boolean }> {
  let userId = await findUserSub(cognito, userPoolId, admin.email);
  const created = !userId;
  if (!userId) {
    const result = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: admin.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: admin.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: admin.firstName },
          { Name: 'family_name', Value: admin.lastName },
          { Name: 'custom:role', Value: 'admin' },
        ],
      }),
    );
    userId = result.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
    if (!userId) throw new Error("Cognito n'a pas renvoyé l'identifiant de l'admin");
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: admin.email,
        Password: admin.password,
        Permanent: true,
      }),
    );
  }
  await cognito.send(
    new AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: admin.email, GroupName: 'admin' }),
  );
  await createProfile({
    user_id: userId,
    first_name: admin.firstName,
    last_name: admin.lastName,
    email: admin.email,
    role: 'admin',
  });
  return { userId, created };
}

export async function findUserSub(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  email: string,
): Promise<string | undefined> {
  try {
    const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }));
    return user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  } catch (error) {
    if (error instanceof UserNotFoundException) return undefined;
    throw error;
  }
}
