import { Switch as SwitchPrimitive } from 'radix-ui';

/**
 * A switch whose touch target is 44 px tall however small the track looks: the button is the
 * whole box, the track and thumb are drawn inside it.
 */
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
      className="group inline-flex h-11 w-14 shrink-0 items-center justify-center rounded-full disabled:opacity-50"
    >
      <span className="inline-flex h-7 w-12 items-center rounded-full bg-slate-500 p-0.5 group-data-[state=checked]:bg-brand-700">
        {/* In RTL the thumb starts at the right and slides left when on. */}
        <SwitchPrimitive.Thumb className="block size-6 rounded-full bg-white shadow transition-transform data-[state=checked]:-translate-x-5" />
      </span>
    </SwitchPrimitive.Root>
  );
}
