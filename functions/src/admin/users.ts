import { adminPageQuerySchema } from '#shared/payments-schemas';
import { routes } from '#shared/routes';
import { apiHandler, ok } from '#commons/http';
import { profilesPage } from './money.js';

/** `GET /api/admin/users[?cursor=]`: one page of the profiles, newest first. */
export const handler = apiHandler(routes.adminUsers, { query: adminPageQuerySchema }, async ({ query }) => ok(await profilesPage(query.cursor)));
