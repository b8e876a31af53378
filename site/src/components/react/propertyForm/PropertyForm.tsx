import { lazy, Suspense, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { FormState } from '../../../lib/propertyForm.ts';
import type { Property, PropertyImage } from '../../../lib/types.ts';
import { AvailableFacilities } from './AvailableFacilities.tsx';
import { BasicInformation } from './BasicInformation.tsx';
import { ContactPreferences } from './ContactPreferences.tsx';
import { FormActions } from './FormActions.tsx';
import { createPropertyForm, type FormMode, type SubmitResult } from './formStore.ts';
import { LocationInformation } from './LocationInformation.tsx';
import { PropertyDetails } from './PropertyDetails.tsx';
import { PropertyImages } from './PropertyImages.tsx';
import { SubmissionStatus } from './SubmissionStatus.tsx';
import { Spinner } from '../Spinner.tsx';

// The optional terms' controls (a phone's screens below the fold) load after the form is up
// (site/scripts/checkBudgets.ts: 90 KB of JavaScript); their values and checks are in the form's store.
const TenancyTerms = lazy(async () => ({
  default: (await import('./TenancyTerms.tsx')).TenancyTerms,
}));

type Props = {
  mode: FormMode;
  initial: FormState;
  existingImages?: PropertyImage[];
  /** Shown under the heading (the edit form: what our team asked to correct). */
  notice?: ReactNode;
  /** Sends the body; throws ApiError on failure. */
  submit: (body: FormData) => Promise<SubmitResult>;
  onSuccess: (property: Property) => void;
  onFailure: (error: unknown) => void;
};

/** 'Add New Property' / 'Edit Property' (SPEC §2, §4, §5, §8), section by section. */
export const PropertyForm = ({
  mode,
  initial,
  existingImages,
  notice,
  submit,
  onSuccess,
  onFailure,
}: Props) => {
  const id = useId();
  const [form] = useState(() => createPropertyForm({ id, mode, initial, existingImages, submit }));
  const top = useRef<HTMLDivElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await form.submitForm();
    // The outcome is shown at the top: scroll there, and on failure move focus to the list.
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    if (outcome.kind !== 'saved') top.current?.focus();
    if (outcome.kind === 'saved') onSuccess(outcome.property);
    if (outcome.kind === 'rejected') onFailure(outcome.error);
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={`${id}-heading`}>
      <div ref={top} tabIndex={-1} style={{ outline: 'none' }}>
        <SubmissionStatus form={form} />
      </div>
      {notice}
      <BasicInformation form={form} />
      <LocationInformation form={form} />
      <PropertyDetails form={form} />
      <AvailableFacilities form={form} />
      <Suspense fallback={<Spinner />}>
        <TenancyTerms form={form} />
      </Suspense>
      <ContactPreferences form={form} />
      <PropertyImages form={form} />
      <FormActions form={form} />
    </form>
  );
};
