/**
 * The e-mail of a message left unread (issue 31): one per unread run, UNREAD_EMAIL_DELAY_MINUTES
 * after its first message. CONTRACT ONLY on main until the safety/notifications branch lands: that
 * helper replaces this body (a one-time EventBridge Scheduler schedule, named after the
 * conversation, the recipient's side and the seq, that invokes the notifier; the notifier checks
 * the message is still unread and writes one `message_unread` notification, e-mailed as the others).
 * The messages API calls it when a message makes the recipient's unread count go from 0 to 1.
 */
import type { ConversationSide } from '#shared/messaging';

export interface UnreadRun {
  conversationId: string;
  recipientUserId: string;
  recipientSide: ConversationSide;
  /** The first unread message of the run. */
  seq: number;
  sentAt: string;
}

export async function scheduleUnreadEmail(run: UnreadRun): Promise<void> {
  void run;
}
