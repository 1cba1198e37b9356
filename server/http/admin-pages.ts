/**
 * The admin area and its sign-in page: search engines are asked to leave them alone
 * (robots.txt), and no cache keeps them.
 */
export const ADMIN_PAGE_PATHS: readonly string[] = ['/admin', '/login'];
