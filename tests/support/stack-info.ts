/** What the test stack tells the tests (written by infra/local/stack.ts to stack.json). */
export interface StackInfo {
  appUrl: string;
  apiUrl: string;
  cognitoUrl: string;
  /** The local mailbox (infra/local/mailbox.ts): the codes of sign-up and password reset. */
  mailboxUrl: string;
  /** The WhatsApp Cloud API double's conversations page (infra/local/whatsapp-double.ts, on the mailbox's port). */
  whatsappUrl: string;
  dataDir: string;
  pool: { userPoolId: string; userPoolClientId: string };
  accounts: Array<{ role: string; email: string; password: string }>;
  /** The seeded admin's TOTP secret, once the test set-up enrolled it (support/admin-session.ts); never for `npm start`. */
  adminTotpSecret?: string;
  ports: { app: number; dynamodb: number; cognito: number; s3: number; sfn: number; paystack: number; lambda: number; mailbox: number; scheduler: number; payouts: number };
}

declare module 'vitest' {
  export interface ProvidedContext {
    stack: StackInfo;
  }
}
