import type { ReactNode } from 'react';

/**
 * A native checkbox inside its label, the label being its touch target: `children` is the
 * visible text, or `aria-label` names a box whose row says what it chooses.
 */
export function Checkbox({
  className,
  boxClassName,
  checked,
  onCheckedChange,
  'aria-label': ariaLabel,
  children,
}: {
  className: string;
  boxClassName: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  'aria-label'?: string;
  children?: ReactNode;
}) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        className={boxClassName}
        aria-label={ariaLabel}
        checked={checked}
        onChange={(e) => onCheckedChange(e.target.checked)}
      />
      {children}
    </label>
  );
}
