import { describe, expect, it } from 'vitest';
import { confirmSignUpSchema, messages, PASSWORD_POLICY, resetPasswordSchema, signInSchema, signUpSchema, updateProfileSchema } from '#shared';
import { PASSWORD_EXAMPLES, type PasswordRule } from '../support/password-examples.js';

const valid = { firstName: 'Aya', lastName: 'Kouadio', role: 'parent', email: 'aya@exemple.ci', password: 'secret12' };

function firstMessage(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string | undefined {
  return result.error?.issues[0]?.message;
}

describe('sign-up and sign-in validation', () => {
  it('accepts a complete sign-up of each public role', () => {
    for (const role of ['parent', 'tuteur', 'entreprise']) {
      expect(signUpSchema.safeParse({ ...valid, role }).success).toBe(true);
    }
  });

  it('refuses the admin role and unknown roles with a French message', () => {
    for (const role of ['admin', 'superuser', '']) {
      const result = signUpSchema.safeParse({ ...valid, role });
      expect(result.success).toBe(false);
      expect(firstMessage(result)).toBe(messages.validation.invalidRole);
    }
  });

  it('requires every field', () => {
    for (const field of Object.keys(valid)) {
      const result = signUpSchema.safeParse({ ...valid, [field]: '' });
      expect(result.success, field).toBe(false);
    }
    expect(firstMessage(signUpSchema.safeParse({ ...valid, firstName: '   ' }))).toBe(messages.validation.required);
  });

  const ruleMessages: Record<PasswordRule, string> = {
    length: 'Le mot de passe doit contenir au moins 8 caractères',
    lowercase: messages.validation.passwordNeedsLowercase,
    digit: messages.validation.passwordNeedsDigit,
  };

  it.each(PASSWORD_EXAMPLES)('judges a new password as the pool does: $password ($why)', ({ password, refused }) => {
    const message = (schema: typeof signUpSchema | typeof resetPasswordSchema) =>
      firstMessage(schema.safeParse({ ...valid, code: '123456', password }));
    expect(message(signUpSchema)).toBe(refused ? ruleMessages[refused] : undefined);
    // The same rule when a password is reset by code.
    expect(message(resetPasswordSchema)).toBe(refused ? ruleMessages[refused] : undefined);
  });

  it('asks for a new password in the words of the one rule: 8 characters, a lower-case letter and a digit', () => {
    // Changing the rule (shared/src/constants.ts) means changing its words too, here and in README.
    expect(PASSWORD_POLICY).toEqual({ minLength: 8, requireLowercase: true, requireUppercase: false, requireDigits: true, requireSymbols: false });
    expect(messages.auth.passwordHelp).toBe('8 caractères minimum, dont une lettre minuscule et un chiffre');
    expect(messages.validation.passwordPolicy).toBe('Le mot de passe doit contenir au moins 8 caractères, dont une lettre minuscule et un chiffre');
    expect(firstMessage(signUpSchema.safeParse({ ...valid, password: '' }))).toBe(messages.validation.required);
  });

  it('only asks for a password at sign-in (older passwords may predate the policy)', () => {
    expect(signInSchema.safeParse({ email: 'aya@exemple.ci', password: 'abc' }).success).toBe(true);
    for (const { password } of PASSWORD_EXAMPLES) expect(signInSchema.safeParse({ email: 'aya@exemple.ci', password }).success, password).toBe(true);
    expect(firstMessage(signInSchema.safeParse({ email: 'aya@exemple.ci', password: '' }))).toBe(messages.validation.required);
  });

  it('trims and lower-cases the e-mail, at sign-up and at sign-in', () => {
    expect(signUpSchema.parse({ ...valid, email: '  Aya.Kouadio@Exemple.CI ' }).email).toBe('aya.kouadio@exemple.ci');
    expect(signInSchema.parse({ email: 'AYA@EXEMPLE.CI', password: 'x' }).email).toBe('aya@exemple.ci');
  });

  it('takes a 6-digit code, spaces ignored', () => {
    expect(confirmSignUpSchema.parse({ code: ' 123 456 ' }).code).toBe('123456');
    for (const code of ['12345', '1234567', 'abcdef']) {
      expect(firstMessage(confirmSignUpSchema.safeParse({ code })), code).toBe(messages.validation.emailCode);
    }
  });

  it('requires a valid email', () => {
    expect(firstMessage(signInSchema.safeParse({ email: 'pas-un-email', password: 'secret1' }))).toBe(
      messages.validation.email,
    );
  });
});

describe('profile update validation', () => {
  it('accepts a name change', () => {
    expect(updateProfileSchema.safeParse({ first_name: 'Awa' }).success).toBe(true);
  });

  it('refuses changes to the role or the verification flag', () => {
    expect(updateProfileSchema.safeParse({ role: 'admin' }).success).toBe(false);
    expect(updateProfileSchema.safeParse({ first_name: 'Awa', is_verified: true }).success).toBe(false);
  });

  it('refuses an empty change', () => {
    expect(updateProfileSchema.safeParse({}).success).toBe(false);
  });
});
