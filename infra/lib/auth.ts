import {
  AccountRecovery,
  ClientAttributes,
  FeaturePlan,
  Mfa,
  StringAttribute,
  UserPool,
  UserPoolEmail,
  type UserPoolClient,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { PASSWORD_POLICY, ROLES } from '#shared/constants';
import { messages } from '#shared/messages';
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
      // One account per address whatever its capitals (the SPA and PreSignUp also lower-case it).
      signInCaseSensitive: false,
      // The address is proved by a code before the account can be used (PreSignUp confirms nothing).
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: {
        email: { required: true, mutable: true },
        givenName: { required: true, mutable: true },
        familyName: { required: true, mutable: true },
      },
      // Read by the triggers as `custom:role`; immutable so nobody changes role after sign-up.
      customAttributes: { role: new StringAttribute({ minLen: 1, maxLen: 20, mutable: false }) },
      // The product's one password rule, the form's too (shared/src/constants.ts).
      passwordPolicy: { ...PASSWORD_POLICY },
      // A code (not a link) by e-mail; the CustomMessage trigger writes the French texts, these are
      // Cognito's fallback.
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: messages.auth.emails.signUpSubject,
        emailBody: `${messages.auth.emails.signUpIntro} {####}`,
      },
      email: accountEmail(stage),
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
      // Refresh is always on (CloudFormation adds ALLOW_REFRESH_TOKEN_AUTH); nothing else.
      generateSecret: false,
      authFlows: { userPassword: true },
      // The SPA signs in with the password flow only: no hosted UI, so no OAuth flow, scope or
      // callback URL at all (CDK's default would enable the implicit and code flows on example.com).
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      // Exactly the sign-up form's attributes (PreSignUp refuses any other as well).
      writeAttributes: new ClientAttributes()
        .withStandardAttributes({ email: true, givenName: true, familyName: true })
        .withCustomAttributes('role'),
      readAttributes: new ClientAttributes()
        .withStandardAttributes({ email: true, emailVerified: true, givenName: true, familyName: true })
        .withCustomAttributes('role'),
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
    const customMessage = new KalanFunction(this, 'CustomMessage', { handlerModule: eventHandlers.customMessage, table, stage });
    this.userPool.addTrigger(UserPoolOperation.PRE_SIGN_UP, preSignUp);
    this.userPool.addTrigger(UserPoolOperation.POST_CONFIRMATION, postConfirmation);
    this.userPool.addTrigger(UserPoolOperation.CUSTOM_MESSAGE, customMessage);
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

  /**
   * The Cognito rights a function built after the pool declares (an API function: the account
   * deletion's AdminDeleteUser), on this pool only, with the pool's id in its environment. The pool
   * does not reference those functions, so the statement lives in the function's own policy.
   */
  grantDeclared(fn: KalanFunction): void {
    const actions = (fn.permissions.cognito ?? []).map((action) => `cognito-idp:${action}`);
    if (!actions.length) return;
    fn.addEnvironment('USER_POOL_ID', this.userPool.userPoolId);
    fn.addToRolePolicy(new PolicyStatement({ actions, resources: [this.userPool.userPoolArn] }));
    fn.markGranted('cognito');
  }

  /** Deliberate choices of the product, recorded where the pool is defined. */
  private acknowledgeNagFindings(): void {
    const pool = this.userPool;
    acknowledge(pool, `The product's password rule is at least ${PASSWORD_POLICY.minLength} characters with a lower-case letter and a digit; no capital or symbol is required.`, 'AwsSolutions-COG1');
    acknowledge(
      pool,
      'MFA is optional for the pool (TOTP only): parents and tutors sign in with email and password; the API refuses an admin session without TOTP.',
      'AwsSolutions-COG2',
    );
    acknowledge(pool, 'Threat protection (advanced security) needs the Plus plan; not required at this product stage.', 'AwsSolutions-COG3');
    acknowledge(pool, 'The Lite plan covers what the product uses (triggers, groups, password sign-in); Plus is not needed yet.', 'AwsSolutions-COG8');
  }
}

/**
 * Cognito's own sender (about 50 e-mails a day on the Lite plan: a test stage) unless the stage
 * names an SES sender (infra/stages.ts `accountEmailSender`).
 */
function accountEmail(stage: Stage): UserPoolEmail {
  const sender = stage.accountEmailSender;
  if (!sender) return UserPoolEmail.withCognito();
  return UserPoolEmail.withSES({
    fromEmail: sender.fromEmail,
    fromName: sender.fromName ?? 'Kalan',
    replyTo: sender.replyTo,
    sesRegion: sender.sesRegion,
    sesVerifiedDomain: sender.sesVerifiedDomain,
  });
}
