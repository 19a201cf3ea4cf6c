/**
 * The reports of messages (issue 31), three routes in one Lambda chosen by API Gateway's `routeKey`
 * (as the notifications' API: one function for the stack's resource budget):
 * - `POST /api/conversations/{id}/messages/{messageId}/report`: a participant reports the other
 *   side's message (201);
 * - `GET /api/admin/message-reports?status=&cursor=`: the admin's queue — each report's snapshot,
 *   never a conversation;
 * - `POST /api/admin/message-reports/{id}/decide`: the admin's decision, once. A warning tells the
 *   author through the notifications (in the app, and by e-mail by the author's choice).
 * The admin routes ask for the TOTP second factor, as every admin route.
 */
import type { Context } from 'aws-lambda';
import * as z from '#shared/zod';
import { messages } from '#shared/messages';
import { adminReportsQuerySchema, conversationIdSchema, decideReportSchema, messageIdSchema, reportIdSchema, reportMessageSchema } from '#shared/messaging-schemas';
import { routeKey, routes } from '#shared/routes';
import { apiHandler, json, ok, type ApiEvent, type ApiResult } from '#commons/http';
import { apiHandlerWithSecondFactor } from '#commons/http-second-factor';
import { logger } from '#commons/logger';
import { deliver } from '../notifications/deliver.js';
import { pushToUsers } from './realtime-push.js';
import { decideReport, reportMessage, reportsPage, toReportView, type DecisionOutcome } from './reports.js';

const reportParamsSchema = z.object({ id: conversationIdSchema, messageId: messageIdSchema });
const decideParamsSchema = z.object({ id: reportIdSchema });

/** A warning tells the author; a failure to tell is logged, never undoes the decision (it is recorded). */
async function warnAuthor({ report }: DecisionOutcome): Promise<void> {
  try {
    await deliver(
      report.author_user_id,
      { side: report.author_side, details: { kind: 'message_warning', conversationId: report.conversation_id }, ref: `${report.id}#message_warning` },
      report.decided_at!,
    );
  } catch (error) {
    logger.error('Warning not delivered', { report_id: report.id, error: (error as Error).message });
  }
}

const byRoute: Record<string, (event: ApiEvent, context: Context) => Promise<ApiResult>> = {
  [routeKey(routes.reportMessage)]: apiHandler(routes.reportMessage, { params: reportParamsSchema, body: reportMessageSchema }, async ({ caller, params, body }) =>
    json(201, await reportMessage(caller.userId, params.id, params.messageId, body)),
  ),
  [routeKey(routes.adminMessageReports)]: apiHandlerWithSecondFactor(routes.adminMessageReports, { query: adminReportsQuerySchema }, async ({ query }) =>
    ok(await reportsPage(query.status, query.cursor)),
  ),
  [routeKey(routes.adminDecideMessageReport)]: apiHandlerWithSecondFactor(
    routes.adminDecideMessageReport,
    { params: decideParamsSchema, body: decideReportSchema },
    async ({ caller, params, body }) => {
      const outcome = await decideReport(params.id, caller.userId, body);
      if (body.decision === 'warn') await warnAuthor(outcome);
      // A hidden message changes on both participants' open screens now, not at their next read:
      // the 'message' event makes them read the conversation again (pushToUsers never throws).
      if (body.decision === 'hide') {
        const { report } = outcome;
        await pushToUsers([report.reporter_user_id, report.author_user_id], { type: 'message', conversation_id: report.conversation_id, seq: report.message.seq });
      }
      return ok(toReportView(outcome.report, outcome.author));
    },
  ),
};

export const handler = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
  const route = byRoute[event.routeKey];
  if (!route) return json(404, { error: { code: 'not_found', message: messages.http.notFound } });
  return route(event, context);
};
