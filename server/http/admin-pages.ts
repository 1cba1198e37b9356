/**
 * The admin area (every page under /admin) and its sign-in page: search engines are asked to
 * leave them alone (robots.txt: 'Disallow: /admin' covers the pages under it too), and no cache stores them.
 */
export const ADMIN_PAGE_PATHS: readonly string[] = ['/admin', '/login'];

export function isAdminPagePath(pathname: string): boolean {
  return ADMIN_PAGE_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}
