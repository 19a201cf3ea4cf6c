import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { Match } from 'aws-cdk-lib/assertions';
import { ROLES } from '#shared/constants';
import { messages } from '#shared/messages';
import { eventHandlers } from '#shared/routes';
import { stageFrom } from '../../infra/lib/stage.js';
import { stageSettings } from '../../infra/stages.js';
import { COGNITO_REASONS, PASSWORD_EXAMPLES } from '../support/password-examples.js';
import { type CfnResource, kalanFunctions, logicalId, synthesize } from './synthesize.js';

/** Cognito's reading of a policy, as the local pool applies it (infra/local/cognito-password-policy.cjs). */
const { passwordPolicyViolation } = createRequire(import.meta.url)('../../infra/local/cognito-password-policy.cjs') as {
  passwordPolicyViolation: (policy: Record<string, unknown>, password: string) => string | null;
};

const { stack, template } = synthesize();
const triggers = kalanFunctions(stack.auth);
const triggerFor = (handlerModule: string) => {
  const fn = triggers.find((candidate) => candidate.handlerModule === handlerModule);
  if (!fn) throw new Error(`No Lambda built from ${handlerModule}`);
  return fn;
};
const policiesOf = (roleId: string) =>
  (Object.values(template.findResources('AWS::IAM::Policy')) as CfnResource[])
    .filter((policy) => (policy.Properties.Roles as Array<{ Ref: string }>).some((role) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown }>);
const actionsOf = (roleId: string) => policiesOf(roleId).flatMap((statement) => [statement.Action].flat());

describe('Cognito user pool', () => {
  it('lets people sign up themselves and sign in with their email', () => {
    template.resourceCountIs('AWS::Cognito::UserPool', 1);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      UsernameAttributes: ['email'],
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
    });
  });

  it('requires given and family names and carries an immutable custom:role attribute', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Schema: Match.arrayWith([
        Match.objectLike({ Name: 'given_name', Required: true }),
        Match.objectLike({ Name: 'family_name', Required: true }),
        Match.objectLike({ Name: 'role', AttributeDataType: 'String', Mutable: false }),
      ]),
    });
  });

  it("applies the product's password rule: at least 8 characters with a lower-case letter and a digit, no capital or symbol", () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      Policies: {
        PasswordPolicy: {
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: false,
          RequireNumbers: true,
          RequireSymbols: false,
        },
      },
    });
  });

  it.each(PASSWORD_EXAMPLES)("judges a password as the form does, by the deployed pool's policy: $password ($why)", ({ password, refused }) => {
    const [pool] = Object.values(template.findResources('AWS::Cognito::UserPool')) as CfnResource[];
    const reason = passwordPolicyViolation(pool!.Properties.Policies.PasswordPolicy, password);
    if (refused === null) expect(reason).toBeNull();
    else expect(reason).toMatch(COGNITO_REASONS[refused]);
  });

  it('treats e-mail addresses the same whatever their capitals', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', { UsernameConfiguration: { CaseSensitive: false } });
  });

  it('verifies the e-mail by a code before the account can be used', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AutoVerifiedAttributes: ['email'],
      VerificationMessageTemplate: Match.objectLike({ DefaultEmailOption: 'CONFIRM_WITH_CODE', EmailSubject: messages.auth.emails.signUpSubject }),
    });
  });

  it("sends with Cognito's own e-mail by default, and with SES when the stage names a sender", () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', { EmailConfiguration: { EmailSendingAccount: 'COGNITO_DEFAULT' } });
    const withSes = synthesize({
      stage: stageFrom({
        ...stageSettings('dev'),
        name: 'dev-ses',
        accountEmailSender: { fromEmail: 'no-reply@kalan.ci', fromName: 'Kalan', sesRegion: 'eu-west-1' },
      }),
    });
    withSes.template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({ EmailSendingAccount: 'DEVELOPER', From: 'Kalan <no-reply@kalan.ci>' }),
    });
  });

  it('has exactly one group per role', () => {
    const groups = Object.values(template.findResources('AWS::Cognito::UserPoolGroup')) as CfnResource[];
    expect(groups.map((group) => group.Properties.GroupName).sort()).toEqual([...ROLES].sort());
    for (const group of groups) expect(group.Properties.UserPoolId).toEqual({ Ref: logicalId(stack.auth.userPool) });
  });

  it('runs the PreSignUp, PostConfirmation and CustomMessage Lambdas built from the event handler modules', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        PreSignUp: { 'Fn::GetAtt': [logicalId(triggerFor(eventHandlers.preSignUp)), 'Arn'] },
        PostConfirmation: { 'Fn::GetAtt': [logicalId(triggerFor(eventHandlers.postConfirmation)), 'Arn'] },
        CustomMessage: { 'Fn::GetAtt': [logicalId(triggerFor(eventHandlers.customMessage)), 'Arn'] },
      },
    });
  });

  it('lets only this pool invoke its triggers', () => {
    // The Cognito triggers only: eventHandlers also lists non-Cognito handlers (stream, workflow).
    for (const handlerModule of [eventHandlers.preSignUp, eventHandlers.postConfirmation, eventHandlers.customMessage]) {
      template.hasResourceProperties('AWS::Lambda::Permission', {
        Action: 'lambda:InvokeFunction',
        Principal: 'cognito-idp.amazonaws.com',
        FunctionName: { 'Fn::GetAtt': [logicalId(triggerFor(handlerModule)), 'Arn'] },
        SourceArn: { 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] },
      });
    }
  });

  it('lets PostConfirmation add users to groups of its own pool only and write profiles, and PreSignUp touch no data', () => {
    const postConfirmationRole = logicalId(triggerFor(eventHandlers.postConfirmation).role!);
    const groupStatements = policiesOf(postConfirmationRole).filter((s) => [s.Action].flat().some((a) => a.startsWith('cognito-idp:')));
    expect(groupStatements).toEqual([
      expect.objectContaining({
        Action: 'cognito-idp:AdminAddUserToGroup',
        Resource: { 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] },
      }),
    ]);
    expect(actionsOf(postConfirmationRole)).toContain('dynamodb:PutItem');

    const preSignUpRole = logicalId(triggerFor(eventHandlers.preSignUp).role!);
    expect(actionsOf(preSignUpRole).filter((action) => action.startsWith('dynamodb:'))).toEqual([]);
  });
});

describe('Cognito app client', () => {
  it('is a public client (no secret) using USER_PASSWORD_AUTH and refresh tokens', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    const [client] = Object.values(template.findResources('AWS::Cognito::UserPoolClient')) as CfnResource[];
    expect(client?.Properties.GenerateSecret ?? false).toBe(false);
    expect([...client?.Properties.ExplicitAuthFlows].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH']);
  });

  it('has OAuth off: no implicit or code flow, no scope, no callback or logout URL (nothing uses the hosted UI)', () => {
    const [client] = Object.values(template.findResources('AWS::Cognito::UserPoolClient')) as CfnResource[];
    const properties = client!.Properties;
    expect(properties.AllowedOAuthFlowsUserPoolClient).toBe(false);
    for (const key of ['AllowedOAuthFlows', 'AllowedOAuthScopes', 'CallbackURLs', 'LogoutURLs', 'DefaultRedirectURI']) {
      expect(properties[key], key).toBeUndefined();
    }
    expect(JSON.stringify(properties)).not.toContain('example.com');
  });

  it('lets the browser write only the sign-up form attributes, and read no more than the app shows', () => {
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      PreventUserExistenceErrors: 'ENABLED',
      EnableTokenRevocation: true,
    });
    const [client] = Object.values(template.findResources('AWS::Cognito::UserPoolClient')) as CfnResource[];
    expect([...client!.Properties.WriteAttributes].sort()).toEqual(['custom:role', 'email', 'family_name', 'given_name']);
    expect([...client!.Properties.ReadAttributes].sort()).toEqual(['custom:role', 'email', 'email_verified', 'family_name', 'given_name']);
  });
});
