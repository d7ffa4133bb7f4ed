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
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  const toggle = () => set(!isOpen());
  // Following a link in the menu closes it, even to the section already shown.
  const close = () => set(false);
  // Escape closes it and gives the focus back to its button.
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    set(false);
    button.focus();
  };
  button.addEventListener('click', toggle);
  menu.addEventListener('click', close);
  doc.addEventListener('keydown', closeOnEscape);
  return () => {
    button.removeEventListener('click', toggle);
    menu.removeEventListener('click', close);
    doc.removeEventListener('keydown', closeOnEscape);
  };
}
