import { describe, expect, it } from 'vitest';
import { messages, signInSchema, signUpSchema, updateProfileSchema } from '#shared';

const valid = { firstName: 'Aya', lastName: 'Kouadio', role: 'parent', email: 'aya@exemple.ci', password: 'secret1' };

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

  it('requires a password of at least 6 characters', () => {
    const result = signInSchema.safeParse({ email: 'aya@exemple.ci', password: '12345' });
    expect(firstMessage(result)).toBe('Le mot de passe doit contenir au moins 6 caractères');
    expect(signInSchema.safeParse({ email: 'aya@exemple.ci', password: '123456' }).success).toBe(true);
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
