/** Seeds the local stack: demo accounts (one per role) and the tutor catalogue. Idempotent. */
import {
  AdminGetUserCommand,
  type CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutItemCommand } from 'dynamodb-toolbox/entity/actions/put';
import { isConditionalCheckFailure, TutorProfileEntity } from '#commons/db';
import { createProfile } from '../../../functions/src/auth/profiles.js';
import type { PublicRole } from '#shared';
import type { LocalUserPool } from '../cognito.js';
import { localCognitoClient } from '../cognito.js';
import { readMailbox } from '../mailbox.js';
import { createAdmin } from '../../scripts/admins.js';
import { seedTutors, type SeedTutor } from './tutors.js';

export interface DemoAccount {
  role: PublicRole | 'admin';
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Local demo credentials, for the emulated Cognito only. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { role: 'parent', email: 'parent@demo.kalan.ci', password: 'Demo-Parent-2026', firstName: 'Mariam', lastName: 'Koné' },
  { role: 'tuteur', email: 'tuteur@demo.kalan.ci', password: 'Demo-Tuteur-2026', firstName: 'Koffi', lastName: 'Brou' },
  { role: 'entreprise', email: 'entreprise@demo.kalan.ci', password: 'Demo-Entreprise-2026', firstName: 'Awa', lastName: 'Sanogo' },
  { role: 'admin', email: 'admin@demo.kalan.ci', password: 'Demo-Admin-2026', firstName: 'Serge', lastName: 'Kacou' },
];

async function createTutorProfileIfMissing(tutorProfile: SeedTutor['tutorProfile']): Promise<boolean> {
  try {
    await TutorProfileEntity.build(PutItemCommand)
      .item(tutorProfile)
      .options({ condition: { attr: 'user_id', exists: false } })
      .send();
    return true;
  } catch (error) {
    if (isConditionalCheckFailure(error)) return false;
    throw error;
  }
}

async function userStatus(cognito: CognitoIdentityProviderClient, userPoolId: string, email: string): Promise<string | undefined> {
  try {
    return (await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }))).UserStatus;
  } catch (error) {
    if (error instanceof UserNotFoundException) return undefined;
    throw error;
  }
}

/** The newest code e-mailed to this address (cognito-local writes it before answering). */
async function confirmFromMailbox(cognito: CognitoIdentityProviderClient, pool: LocalUserPool, email: string): Promise<void> {
  const code = /\b(\d{6})\b/.exec(readMailbox(undefined, { to: email })[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`Aucun code de vérification dans la boîte aux lettres locale pour ${email}`);
  await cognito.send(new ConfirmSignUpCommand({ ClientId: pool.userPoolClientId, Username: email, ConfirmationCode: code }));
}

export async function seed(pool: LocalUserPool): Promise<{ accounts: DemoAccount[]; tutorsCreated: number }> {
  const cognito = localCognitoClient();
  for (const account of DEMO_ACCOUNTS) {
    if (account.role === 'admin') {
      await createAdmin(cognito, pool.userPoolId, account);
      continue;
    }
    const status = await userStatus(cognito, pool.userPoolId, account.email);
    if (status === 'CONFIRMED') continue;
    if (status === 'UNCONFIRMED') {
      // Signed up by a start that stopped before confirming: a new code, as a user would ask.
      await cognito.send(new ResendConfirmationCodeCommand({ ClientId: pool.userPoolClientId, Username: account.email }));
      await confirmFromMailbox(cognito, pool, account.email);
      continue;
    }
    // A real sign-up, confirmed with the code from the local mailbox: the PreSignUp,
    // CustomMessage and PostConfirmation triggers run as for anyone.
    await cognito.send(
      new SignUpCommand({
        ClientId: pool.userPoolClientId,
        Username: account.email,
        Password: account.password,
        UserAttributes: [
          { Name: 'email', Value: account.email },
          { Name: 'given_name', Value: account.firstName },
          { Name: 'family_name', Value: account.lastName },
          { Name: 'custom:role', Value: account.role },
        ],
      }),
    );
    await confirmFromMailbox(cognito, pool, account.email);
  }

  let tutorsCreated = 0;
  const tutors = seedTutors();
  for (let i = 0; i < tutors.length; i += 16) {
    const results = await Promise.all(
      tutors.slice(i, i + 16).map(async (tutor) => {
        await createProfile(tutor.profile);
        return createTutorProfileIfMissing(tutor.tutorProfile);
      }),
    );
    tutorsCreated += results.filter(Boolean).length;
  }
  return { accounts: DEMO_ACCOUNTS, tutorsCreated };
}
