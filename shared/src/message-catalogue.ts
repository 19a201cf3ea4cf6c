/**
 * The French message catalogue (spec §8) as `messages` (messages.ts) knows it: `messages.ui.retry`.
 * Each section is a module of its own (message-catalogue/<section>.ts, `uiMessages`): the SPA and
 * the shared rules import the sections they read, so that a page's bundle carries only those
 * (issue 34: a visitor's first page); the Lambdas and the tests keep the whole `messages`.
 */
export { authMessages as auth } from './message-catalogue/auth.js';
export { validationMessages as validation } from './message-catalogue/validation.js';
export { httpMessages as http } from './message-catalogue/http.js';
export { whatsappMessages as whatsapp } from './message-catalogue/whatsapp.js';
export { searchMessages as search } from './message-catalogue/search.js';
export { favoritesMessages as favorites } from './message-catalogue/favorites.js';
export { paymentsMessages as payments } from './message-catalogue/payments.js';
export { lessonsMessages as lessons } from './message-catalogue/lessons.js';
export { aiMessages as ai } from './message-catalogue/ai.js';
export { uploadsMessages as uploads } from './message-catalogue/uploads.js';
export { kycMessages as kyc } from './message-catalogue/kyc.js';
export { onboardingMessages as onboarding } from './message-catalogue/onboarding.js';
export { tutorsMessages as tutors } from './message-catalogue/tutors.js';
export { revenuesMessages as revenues } from './message-catalogue/revenues.js';
export { payoutsMessages as payouts } from './message-catalogue/payouts.js';
export { reconcileMessages as reconcile } from './message-catalogue/reconcile.js';
export { adminMessages as admin } from './message-catalogue/admin.js';
export { packagesMessages as packages } from './message-catalogue/packages.js';
export { guaranteeMessages as guarantee } from './message-catalogue/guarantee.js';
export { messagingMessages as messaging } from './message-catalogue/messaging.js';
export { notificationsMessages as notifications } from './message-catalogue/notifications.js';
export { mailboxMessages as mailbox } from './message-catalogue/mailbox.js';
export { accountMessages as account } from './message-catalogue/account.js';
export { mfaMessages as mfa } from './message-catalogue/mfa.js';
export { offlineMessages as offline } from './message-catalogue/offline.js';
export { uiMessages as ui } from './message-catalogue/ui.js';
export { notFoundMessage as notFound } from './message-catalogue/not-found.js';
