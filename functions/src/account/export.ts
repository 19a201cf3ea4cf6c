/**
 * The export of everything Kalan holds about one user (law 2013-450 of Côte d'Ivoire, right of
 * access), read through the entities: its profile, onboarding answers, tutor profile, favourites,
 * search history, KYC submissions (status, dates, and for each document its name and a
 * short-lived link — never the bytes), the transactions where it is the parent or the tutor with
 * their history and disputes, the ratings, and its conversations with their messages (issue 31). Nothing of another user but what the user's own
 * records name (a tutor's name on the parent's lesson, a parent's name on the tutor's).
 */
import type { Role } from '#shared/constants';
import { KYC_URL_TTL_SECONDS } from '#shared/constants';
import { TRANSACTION_STATUS_LABELS } from '#shared/payments';
import type { Caller } from '#commons/http';
import { toView } from '../payments/transactions.js';
import { signedFileUrl } from '../uploads/storage.js';
import { exportConversations } from './conversations.js';
import { readKycSubmissions, readTransactionRecords, readTransactions, readUserItems, type Transaction } from './records.js';

export const EXPORT_FORMAT = 'kalan-mes-donnees/1';

interface DocumentLink {
  name: string;
  url: string;
  expires_in: number;
}

const fileName = (key: string) => key.slice(key.lastIndexOf('/') + 1);

async function link(key: string, reader: { userId: string; groups: readonly Role[] }): Promise<DocumentLink> {
  const { url, expires_in } = await signedFileUrl(key, Date.now(), reader);
  return { name: fileName(key), url, expires_in };
}

async function withRecords(tx: Transaction, side: 'parent' | 'tutor') {
  const { history, dispute } = await readTransactionRecords(tx.id);
  return {
    ...toView(tx),
    status_label: TRANSACTION_STATUS_LABELS[tx.status],
    // The parent's own contact details, as given at booking; a tutor never gets the parent's.
    ...(side === 'parent' ? { email: tx.email, phone_number: tx.phone_number ?? null } : {}),
    history: history.map(({ entry: _entry, transaction_id: _id, ...rest }) => rest),
    dispute: dispute ? (({ transaction_id: _id, ...rest }) => rest)(dispute) : null,
  };
}

export async function exportOf(caller: Pick<Caller, 'userId' | 'groups' | 'email'>) {
  const { userId } = caller;
  const reader = { userId, groups: caller.groups };
  const [items, submissions, { asParent, asTutor }] = await Promise.all([readUserItems(userId), readKycSubmissions(userId), readTransactions(userId)]);
  const tutor = items.tutorProfile;
  const [parentTransactions, tutorTransactions, kyc, photo, diplomas, messaging] = await Promise.all([
    Promise.all(asParent.map((tx) => withRecords(tx, 'parent'))),
    Promise.all(asTutor.map((tx) => withRecords(tx, 'tutor'))),
    Promise.all(
      [...submissions]
        .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))
        .map(async (s) => ({
          id: s.id,
          status: s.status,
          created_at: s.created_at,
          reviewed_at: s.reviewed_at ?? null,
          admin_notes: s.admin_notes ?? null,
          documents: {
            piece_identite: await link(s.cni_image_key, reader),
            selfie: await link(s.selfie_image_key, reader),
          },
        })),
    ),
    tutor?.profile_image_url ? link(tutor.profile_image_url, reader) : null,
    Promise.all((tutor?.diploma_images ?? []).map((key) => link(key, reader))),
    exportConversations(userId),
  ]);
  const rated = (list: typeof parentTransactions) =>
    list
      .filter((tx) => tx.courses[0]?.parent_rating !== undefined)
      .map((tx) => ({ transaction_id: tx.id, rating: tx.courses[0]!.parent_rating!, review: tx.courses[0]!.parent_review ?? null, rated_at: tx.courses[0]!.rated_at ?? null }));
  return {
    format: EXPORT_FORMAT,
    exported_at: new Date().toISOString(),
    /** Presigned links to the documents and images live this long (seconds). */
    links_expire_in: KYC_URL_TTL_SECONDS,
    account: { user_id: userId, email: items.profile?.email ?? caller.email ?? null, groups: caller.groups },
    profile: items.profile,
    onboarding: { parent_preferences: items.parentPreferences, organisation: items.organisation },
    tutor_profile: tutor ? { ...tutor, profile_image_url: undefined, diploma_images: undefined, profile_photo: photo, diplomas } : null,
    favorites: items.favorites.map(({ tutor_id, created_at }) => ({ tutor_id, created_at })),
    search_history: [...items.searches]
      .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))
      .map(({ user_id: _user, ...entry }) => entry),
    kyc: { status: items.kycStatus?.status ?? null, submissions: kyc },
    recommendations: items.recommendations ? { created_at: items.recommendations.created_at, model_id: items.recommendations.model_id, answer: items.recommendations.answer } : null,
    notifications: {
      preferences: items.notificationPreferences ? { email: items.notificationPreferences.email, whatsapp: items.notificationPreferences.whatsapp ?? false } : null,
      received: [...items.notifications]
        .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))
        .map(({ kind, title, body, link, created_at, read_at }) => ({ kind, title, body, link, created_at, read_at: read_at ?? null })),
    },
    transactions: { as_parent: parentTransactions, as_tutor: tutorTransactions },
    disputes_opened: parentTransactions.flatMap((tx) => (tx.dispute ? [{ transaction_id: tx.id, ...tx.dispute }] : [])),
    ratings: { given: rated(parentTransactions), received: rated(tutorTransactions) },
    /** Issue 31: the caller's conversations, every message as stored (masked as sent), and its messaging standing. */
    messages: messaging,
  };
}
