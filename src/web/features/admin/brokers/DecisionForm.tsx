import type { ReactNode } from 'react';
import { Button } from '#ui/button';
import { FormField, Textarea } from '#ui/input';

/**
 * An admin's decision in a broker's details (their FAL licence, their VAT registration): what
 * comes first (`children`), a text the admin writes, and its confirm and cancel buttons.
 */
export function DecisionForm({
  label,
  text,
  submit,
  destructive = false,
  pending,
  onCancel,
  onSubmit,
  children,
}: {
  label: string;
  text: {
    label: string;
    hint?: string;
    value: string;
    onChange: (value: string) => void;
    error: string | undefined;
  };
  submit: string;
  destructive?: boolean;
  pending: boolean;
  onCancel: () => void;
  onSubmit: () => void;
  children?: ReactNode;
}) {
  return (
    <form
      noValidate
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-3"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <FormField label={text.label} error={text.error} hint={text.hint}>
        {(control) => (
          <Textarea
            {...control}
            required
            value={text.value}
            onChange={(event) => text.onChange(event.target.value)}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
          {submit}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          إلغاء
        </Button>
      </div>
    </form>
  );
}
