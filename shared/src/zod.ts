/**
 * The one way shared code gets zod: `zod/mini` (the same validation for ~12 KB instead of ~85 KB
 * in every bundle) with French default messages. Importing `z` from here guarantees the locale is
 * set before any schema of the contract validates anything.
 */
import * as z from 'zod/mini';
import fr from 'zod/v4/locales/fr.js';

z.config(fr());

export { z };
