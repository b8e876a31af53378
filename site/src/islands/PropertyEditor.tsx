import { ConfirmEmailBanner } from '../components/react/ConfirmEmailBanner.tsx';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ApiError, describeError, newIdempotencyKey, apiRoute } from '../lib/api.ts';
import { emptyForm, formFromProperty } from '../lib/propertyForm.ts';
import { loadProperty, type PropertyLoad } from '../lib/propertyLoad.ts';
import { idFromPath } from '../lib/routeId.ts';
import type { User } from '../lib/types.ts';
import { toast } from '../stores/toasts.ts';
import { fill, pageHref, text } from '../lib/i18n.ts';
import { GuardedIsland, OWNER_ROLES } from '../components/react/Guarded.tsx';
import { PropertyForm } from '../components/react/propertyForm/PropertyForm.tsx';
import { Spinner } from '../components/react/Spinner.tsx';

export const REDIRECT_AFTER_SAVE_MS = 2000;

// What our team asked to correct shows nothing until its own request answers: its code loads with it.
const FixRequested = lazy(async () => ({
  default: (await import('../components/react/FixRequested.tsx')).FixRequested,
}));

const afterSave = (message: string) => {
  toast.success(message);
  window.setTimeout(
    () => window.location.assign(pageHref('/my-properties')),
    REDIRECT_AFTER_SAVE_MS,
  );
};

/**
 * One Idempotency-Key for the whole form: a second click after an unclear failure (the answer
 * never came) gets the first outcome instead of a second listing.
 */
const useFormKey = () => useState(newIdempotencyKey)[0];

const Create = () => {
  const idempotencyKey = useFormKey();
  return (
    <>
      <ConfirmEmailBanner />
      <PropertyForm
        mode="create"
        initial={emptyForm()}
        submit={(form) => apiRoute('POST /properties', { form, idempotencyKey })}
        onSuccess={() => afterSave(text('propertyForm.created'))}
        onFailure={(error) => toast.error(describeError(error, text('propertyForm.createFailed')))}
      />
    </>
  );
};

const BackToMine = () => (
  <a className="button button-primary" href={pageHref('/my-properties')}>
    {text('propertyForm.backToMine')}
  </a>
);

const Edit = ({ user }: { user: User }) => {
  const idempotencyKey = useFormKey();
  const [load, setLoad] = useState<PropertyLoad>({ status: 'loading' });
  useEffect(() => {
    const id = idFromPath(window.location.pathname, 'edit-property');
    if (!id) {
      setLoad({ status: 'missing' });
      return;
    }
    void loadProperty(id, [404], (error) =>
      error instanceof ApiError && error.message ? error.message : text('propertyForm.loadFailed'),
    ).then(setLoad);
  }, []);
  if (load.status === 'loading') return <Spinner />;
  // fill, not text: the English text's apostrophes make it a parsed message.
  if (load.status === 'missing')
    return (
      <div className="empty-state card">
        <h1>{text('propertyForm.notFound.title')}</h1>
        <p className="muted">{fill('propertyForm.notFound.text')}</p>
        <BackToMine />
      </div>
    );
  if (load.status === 'error')
    return (
      <div className="empty-state card" role="alert">
        <h1>{text('propertyForm.loadError.title')}</h1>
        <p className="muted">{load.message}</p>
        <BackToMine />
      </div>
    );
  const { property } = load;
  // Saving would be refused (403); say so before anyone fills in someone else's form.
  if (property.ownerId !== user._id)
    return (
      <div className="empty-state card" role="alert">
        <h1>{text('propertyForm.notYours.title')}</h1>
        <p className="muted">{text('propertyForm.notYours.text')}</p>
        <BackToMine />
      </div>
    );
  return (
    <PropertyForm
      mode="edit"
      initial={formFromProperty(property)}
      existingImages={property.images}
      notice={
        <Suspense fallback={null}>
          <FixRequested listingId={property._id} editedAt={property.updatedAt} />
        </Suspense>
      }
      submit={(form) =>
        apiRoute('PUT /properties/:id', {
          params: { id: property._id },
          form,
          idempotencyKey,
        })
      }
      onSuccess={() => afterSave(text('propertyForm.updated'))}
      onFailure={(error) => toast.error(describeError(error, text('propertyForm.updateFailed')))}
    />
  );
};

/** /add-property and /edit-property/{id}: owners and brokers only. */
export default function PropertyEditor({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <GuardedIsland roles={OWNER_ROLES}>
      {(user) => (mode === 'create' ? <Create /> : <Edit user={user} />)}
    </GuardedIsland>
  );
}
