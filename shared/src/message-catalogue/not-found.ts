/** The 404 page's line. */
export const notFoundMessage = 'Oops! Page not found';
