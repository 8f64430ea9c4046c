/**
 * Navigation from outside React (the api client's 401/403 handling). The router registers its navigate
 * function at start; before that, a full page load is used.
 */
type NavigateFn = (to: string, opts?: { replace?: boolean }) => void;

let navigateFn: NavigateFn | null = null;

/** Called once by the router setup with its navigate function. */
export function setNavigator(fn: NavigateFn): void {
  navigateFn = fn;
}

/** Navigates in-app (or by full load before the router exists). */
export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  if (navigateFn) navigateFn(to, opts);
  else window.location.assign(to);
}

/** True when the current page is in the admin back office (`/admin…`). */
export function onAdminPath(pathname = window.location.pathname): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}
