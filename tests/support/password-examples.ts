/**
 * One table of passwords for the one password rule (shared/src/constants.ts `PASSWORD_POLICY`),
 * read by every test of it: the form's zod schema (tests/unit/schemas.test.ts), the pool CDK
 * synthesizes judged as Cognito judges (tests/infra/auth.test.ts) and cognito-local's SignUp
 * (tests/integration/accounts.test.ts). `refused` names the first rule broken, in the order the
 * form checks them; `null` when the password is accepted.
 */
export type PasswordRule = 'length' | 'lowercase' | 'digit';

/** Cognito's words for each rule, in its InvalidPasswordException ('Password did not conform with policy: …'). */
export const COGNITO_REASONS: Record<PasswordRule, RegExp> = {
  length: /Password not long enough/,
  lowercase: /Password must have lowercase characters/,
  digit: /Password must have numeric characters/,
};

export const PASSWORD_EXAMPLES: ReadonlyArray<{ password: string; refused: PasswordRule | null; why: string }> = [
  { password: '1234567890', refused: 'lowercase', why: 'digits only (issue 28)' },
  { password: 'KALAN-2026', refused: 'lowercase', why: 'capitals only' },
  // Cognito counts a–z only: an accented lower-case letter is no lower-case letter to the pool.
  { password: 'ÉÈÊ-2026-À', refused: 'lowercase', why: 'accented capitals and digits' },
  { password: 'abcdefgh', refused: 'digit', why: 'no digit' },
  { password: 'Sans-Chiffre', refused: 'digit', why: 'no digit, with capitals and a symbol' },
  { password: 'abcd123', refused: 'length', why: '7 characters' },
  { password: 'abcdefg1', refused: null, why: '8 characters, a lower-case letter and a digit' },
  { password: 'Secret-123', refused: null, why: "the tests' own password" },
  { password: 'élève2026', refused: null, why: 'accents beside plain lower-case letters' },
  { password: 'Demo-Parent-2026', refused: null, why: 'a demo account of the seed' },
];
