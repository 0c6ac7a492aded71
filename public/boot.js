/* global document */
// Runs before the app loads (a file, not an inline script: the Content-Security-Policy allows scripts from
// the app's own origin only, docs/security.md). It matches the stored theme and language so a dark page
// does not flash white, and names the loading indicator in that language.
(function () {
  var lng = 'en';
  try {
    if (localStorage.getItem('theme-mode') === 'dark') document.documentElement.classList.add('boot-dark');
    var stored = localStorage.getItem('language');
    if (stored === 'de' || stored === 'fr' || stored === 'pt') lng = stored;
  } catch {
    /* storage unavailable: defaults apply */
  }
  if (lng === 'en') return;
  document.documentElement.lang = lng;
  var labels = { de: 'Wird geladen', fr: 'Chargement', pt: 'A carregar' };
  document.addEventListener('DOMContentLoaded', function () {
    var loading = document.getElementById('loading-bg');
    if (loading) loading.setAttribute('aria-label', labels[lng]);
  });
})();
