import { type ComponentProps, lazy, Suspense } from 'react';

// The link card's dialogs (the dialog primitive, its scroll lock, the QR image code) are not on
// the dashboards' first load: each is fetched the first time a broker opens it.

const QrDialogCode = lazy(() => import('./card-dialogs').then((m) => ({ default: m.QrDialog })));
const NewLinkDialogCode = lazy(() =>
  import('./card-dialogs').then((m) => ({ default: m.NewLinkDialog })),
);

/** «رمز QR»'s dialog, loaded on demand. */
export function LazyQrDialog(props: ComponentProps<typeof QrDialogCode>) {
  return (
    <Suspense fallback={null}>
      <QrDialogCode {...props} />
    </Suspense>
  );
}

/** «رابط جديد»'s confirmation, loaded on demand. */
export function LazyNewLinkDialog(props: ComponentProps<typeof NewLinkDialogCode>) {
  return (
    <Suspense fallback={null}>
      <NewLinkDialogCode {...props} />
    </Suspense>
  );
}
