/**
 * Reading the local mailbox (infra/local/mailbox.ts) as a person would read their e-mail: the
 * codes of sign-up and password reset come from there, never from an admin shortcut.
 * Plain functions (no Vitest): the benchmarks use them too.
 */
import { EMAIL_CODE_LENGTH } from '#shared/constants';

export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  html?: string;
  text: string;
  source: string;
  receivedAt: string;
}

interface MailboxTarget {
  ports: { mailbox: number };
}

export const mailboxUrl = (target: MailboxTarget) => `http://127.0.0.1:${target.ports.mailbox}`;

/** The e-mails sent to this address, newest first. */
export async function mailsTo(email: string, target: MailboxTarget): Promise<MailboxMessage[]> {
  const response = await fetch(`${mailboxUrl(target)}/messages?to=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`Boîte aux lettres locale : ${response.status}`);
  return ((await response.json()) as { messages: MailboxMessage[] }).messages;
}

/** The code in an e-mail's text (the only run of 6 digits). */
export function codeIn(message: MailboxMessage): string {
  const code = new RegExp(`\\b(\\d{${EMAIL_CODE_LENGTH}})\\b`).exec(message.text)?.[1];
  if (!code) throw new Error(`Pas de code dans l'e-mail « ${message.subject} »`);
  return code;
}

/**
 * Waits for an e-mail to this address newer than `newerThan` (an id from an earlier look, so a
 * resent code is not mistaken for the first one) and returns it. Waits on the mailbox's state.
 */
export async function nextMail(
  email: string,
  target: MailboxTarget,
  options: { newerThan?: string; timeoutMs?: number } = {},
): Promise<MailboxMessage> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const [newest] = await mailsTo(email, target);
    if (newest && (!options.newerThan || newest.id > options.newerThan)) return newest;
    if (Date.now() > deadline) throw new Error(`Aucun nouvel e-mail pour ${email} dans la boîte aux lettres locale`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The id of the newest e-mail to this address, to wait for the next one. */
export async function newestMailId(email: string, target: MailboxTarget): Promise<string | undefined> {
  return (await mailsTo(email, target))[0]?.id;
}
