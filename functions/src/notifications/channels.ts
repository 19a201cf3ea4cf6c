/**
 * The channels a notification goes out on. In-app is the notification item itself (always
 * written: deliver.ts); e-mail goes through SES v2 `SendEmail`; WhatsApp (issue 34) through the
 * Cloud API's templates (whatsapp/send.ts, whatsapp/templates.ts).
 */
import type { NotificationContent } from '#shared/notifications';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { isTransientAwsError, ses } from '#commons/clients/ses';
import { logger } from '#commons/logger';

export interface Recipient {
  userId: string;
  firstName: string;
  email?: string;
  phone?: string;
}

/** `sent`; `rejected` for good (never retried); a transient failure throws (the stream retries). */
export type SendOutcome = 'sent' | 'rejected' | 'disabled';

export interface OutboundChannel {
  readonly name: 'email';
  /** False on a stage without a sender address. */
  readonly available: boolean;
  send(recipient: Recipient, content: NotificationContent): Promise<SendOutcome>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The e-mail of a notification: a greeting, the body, a link to act in the app. */
export function emailOf(recipient: Recipient, content: NotificationContent, siteUrl: string): { subject: string; text: string; html: string } {
  const url = `${siteUrl.replace(/\/$/, '')}${content.link}`;
  const greeting = recipient.firstName ? `Bonjour ${recipient.firstName},` : 'Bonjour,';
  const footer = 'Vous recevez cet e-mail car les notifications par e-mail sont activées dans votre compte Kalan (Notifications › Préférences).';
  return {
    subject: `Kalan — ${content.title}`,
    text: `${greeting}\n\n${content.body}\n\nOuvrir Kalan : ${url}\n\n${footer}`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(content.body)}</p>` +
      `<p><a href="${escapeHtml(url)}">Ouvrir Kalan</a></p><p style="color:#5a5045;font-size:12px">${escapeHtml(footer)}</p>`,
  };
}

/** SES v2 `SendEmail` (a simple message, UTF-8), from the stage's sender address (NOTIFICATIONS_FROM_EMAIL). */
export const sesEmailChannel: OutboundChannel = {
  name: 'email',
  /** A stage without a sender address (infra/stages.ts `accountEmailSender`) sends no e-mail. */
  get available() {
    return Boolean(process.env.NOTIFICATIONS_FROM_EMAIL);
  },
  async send(recipient, content) {
    const from = process.env.NOTIFICATIONS_FROM_EMAIL;
    if (!recipient.email || !from) return 'rejected';
    const mail = emailOf(recipient, content, process.env.SITE_URL ?? '');
    try {
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: [recipient.email] },
          Content: {
            Simple: {
              Subject: { Data: mail.subject, Charset: 'UTF-8' },
              Body: { Text: { Data: mail.text, Charset: 'UTF-8' }, Html: { Data: mail.html, Charset: 'UTF-8' } },
            },
          },
          ...(process.env.SES_CONFIGURATION_SET ? { ConfigurationSetName: process.env.SES_CONFIGURATION_SET } : {}),
        }),
      );
      return 'sent';
    } catch (error) {
      // A refusal of this message (bad address, not verified in SES's sandbox…) will not change on
      // a retry; throttling, a 5xx or the network will.
      if (!isTransientAwsError(error)) {
        const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
        logger.warn('E-mail refused by SES', { error: name, status: $metadata?.httpStatusCode });
        return 'rejected';
      }
      throw error;
    }
  },
};
