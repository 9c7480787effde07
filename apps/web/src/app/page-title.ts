import { sectionTitle } from '@stockyard/shared';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

const APP_NAME = 'Stockyard';
const SIGN_IN_TITLE = 'Sign In';
export const NOT_FOUND_TITLE = 'Page Not Found';

/** The name of the page at a path: its route's title, Sign In, or the 404's Page Not Found. */
export function pageTitle(pathname: string): string {
  if (pathname.replace(/\/+$/, '') === '/login') return SIGN_IN_TITLE;
  return sectionTitle(pathname) ?? NOT_FOUND_TITLE;
}

/** The browser tab names the page, then the application: "Inventory · Stockyard". */
function documentTitle(pathname: string): string {
  return `${pageTitle(pathname)} · ${APP_NAME}`;
}

export function useDocumentTitle(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
}
