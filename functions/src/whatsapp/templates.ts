/**
 * A notification as a WhatsApp template (shared/src/whatsapp.ts WHATSAPP_TEMPLATE_OF): the
 * approved template of its kind with its variables in order, and its buttons' parameters — the
 * 'Nouvelle demande' its two quick replies (payloads `lesson:accept|decline:<id>`, no authority),
 * the reminder and the others their link into the app. Pure: the notifier and the tests share it.
 */
import { formatFcfa } from '#shared/money';
import { subjectInSentence } from '#shared/french';
import { frenchDelay, lessonTimeLabel } from '#shared/french-dates';
import { buttonPayload, WHATSAPP_TEMPLATE_OF } from '#shared/whatsapp';
import type { NotificationContent, NotificationDetails, Side } from '#shared/notifications';
import type { TemplateMessage } from './cloud-api.js';

/**
 * A template variable as the Cloud API accepts it: no new lines or tabs, no more than four spaces
 * in a row (Meta refuses the message otherwise), and not empty.
 */
export function templateText(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat || '—';
}

/** 'mardi 1er décembre, 09:00' (after 'le' in a sentence). */
const when = (instant: string | undefined) => (instant ? lessonTimeLabel(instant).replace(/^\S/, (c) => c.toLowerCase()) : 'date à convenir');

/**
 * The variable part of a URL button: the approved button's address is the site's root followed by
 * {{1}} (`https://<site>/{{1}}`), so the variable is the app's path without its leading '/'.
 */
const linkParameter = (link: string) => link.replace(/^\//, '');

export function whatsappTemplateOf(details: NotificationDetails, side: Side, content: NotificationContent): TemplateMessage {
  const generic = (): TemplateMessage => ({
    name: 'kalan_notification',
    body: [templateText(content.title), templateText(content.body)],
    buttons: [{ type: 'url', text: linkParameter(content.link) }],
  });
  const name = WHATSAPP_TEMPLATE_OF[details.kind];
  if (!name) return generic();
  const b = (...values: string[]) => values.map(templateText);
  switch (details.kind) {
    case 'lesson_requested': {
      const { facts } = details;
      // The tutor's answer, tappable: the webhook acts with the app's own rules.
      return {
        name: 'kalan_nouvelle_demande',
        body: b(facts.parentName, subjectInSentence(facts.subject), when(facts.start), when(facts.answerDeadline ?? facts.start)),
        buttons: [
          { type: 'quick_reply', payload: buttonPayload({ action: 'accept', transactionId: facts.transactionId }) },
          { type: 'quick_reply', payload: buttonPayload({ action: 'decline', transactionId: facts.transactionId }) },
        ],
      };
    }
    case 'lesson_accepted':
      return { name: 'kalan_cours_accepte', body: b(details.facts.tutorName, subjectInSentence(details.facts.subject), when(details.facts.start)) };
    case 'lesson_declined':
      return { name: 'kalan_cours_refuse', body: b(details.facts.tutorName, subjectInSentence(details.facts.subject), when(details.facts.start)) };
    case 'lesson_reminder': {
      const { facts } = details;
      const other = side === 'parent' ? facts.tutorName : facts.parentName;
      // 'Rappel : cours de mathématiques avec Awa Koné dans 1 heure.' + 'Voir le cours'.
      return {
        name: 'kalan_rappel_cours',
        body: b(subjectInSentence(facts.subject), other, `dans ${frenchDelay(details.secondsBefore)}`),
        buttons: [{ type: 'url', text: linkParameter(content.link) }],
      };
    }
    case 'payment_received':
      return { name: 'kalan_paiement_recu', body: b(formatFcfa(details.facts.amountTotal), subjectInSentence(details.facts.subject), when(details.facts.start)) };
    case 'refund_done':
      return { name: 'kalan_remboursement', body: b(formatFcfa(details.facts.amountRefunded), subjectInSentence(details.facts.subject)) };
    case 'funds_released':
      // The template speaks to the tutor paid; the parent's 'versé au répétiteur' goes out generic.
      if (side !== 'tutor') return generic();
      return { name: 'kalan_fonds_verses', body: b(formatFcfa(details.facts.amountTutor), subjectInSentence(details.facts.subject), when(details.facts.start)) };
    case 'payout_paid':
    case 'payout_failed':
    case 'payout_reversed':
    case 'payout_cancelled':
      return { name: 'kalan_retrait', body: b(content.body) };
    case 'message_unread':
      // The sender's name only, never the message's text.
      return { name: 'kalan_message', body: b(details.senderName), buttons: [{ type: 'url', text: linkParameter(content.link) }] };
    default:
      return generic();
  }
}
