import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Brand } from '#domain/brand';

const navLink =
  'inline-flex min-h-11 items-center px-3 font-medium text-slate-800 hover:text-brand-800';

/**
 * The landing page's header, its one interactive part: prerendered with the page, then
 * hydrated on its own (landing-hydrate.tsx) while the rest of the page stays static HTML.
 */
export function LandingHeader({ brand }: { brand: Brand }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!open) return;
    const list = menu.current;
    // Following a link in the menu closes it, even to the section already shown.
    const closeOnLink = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
    };
    // Escape closes it and gives the focus back to its button.
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    list?.addEventListener('click', closeOnLink);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      list?.removeEventListener('click', closeOnLink);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <nav
      aria-label="التنقل الرئيسي"
      className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4"
    >
      <a href="/" className="inline-flex min-h-11 items-center text-2xl font-bold text-brand-800">
        {brand.productName}
      </a>
      <button
        ref={button}
        type="button"
        className="inline-flex size-11 items-center justify-center rounded-lg hover:bg-slate-100 md:hidden"
        aria-expanded={open}
        aria-controls="landing-menu"
        aria-label={open ? 'إغلاق القائمة' : 'فتح القائمة'}
        onClick={() => setOpen(!open)}
      >
        {open ? (
          <X aria-hidden="true" className="size-6" />
        ) : (
          <Menu aria-hidden="true" className="size-6" />
        )}
      </button>
      <ul
        ref={menu}
        id="landing-menu"
        className={`${open ? 'flex' : 'hidden'} absolute inset-x-0 top-16 flex-col gap-1 border-b border-slate-200 bg-white p-4 md:static md:flex md:flex-row md:items-center md:border-0 md:p-0`}
      >
        <li>
          <a href="#about" className={navLink}>
            من نحن
          </a>
        </li>
        <li>
          <a href="#faq" className={navLink}>
            الأسئلة الشائعة
          </a>
        </li>
        <li>
          <a href={brand.tenantsUrl} target="_blank" rel="noopener noreferrer" className={navLink}>
            للمستأجرين
          </a>
        </li>
        <li>
          <a
            href="/login"
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 font-bold text-white hover:bg-brand-800"
          >
            دخول الوسطاء
          </a>
        </li>
      </ul>
    </nav>
  );
}
