/**
 * The titles of the screens Home also shows as tabs, apart from the screens themselves: Home names
 * every tab at once but loads a tab's code only when it is opened (app/routes/home.tsx).
 */
export const SEARCH_TITLE = 'Recherche';
export const PARENT_PAYMENTS_TITLE = 'Mes Paiements';
export const TUTOR_REVENUES_TITLE = 'Mes Revenus';
