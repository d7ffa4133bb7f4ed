import { Switch as SwitchPrimitive } from 'radix-ui';

export function Switch({
  checked,
  onCheckedChange,
  label,
  disabled,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <SwitchPrimitive.Root
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      aria-label={label}
      className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full bg-slate-400 p-0.5 data-[state=checked]:bg-brand-700 disabled:opacity-50"
    >
      {/* In RTL the thumb starts at the right and slides left when on. */}
      <SwitchPrimitive.Thumb className="block size-6 rounded-full bg-white shadow transition-transform data-[state=checked]:-translate-x-5" />
    </SwitchPrimitive.Root>
  );
}
