/**
 * A deleted account leaves the other side's notifications (kept 180 days) without its name: 'Le
 * paiement a été versé à Koffi Brou' becomes '… versé à Compte supprimé', as the transaction it is
 * about. Rewritten once, when the account is deleted (account/delete-account.ts), rather than
 * resolved at each read: a notification's text is stored whole, and a read-time lookup would cost
 * every list of every user for 180 days to serve the rare deletion. The e-mails already sent are
 * not ours to recall.
 */
import type { FormattedItem } from 'dynamodb-toolbox/entity';
import { UpdateItemCommand } from 'dynamodb-toolbox/entity/actions/update';
import { QueryCommand } from 'dynamodb-toolbox/table/actions/query';
import { isConditionalCheckFailure, kalanTable, userPartition } from '#commons/db';
import { NOTIFICATION_PREFIX, NotificationEntity, sourceOfNotification } from './entities.js';

/** A transaction of the deleted account, seen from the other side: who was told, about what, of whom. */
export interface NotificationMention {
  /** The other side, whose notifications may name the deleted account. */
  recipient: string;
  transactionId: string;
  /** The deleted account's name as the transaction (hence its notifications) holds it. */
  name: string;
}

export interface NotificationText {
  title: string;
  body: string;
}

/** The text without `names` (each replaced by `replacement`), or null when none of them appears. */
export function withoutNames(text: NotificationText, names: readonly string[], replacement: string): NotificationText | null {
  const replace = (value: string) => names.reduce((current, name) => (name ? current.replaceAll(name, replacement) : current), value);
  const changed = { title: replace(text.title), body: replace(text.body) };
  return changed.title === text.title && changed.body === text.body ? null : changed;
}

type NotificationItem = FormattedItem<typeof NotificationEntity>;

async function notificationsOf(userId: string): Promise<NotificationItem[]> {
  const { Items = [] } = await kalanTable
    .build(QueryCommand)
    .entities(NotificationEntity)
    .query({ partition: userPartition(userId), range: { beginsWith: NOTIFICATION_PREFIX } })
    .options({ consistent: true, maxPages: Infinity })
    .send();
  return Items;
}

/**
 * Rewrites, in each recipient's partition, the notifications about the mentioned transactions that
 * name the deleted account; returns how many. Only those transactions' notifications: a namesake
 * elsewhere in the recipient's list keeps its name. A retry rewrites nothing twice.
 */
export async function anonymiseNotifications(mentions: readonly NotificationMention[], replacement: string): Promise<number> {
  const byRecipient = new Map<string, Map<string, Set<string>>>();
  for (const { recipient, transactionId, name } of mentions) {
    if (!name || name === replacement) continue;
    const transactions = byRecipient.get(recipient) ?? new Map<string, Set<string>>();
    transactions.set(transactionId, (transactions.get(transactionId) ?? new Set()).add(name));
    byRecipient.set(recipient, transactions);
  }
  let rewritten = 0;
  for (const [recipient, transactions] of byRecipient) {
    for (const item of await notificationsOf(recipient)) {
      const names = transactions.get(sourceOfNotification(item.id));
      const changed = names && withoutNames(item, [...names], replacement);
      if (!changed) continue;
      await NotificationEntity.build(UpdateItemCommand)
        .item({ user_id: recipient, id: item.id, ...changed })
        .options({ condition: { attr: 'id', exists: true } })
        .send()
        .catch((error: unknown) => {
          // Gone meanwhile (its TTL, or the recipient's own deletion): nothing left to rewrite.
          if (!isConditionalCheckFailure(error)) throw error;
        });
      rewritten += 1;
    }
  }
  return rewritten;
}
