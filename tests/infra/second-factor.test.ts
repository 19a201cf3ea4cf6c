/** The admin's second factor in the synthesized template: the pool offers TOTP (never SMS), optionally. */
import { describe, expect, it } from 'vitest';
import type { CfnResource } from './synthesize.js';
import { synthesize } from './synthesize.js';

const { template } = synthesize();
const pool = () => (Object.values(template.findResources('AWS::Cognito::UserPool')) as CfnResource[])[0]!.Properties;

describe('Cognito user pool: second factor', () => {
  it('has MFA optional, by authenticator app (TOTP) only', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
    });
  });

  it('sends no code by SMS (no SMS role, no SMS MFA)', () => {
    expect(pool().EnabledMfas).not.toContain('SMS_MFA');
    expect(pool().SmsConfiguration).toBeUndefined();
  });
});
