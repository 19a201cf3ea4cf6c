import type { Context } from 'aws-lambda';
import { messages } from '#shared/messages';
import { routes } from '#shared/routes';
import { apiHandler, callerOf, json, type ApiEvent, type ApiResult } from '#commons/http';
import { deleteAccount } from './delete-account.js';

const deleteMe = apiHandler(routes.deleteMe, {}, async ({ caller }) => {
  await deleteAccount(caller.userId);
  return { statusCode: 204, headers: { 'cache-control': 'no-store' }, body: '' };
});

/**
 * `DELETE /api/me`: deletes the caller's account (parent, tuteur, entreprise). An admin account is
 * not deleted by its owner — another admin or the operator removes it — and the refusal says so,
 * rather than the role guard's generic 403.
 */
export const handler = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
  let groups: string[] = [];
  try {
    groups = callerOf(event).groups;
  } catch {
    // No subject: the route's own guard answers 401.
  }
  const admitted = groups.some((group) => (routes.deleteMe.roles as readonly string[]).includes(group));
  if (groups.includes('admin') && !admitted) {
    return json(403, { error: { code: 'forbidden', message: messages.account.adminCannotDelete } });
  }
  return deleteMe(event, context);
};
