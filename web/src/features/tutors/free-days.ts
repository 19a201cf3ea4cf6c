/**
 * The days the free-slots card lists before 'Voir plus' (issue 28): the next few, about a phone's
 * screen (two rows of two side by side on a wider screen). Fourteen days of slots made the tutor
 * page a long scroll on a phone.
 */
export const FREE_SLOTS_FIRST_DAYS = 4;
