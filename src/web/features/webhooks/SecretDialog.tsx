import { Button } from '#ui/button';
import { copyText } from '#ui/copy';
import { Dialog } from '#ui/dialog';
import { FormField, Input } from '#ui/input';
import type { EndpointWithSecret } from './api';

/** The secret, this once: the server never answers it again. */
export function SecretDialog({
  shown,
  onClose,
}: {
  shown: EndpointWithSecret | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={shown !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="سرّ التوقيع"
      description="انسخ السرّ الآن واحفظه في النظام المستقبِل؛ لن يظهر مرة أخرى."
    >
      {shown ? (
        <div className="space-y-4">
          <FormField label={`سرّ ${shown.endpoint.url}`}>
            {(control) => (
              <Input {...control} dir="ltr" readOnly value={shown.secret} className="font-mono" />
            )}
          </FormField>
          <Button className="w-full" onClick={() => void copyText(shown.secret, 'سرّ التوقيع')}>
            نسخ السرّ
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
