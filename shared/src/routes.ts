/**
 * The route table, defined once: CDK creates one HTTP API route per entry, the local router
 * serves the same entries, and the SPA's API client uses the ids.
 * Each domain declares its routes in `route-tables/<domain>.ts`; they are merged here.
 * `handler` is a module of `functions/src` (without extension) exporting `handler`.
 * Data only, no side effects: Lambdas import it as `#shared/routes` to keep zod out of their bundle.
 */
import type { Role } from './constants.js';
import { ROLES } from './constants.js';
import { accountRoutes } from './route-tables/account.js';
import { authRoutes } from './route-tables/auth.js';
import { discoveryRoutes } from './route-tables/discovery.js';
import { onboardingRoutes } from './route-tables/onboarding.js';
import { lessonRoutes } from './route-tables/lessons.js';
import { messagingRoutes } from './route-tables/messaging.js';
import { notificationRoutes } from './route-tables/notifications.js';
import { packageRoutes } from './route-tables/packages.js';
import { paymentRoutes } from './route-tables/payments.js';
import { payoutRoutes } from './route-tables/payouts.js';
import { visitorRoutes } from './route-tables/visitors.js';
import { whatsappRoutes } from './route-tables/whatsapp.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ANY';

export interface RouteDefinition {
  method: HttpMethod;
  /** API Gateway path syntax, e.g. `/api/tutors/{id}`. */
  path: string;
  handler: string;
  /**
   * `jwt`: the Cognito JWT authorizer guards the route. `public`: no authorizer, no caller — the
   * payment webhooks (signed) and the visitors' routes under `/api/public/` (public fields only).
   */
  auth: 'jwt' | 'public';
  /** Groups allowed to call it (checked again inside the handler). */
  roles: readonly Role[];
  /**
   * An admin reaches it without having passed the TOTP second factor (see
   * `requiresAdminSecondFactor`): its own profile, the second factor's own routes, and routes
   * where an admin gets nothing any signed-in user does not.
   */
  adminWithoutSecondFactor?: true;
  /**
   * The caller's account need not exist any more (see `requiresLiveAccount`): only the deletion
   * itself, whose retry finishes what a failed one began once the profile is gone, and the
   * catch-all 404, which touches nothing.
   */
  accountMayBeGone?: true;
}

export const routes = {
  ...authRoutes,
  ...accountRoutes,
  ...onboardingRoutes,
  ...discoveryRoutes,
  ...paymentRoutes,
  ...payoutRoutes,
  ...packageRoutes,
  ...lessonRoutes,
  ...notificationRoutes,
  ...messagingRoutes,
  ...visitorRoutes,
  ...whatsappRoutes,
  /** Catch-all: any other /api path answers a JSON 404 (matched last). */
  notFound: { method: 'ANY', path: '/api/{proxy+}', handler: 'http/not-found', auth: 'jwt', roles: ROLES, adminWithoutSecondFactor: true, accountMayBeGone: true },
} as const satisfies Record<string, RouteDefinition>;

export type RouteId = keyof typeof routes;

/** Cognito triggers and other non-HTTP handlers, also deployed by CDK and served locally. */
export const eventHandlers = {
  preSignUp: 'auth/pre-sign-up',
  postConfirmation: 'auth/post-confirmation',
  /** The French e-mails Cognito sends (sign-up code, resend, forgot password, admin-created account). */
  customMessage: 'auth/custom-message',
  searchIndexer: 'search/index-catalogue',
  /** A profile photo uploaded → its resized WebP variants (S3 notification of the tutor-images bucket). */
  photoResizer: 'photos/resize-photo',
  /** The escrow workflow's Lambda tasks (escrow.asl.json). */
  escrowTasks: 'escrow/tasks',
  /** Repairs transactions whose workflow or Paystack disagrees with their status (every 15 minutes). */
  reconciler: 'escrow/reconcile',
  /**
   * The table's stream → notifications (transactions' status changes, KYC decisions); schedules the
   * lesson reminders, and sends each when its one-time schedule (EventBridge Scheduler) invokes it.
   */
  notifier: 'notifications/notify',
  /** The payout workflow's Lambda tasks (payouts.asl.json): send, check, settle, flag (issue 30). */
  payoutTasks: 'payouts/tasks',
  /** Re-queries every payout left 'envoyé' or stuck, settles it, and checks the providers' float (every 5 minutes). */
  payoutReconciler: 'payouts/reconcile',
  /** The WebSocket API's routes ($connect, $disconnect, $default: ping) — issue 31. */
  socket: 'messages/socket',
  /** The WebSocket API's $connect authorizer: the Cognito access token of `?token=`. */
  socketAuthorizer: 'messages/socket-authorizer',
} as const;

/**
 * An admin caller of this route must have passed the TOTP second factor (commons/second-factor.ts).
 * Fail closed: every route that admits admins, unless it says otherwise.
 */
export function requiresAdminSecondFactor(route: RouteDefinition): boolean {
  return route.roles.includes('admin') && route.adminWithoutSecondFactor !== true;
}

/**
 * The caller's account must still exist (its profile item: commons/live-account.ts), whatever its
 * token says: API Gateway's JWT authorizer accepts a token until it expires, even once its
 * account is deleted. Fail closed: every signed-in route, unless it says otherwise.
 */
export function requiresLiveAccount(route: RouteDefinition): boolean {
  return route.auth === 'jwt' && route.accountMayBeGone !== true;
}

export function routeKey(route: Pick<RouteDefinition, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** Fills `{param}` placeholders: `/api/tutors/{id}` + {id: 'x'} → `/api/tutors/x`. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Paramètre manquant : ${name}`);
    return encodeURIComponent(value);
  });
}

/** Routes in matching order: specific routes first, catch-all (`{proxy+}`) routes last. */
export function routesInMatchOrder(): Array<[RouteId, RouteDefinition]> {
  const entries = Object.entries(routes) as Array<[RouteId, RouteDefinition]>;
  const isCatchAll = (route: RouteDefinition) => route.path.includes('+}');
  return [...entries.filter(([, r]) => !isCatchAll(r)), ...entries.filter(([, r]) => isCatchAll(r))];
}

/** Matches a concrete path against a route path; returns the path parameters or null. */
export function matchPath(routePath: string, actual: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = routePath
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{(\w+)(\\\+)?\}/g, (_m, name: string, greedy?: string) => {
      names.push(name);
      return greedy ? '(.+)' : '([^/]+)';
    });
  const match = new RegExp(`^${pattern}$`).exec(actual);
  if (!match) return null;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]));
}
