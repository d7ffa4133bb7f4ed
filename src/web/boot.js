// The app's safety net, a plain script that runs before the app's own (written into the head of
// index.html by the build, build/inline-boot.ts, so it costs no request): when one of the app's
// scripts or styles fails to load (a dropped connection on a phone, a deploy that replaced the
// files), or the app stops before drawing anything, the page says so in Arabic and offers to
// load it again, instead of staying blank (docs/decisions/062).
(() => {
  const show = () => {
    // The page below this script is not parsed yet: say it once it is.
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', show, { once: true });
      return;
    }
    const failed = document.getElementById('boot-failed');
    const root = document.getElementById('root');
    if (!(failed instanceof HTMLTemplateElement) || !root) return;
    // Shown already, or the app drew itself: its own error pages take over from there.
    if (root.querySelector('[data-boot]') === null) return;
    root.replaceChildren(failed.content.cloneNode(true));
    document
      .getElementById('boot-retry')
      ?.addEventListener('click', () => window.location.reload());
  };
  window.addEventListener(
    'error',
    (event) => {
      const target = event.target;
      const resource =
        target instanceof HTMLScriptElement ||
        (target instanceof HTMLLinkElement && /stylesheet|modulepreload/.test(target.rel));
      if (resource || target === window) show();
    },
    true,
  );
  window.addEventListener('unhandledrejection', show);
})();
