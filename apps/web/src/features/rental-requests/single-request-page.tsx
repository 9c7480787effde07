import {
  localToday,
  RENTAL_REQUEST_MESSAGES as M,
  MATERIAL_UNIT_LABELS,
  MATERIAL_UNITS,
  ownLocation,
  type SingleRentalRequestInput,
  singleRentalRequestSchema,
} from '@stockyard/shared';
import { ArrowLeft } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { LocationSelect } from '@/components/location-select';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DateInput } from '@/components/ui/date-input';
import { controlProps, ErrorLine, FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { useLocationOptions } from '@/hooks/use-location-options';
import { applyServerErrors } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import { KEPT_ON_DEVICE } from '@/lib/offline/device';
import { useSession } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { useCreateRentalRequest } from './api/save-rental-request';
import { RequesterBanner } from './components/requester-banner';

type FormValues = {
  name: string;
  quantity: string;
  unit: string;
  requestedDate: string;
  returnDate: string;
  location: string;
  description: string;
  notes: string;
};

const FIELDS = [
  'name',
  'quantity',
  'unit',
  'requestedDate',
  'returnDate',
  'location',
  'description',
  'notes',
] as const;

function emptyForm(scope: number | null): FormValues {
  return {
    name: '',
    quantity: '1',
    unit: 'EACH',
    requestedDate: localToday(),
    returnDate: '',
    location: scope ? String(scope) : '',
    description: '',
    notes: '',
  };
}

/** The single material request (02 section 2.5): one free-text material. */
export default function SingleRequestPage() {
  const user = useSession()?.user;
  // A field manager's delivery location is their own, and locked.
  const scope = user ? ownLocation(user) : null;
  const navigate = useNavigate();
  const create = useCreateRentalRequest();
  const locations = useLocationOptions('active');
  const { register, control, handleSubmit, reset, setError, formState } = useForm<
    FormValues,
    unknown,
    SingleRentalRequestInput
  >({ resolver: schemaResolver(singleRentalRequestSchema), defaultValues: emptyForm(scope) });
  const { errors, isSubmitting } = formState;
  const described = (field: keyof FormValues) =>
    controlProps(`request-${field}`, errors[field] !== undefined);

  const onSubmit = handleSubmit(async (input) => {
    if (!user) {
      notifyToast.error('Error', { description: M.noUser });
      return;
    }
    try {
      const outcome = await create.mutateAsync(input);
      if (outcome.kept) {
        notifyToast.info(KEPT_ON_DEVICE.title, { description: KEPT_ON_DEVICE.description });
        navigate('/rental-requests');
        return;
      }
      notifyToast.success(M.submitted, { description: M.submittedText });
      navigate(`/requests/${outcome.answer.data.id}`);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      notifyToast.error('Error', { description: M.submitFailed });
    }
  });

  const options = (locations.data ?? []).filter((option) => scope === null || option.id === scope);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to="/rental-requests" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to Rental Requests
      </Link>
      <div>
        <h1 className="text-2xl font-semibold">Material Request</h1>
        <p className="text-sm text-muted-foreground">
          Ask the office for a material; an admin approves or rejects the request.
        </p>
      </div>
      {user ? <RequesterBanner user={user} /> : null}
      {locations.isError ? <ErrorLine>{M.loadFailed('locations')}</ErrorLine> : null}

      <Card className="p-4 sm:p-6">
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField id="request-name" label="Material Name" error={errors.name?.message}>
            <Input autoComplete="off" {...described('name')} {...register('name')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="request-quantity" label="Quantity" error={errors.quantity?.message}>
              <Input
                inputMode="numeric"
                autoComplete="off"
                {...described('quantity')}
                {...register('quantity')}
              />
            </FormField>
            <FormField id="request-unit" label="Unit" error={errors.unit?.message}>
              <Select {...described('unit')} {...register('unit')}>
                <option value="">Select unit</option>
                {MATERIAL_UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {MATERIAL_UNIT_LABELS[unit]}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField
              id="request-requestedDate"
              label="Requested Date"
              error={errors.requestedDate?.message}
            >
              <Controller
                control={control}
                name="requestedDate"
                render={({ field }) => (
                  <DateInput
                    {...described('requestedDate')}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                  />
                )}
              />
            </FormField>
            <FormField
              id="request-returnDate"
              label="Expected Return Date"
              error={errors.returnDate?.message}
            >
              <Controller
                control={control}
                name="returnDate"
                render={({ field }) => (
                  <DateInput
                    {...described('returnDate')}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                  />
                )}
              />
            </FormField>
          </div>
          <FormField
            id="request-location"
            label="Delivery Location"
            error={errors.location?.message}
          >
            {scope !== null ? (
              // Locked: the field manager's own location, kept in the form's values.
              <Input
                {...described('location')}
                readOnly
                value={user?.location?.name ?? 'Your location'}
                className="bg-muted"
              />
            ) : (
              <LocationSelect
                {...described('location')}
                {...register('location')}
                id="request-location"
                state={locations}
                options={options}
                placeholder="Select location"
              />
            )}
          </FormField>
          <FormField
            id="request-description"
            label="Description"
            error={errors.description?.message}
          >
            <Textarea rows={3} {...described('description')} {...register('description')} />
          </FormField>
          <FormField id="request-notes" label="Additional Notes" error={errors.notes?.message}>
            <Textarea rows={3} {...described('notes')} {...register('notes')} />
          </FormField>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => reset(emptyForm(scope))}>
              Reset Form
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Submitting...' : 'Submit Request'}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
