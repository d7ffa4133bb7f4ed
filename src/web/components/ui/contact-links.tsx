import { MessageCircle, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { telHref, whatsappHref } from '#domain';
import { buttonClasses } from './button';

/** Calls a phone, as an outline button. */
export function CallLink({ phone, children }: { phone: string; children: ReactNode }) {
  return (
    <a href={telHref(phone)} className={buttonClasses('outline')}>
      <Phone aria-hidden="true" className="size-4" />
      {children}
    </a>
  );
}

/** Opens a WhatsApp chat with a phone in a new tab, `text` typed in, as an outline button. */
export function WhatsappLink({
  phone,
  text,
  children,
}: {
  phone: string;
  text?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={whatsappHref(phone, text)}
      target="_blank"
      rel="noreferrer"
      className={buttonClasses('outline')}
    >
      <MessageCircle aria-hidden="true" className="size-4" />
      {children}
    </a>
  );
}
