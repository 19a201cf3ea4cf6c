import { ZONE_GROUPS } from '#shared/constants';
import type { OptionGroup } from './select-field';

/**
 * The zone selects' headings (issue 33): the communes of the Abidjan district, the other towns,
 * remote lessons. Twenty-one choices in one list are hard to scan on a phone; under these three
 * headings a parent finds their commune or town at a glance.
 */
export const ZONE_OPTION_GROUPS: ReadonlyArray<OptionGroup> = ZONE_GROUPS.map(({ label, zones }) => ({ label, options: zones }));
