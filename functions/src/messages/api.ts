/**
 * The messages API, five routes in one Lambda (like payouts/wallet-api.ts): each keeps its own
 * `apiHandler` (roles, schemas, French errors), chosen by API Gateway's `routeKey`. Always the
 * caller's own conversations: the side is the token's role, never a parameter, and a conversation
 * of others answers 404 as an unknown one does.
 *
 * - `GET /api/conversations`: the caller's conversations, most recently active first, paged; the unread total.
 * - `POST /api/conversations`: opens (201) or finds again (200) the pair's one conversation.
 * - `GET /api/conversations/{id}/messages?before=`: a page of messages, oldest first.
 * - `POST /api/conversations/{id}/messages`: sends (201), or a retry of the same request_id (200) — send.ts.
 * - `POST /api/conversations/{id}/read`: read up to a seq — read.ts.
 */
import type { Context } from 'aws-lambda';
import { messages } from '#shared/messages';
import type { ConversationSide } from '#shared/messaging';
import {
  conversationIdSchema,
  conversationsQuerySchema,
  markConversationReadSchema,
  messagesPageQuerySchema,
  sendMessageSchema,
  startConversationSchema,
} from '#shared/messaging-schemas';
import { routeKey, routes } from '#shared/routes';
import * as z from '#shared/zod';
import { apiHandler, json, ok, type ApiEvent, type ApiResult, type Caller } from '#commons/http';
import { conversationsOf, conversationView, messagesPage, startConversation, type Participant } from './conversations.js';
import { tooManyRequestsResponse, TooManyRequestsError } from './limits.js';
import { markRead } from './read.js';
import { sendMessage } from './send.js';

const conversationParams = z.object({ id: conversationIdSchema });

/** The caller's side: the routes admit parents and tutors only, and nobody is both. */
const participant = (caller: Caller): Participant => ({ userId: caller.userId, side: (caller.groups.includes('parent') ? 'parent' : 'tutor') as ConversationSide });

/** A limit reached answers 429 with `Retry-After`. */
async function limited(work: () => Promise<ApiResult>): Promise<ApiResult> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TooManyRequestsError) return tooManyRequestsResponse(error);
    throw error;
  }
}

const byRoute: Record<string, (event: ApiEvent, context: Context) => Promise<ApiResult>> = {
  [routeKey(routes.listConversations)]: apiHandler(routes.listConversations, { query: conversationsQuerySchema }, async ({ caller, query }) =>
    ok(await conversationsOf(participant(caller), query.cursor)),
  ),
  [routeKey(routes.startConversation)]: apiHandler(routes.startConversation, { body: startConversationSchema }, async ({ caller, body }) =>
    limited(async () => {
      const who = participant(caller);
      const { created, conversation } = await startConversation(body, who);
      return json(created ? 201 : 200, await conversationView(conversation, who));
    }),
  ),
  [routeKey(routes.getConversationMessages)]: apiHandler(
    routes.getConversationMessages,
    { params: conversationParams, query: messagesPageQuerySchema },
    async ({ caller, params, query }) => ok(await messagesPage(params.id, participant(caller), query.before)),
  ),
  [routeKey(routes.sendMessage)]: apiHandler(routes.sendMessage, { params: conversationParams, body: sendMessageSchema }, async ({ caller, params, body }) =>
    limited(async () => {
      const { created, sent } = await sendMessage(params.id, body, participant(caller));
      return json(created ? 201 : 200, sent);
    }),
  ),
  [routeKey(routes.markConversationRead)]: apiHandler(
    routes.markConversationRead,
    { params: conversationParams, body: markConversationReadSchema },
    async ({ caller, params, body }) => ok(await markRead(params.id, body.read_seq, participant(caller))),
  ),
};

export const handler = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
  const route = byRoute[event.routeKey];
  if (!route) return json(404, { error: { code: 'not_found', message: messages.http.notFound } });
  return route(event, context);
};
