import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  StringAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { PASSWORD_MIN_LENGTH, ROLES } from '#shared/constants';
import { eventHandlers } from '#shared/routes';
import { KalanFunction } from './kalan-function.js';
import { acknowledge } from './nag.js';
import type { Stage } from './stage.js';

export interface AuthProps {
  readonly stage: Stage;
  readonly table: ITable;
}

/**
 * Accounts: a Cognito user pool with one group per role, sign-up checked by PreSignUp (nobody
 * signs up as admin) and completed by PostConfirmation (group membership and profile).
 */
export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const { stage, table } = props;

    this.userPool = new UserPool(this, 'UserPool', {
      // Lite covers what we use (triggers, groups, password auth) at the lowest price.
      featurePlan: FeaturePlan.LITE,
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      autoVerify: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: true, mutable: true },
        familyName: { required: true, mutable: true },
      },
      // Read by the triggers as `custom:role`; immutable so nobody changes role after sign-up.
      customAttributes: { role: new StringAttribute({ minLen: 1, maxLen: 20, mutable: false }) },
      // The product's rule is "at least 6 characters", nothing more.
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      // Sign-up is confirmed by PreSignUp, so this code email only serves password recovery.
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: 'Kalan : votre code de vérification',
        emailBody: 'Votre code de vérification Kalan est {####}',
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // A second factor by authenticator app (TOTP), never SMS; optional for the pool, required by
      // the API for admins (functions/src/commons/second-factor.ts). Once a user has it on,
      // Cognito asks the code at every sign-in.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      deletionProtection: stage.isProduction,
      removalPolicy: stage.removalPolicy,
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      // A browser cannot keep a secret; USER_PASSWORD_AUTH because SRP cannot be emulated locally.
      generateSecret: false,
      authFlows: { userPassword: true },
      preventUserExistenceErrors: true,
    });

    for (const role of ROLES) {
      this.userPool.addGroup(`Group-${role}`, { groupName: role });
    }

    this.addTriggers(stage, table);
    this.acknowledgeNagFindings();
  }

  private addTriggers(stage: Stage, table: ITable): void {
    const preSignUp = new KalanFunction(this, 'PreSignUp', { handlerModule: eventHandlers.preSignUp, table, stage });
    const postConfirmation = new KalanFunction(this, 'PostConfirmation', {
      handlerModule: eventHandlers.postConfirmation,
      table,
      stage,
    });
    this.userPool.addTrigger(UserPoolOperation.PRE_SIGN_UP, preSignUp);
    this.userPool.addTrigger(UserPoolOperation.POST_CONFIRMATION, postConfirmation);
    this.grantGroupMembership(postConfirmation);
  }

  /**
   * AdminAddUserToGroup on this pool's own ARN. The pool references its trigger and the function
   * depends on its role's default policy, so the statement cannot live there (pool → function →
   * policy → pool); it lives in a policy of its own, attached to the same role, which nothing the
   * pool needs depends on. CloudFormation creates it right after the pool, before anybody can sign up.
   */
  private grantGroupMembership(fn: KalanFunction): void {
    const actions = (fn.permissions.cognito ?? []).map((action) => `cognito-idp:${action}`);
    if (!actions.length) return;
    new Policy(this, `${fn.node.id}OwnPool`, {
      roles: [fn.role!],
      statements: [new PolicyStatement({ actions, resources: [this.userPool.userPoolArn] })],
    });
    fn.markGranted('cognito');
  }

  /** Deliberate choices of the product, recorded where the pool is defined. */
  private acknowledgeNagFindings(): void {
    const pool = this.userPool;
    acknowledge(pool, `The product's password rule is at least ${PASSWORD_MIN_LENGTH} characters, with no character-class requirement.`, 'AwsSolutions-COG1');
    acknowledge(
      pool,
      'MFA is optional for the pool (TOTP only): parents and tutors sign in with email and password; the API refuses an admin session without TOTP.',
      'AwsSolutions-COG2',
    );
    acknowledge(pool, 'Threat protection (advanced security) needs the Plus plan; not required at this product stage.', 'AwsSolutions-COG3');
    acknowledge(pool, 'The Lite plan covers what the product uses (triggers, groups, password sign-in); Plus is not needed yet.', 'AwsSolutions-COG8');
  }
}
