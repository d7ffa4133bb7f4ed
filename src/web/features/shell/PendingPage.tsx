/** A page whose content a later release brings: its title inside the real layout. */
export function PendingPage({ title }: { title: string }) {
  return (
    <section className="space-y-2">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-700">هذه الصفحة قيد الإعداد وستتوفر قريباً.</p>
    </section>
  );
}
