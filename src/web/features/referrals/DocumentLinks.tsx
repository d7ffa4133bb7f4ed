import { TENANT_DOCUMENT_LABELS } from '#domain';
import { isPrivateFile } from './api';

/**
 * The tenant's documents, for admins: a private download for uploads, the typed link (opened
 * through the server, which records it) otherwise.
 */
export function DocumentLinks({
  salary,
  credit,
}: {
  salary: string | null;
  credit: string | null;
}) {
  const documents = [
    { label: TENANT_DOCUMENT_LABELS.salary, href: salary },
    { label: TENANT_DOCUMENT_LABELS.credit, href: credit },
  ].filter((d): d is { label: string; href: string } => Boolean(d.href));
  if (documents.length === 0) return <span>لا توجد مستندات</span>;
  return (
    <ul className="space-y-1">
      {documents.map((d) => (
        <li key={d.label}>
          <a
            href={d.href}
            className="inline-flex min-h-11 items-center font-medium text-brand-800 underline"
            {...(isPrivateFile(d.href)
              ? { download: true }
              : { target: '_blank', rel: 'noreferrer' })}
          >
            {d.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
