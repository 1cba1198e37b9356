import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { PAGE_HEADING_ID } from '../../components/page-heading';

/**
 * The layout focuses the new page's heading after each navigation, but the admin pages show
 * their heading late (after their code loads, or after the sign-in check), and focus would be
 * left on nothing, e.g. after OK on the upload popup leads to the login page. This finishes
 * the job once the heading exists. The first page of a visit is left to the browser, as elsewhere.
 */
export function useHeadingFocusAfterNavigation(): void {
  const { key } = useLocation();
  useEffect(() => {
    if (key === 'default') return;
    const active = document.activeElement;
    if (active === null || active === document.body) document.getElementById(PAGE_HEADING_ID)?.focus();
  }, [key]);
}
