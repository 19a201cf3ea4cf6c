import { Stack } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  StringAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { PASSWORD_MIN_LENGTH, ROLES } from '#shared/constants';
import { eventHandlers } from '#shared/routes';
import { KalanFunction } from './kalan-function.js';
import { acknowledge, nagId } from './nag.js';
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
    const preSignUp = new KalanFunction(this, 'PreSignUp', {
      handlerModule: eventHandlers.preSignUp,
      table,
      stage,
      tableAccess: 'none',
    });
    const postConfirmation = new KalanFunction(this, 'PostConfirmation', {
      handlerModule: eventHandlers.postConfirmation,
      table,
      stage,
      tableAccess: 'write',
    });
    // The pool's ARN would make pool → trigger → role policy → pool a cycle; name the ARN instead.
    const { region, account, partition } = Stack.of(this);
    postConfirmation.addToRolePolicy(
      new PolicyStatement({
        actions: ['cognito-idp:AdminAddUserToGroup'],
        resources: [`arn:${partition}:cognito-idp:${region}:${account}:userpool/*`],
      }),
    );
    this.userPool.addTrigger(UserPoolOperation.PRE_SIGN_UP, preSignUp);
    this.userPool.addTrigger(UserPoolOperation.POST_CONFIRMATION, postConfirmation);
    acknowledge(
      postConfirmation,
      'The pool id cannot be referenced from its own trigger without a circular dependency; the statement only allows AdminAddUserToGroup, in this account and region.',
      nagId(this, 'AwsSolutions-IAM5[Resource::arn:{partition}:cognito-idp:{region}:{account}:userpool/*]'),
    );
  }

  /** Deliberate choices of the product, recorded where the pool is defined. */
  private acknowledgeNagFindings(): void {
    const pool = this.userPool;
    acknowledge(pool, `The product's password rule is at least ${PASSWORD_MIN_LENGTH} characters, with no character-class requirement.`, 'AwsSolutions-COG1');
    acknowledge(pool, 'MFA is not part of the product at this stage: parents and tutors sign in with email and password.', 'AwsSolutions-COG2');
    acknowledge(pool, 'Threat protection (advanced security) needs the Plus plan; not required at this product stage.', 'AwsSolutions-COG3');
    acknowledge(pool, 'The Lite plan covers what the product uses (triggers, groups, password sign-in); Plus is not needed yet.', 'AwsSolutions-COG8');
  }
}
