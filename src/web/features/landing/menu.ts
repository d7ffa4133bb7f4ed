const OPEN_LABEL = 'فتح القائمة';
const CLOSE_LABEL = 'إغلاق القائمة';

/**
 * The landing page's one interactive control, the phone menu, in plain DOM code: the page is
 * prerendered HTML and needs no framework to open a menu. Returns a function that detaches it.
 */
export function enhanceLandingMenu(doc: Document): () => void {
  const button = doc.querySelector<HTMLButtonElement>('button[aria-controls="landing-menu"]');
  const menu = doc.getElementById('landing-menu');
  if (!button || !menu) return () => {};
  const icons = button.querySelectorAll('svg');
  const set = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open));
    button.setAttribute('aria-label', open ? CLOSE_LABEL : OPEN_LABEL);
    menu.classList.toggle('hidden', !open);
    menu.classList.toggle('flex', open);
    icons[0]?.classList.toggle('hidden', open);
    icons[1]?.classList.toggle('hidden', !open);
  };
  const toggle = () => set(button.getAttribute('aria-expanded') !== 'true');
  // Following an anchor in the menu closes it.
  const close = () => set(false);
  button.addEventListener('click', toggle);
  doc.defaultView?.addEventListener('hashchange', close);
  return () => {
    button.removeEventListener('click', toggle);
    doc.defaultView?.removeEventListener('hashchange', close);
  };
}
