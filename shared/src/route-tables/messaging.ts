import type { RouteDefinition } from '../routes.js';

/**
 * Issue 31: conversations between a parent and a tutor. Only the two participants read or write a
 * conversation (the handler checks the caller against the conversation's pair: never a parameter);
 * an admin reads only reported messages, through the reports queue (a snapshot of the message and
 * its context), never a conversation.
 */
export const messagingRoutes = {
  listConversations: { method: 'GET', path: '/api/conversations', handler: 'messages/api', auth: 'jwt', roles: ['parent', 'tuteur'] },
  /** Opens, or finds again, the pair's one conversation: a parent names a tutor ('Poser une question'), either side a lesson of theirs. */
  startConversation: { method: 'POST', path: '/api/conversations', handler: 'messages/api', auth: 'jwt', roles: ['parent', 'tuteur'] },
  getConversationMessages: { method: 'GET', path: '/api/conversations/{id}/messages', handler: 'messages/api', auth: 'jwt', roles: ['parent', 'tuteur'] },
  sendMessage: { method: 'POST', path: '/api/conversations/{id}/messages', handler: 'messages/api', auth: 'jwt', roles: ['parent', 'tuteur'] },
  markConversationRead: { method: 'POST', path: '/api/conversations/{id}/read', handler: 'messages/api', auth: 'jwt', roles: ['parent', 'tuteur'] },
  reportMessage: {
    method: 'POST',
    path: '/api/conversations/{id}/messages/{messageId}/report',
    handler: 'messages/reports-api',
    auth: 'jwt',
    roles: ['parent', 'tuteur'],
  },
  adminMessageReports: { method: 'GET', path: '/api/admin/message-reports', handler: 'messages/reports-api', auth: 'jwt', roles: ['admin'] },
  adminDecideMessageReport: { method: 'POST', path: '/api/admin/message-reports/{id}/decide', handler: 'messages/reports-api', auth: 'jwt', roles: ['admin'] },
} as const satisfies Record<string, RouteDefinition>;
