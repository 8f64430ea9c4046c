// Theme before the first paint (issue 28). A classic script in <head>, blocking, before any style sheet is used:
// it reads the preference `src/lib/theme.ts` stores (local storage `oj-theme`: light, dark, or absent = follow the
// system) and sets <html data-theme> and color-scheme, so the boot shell and the first render are drawn in the right
// look without a flash. A file of its own (content-hashed under /assets by build/theme-boot.ts) because the CSP
// allows no inline script.
(() => {
  let pref = null;
  try {
    pref = localStorage.getItem('oj-theme');
  } catch (_) {
    // storage unavailable: follow the system
  }
  const dark =
    pref === 'dark' ||
    (pref !== 'light' && !!window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  const root = document.documentElement;
  root.setAttribute('data-theme', dark ? 'dark' : 'light');
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
