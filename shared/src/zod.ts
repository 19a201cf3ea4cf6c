/**
 * The one way shared code gets zod: `zod/mini` (the same validation for ~12 KB instead of ~85 KB
 * in every bundle) with French default messages. Importing zod from here guarantees the locale is
 * set before any schema of the contract validates anything.
 * Use it as a namespace (`import * as z from './zod.js'`): bundlers then keep only what is used
 * (exporting the namespace as an object would drag all of zod into every bundle).
 */
import { config } from 'zod/mini';
import fr from 'zod/v4/locales/fr.js';

config(fr());

export * from 'zod/mini';
