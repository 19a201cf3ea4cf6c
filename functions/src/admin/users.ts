import { adminPageQuerySchema } from '#shared/payments-schemas';
import { routes } from '#shared/routes';
import { ok } from '#commons/http';
import { apiHandlerWithSecondFactor } from '#commons/http-second-factor';
import { profilesPage } from './money.js';

/** `GET /api/admin/users[?cursor=]`: one page of the profiles, newest first. */
export const handler = apiHandlerWithSecondFactor(routes.adminUsers, { query: adminPageQuerySchema }, async ({ query }) => ok(await profilesPage(query.cursor)));
