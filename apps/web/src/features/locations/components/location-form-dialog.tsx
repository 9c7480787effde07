import {
  LOCATION_STATUS_LABELS,
  LOCATION_STATUSES,
  LOCATION_TYPE_LABELS,
  LOCATION_TYPES,
  type LocationDto,
  type LocationInput,
  locationSchema,
  mayChangeLocationStatus,
  mayChangeSiteCustomer,
  ZERO_RATING_LABELS,
  ZERO_RATINGS,
} from '@stockyard/shared';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { applyServerErrors, serverMessage } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import { useSession } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { useCreateLocation } from '../api/create-location';
import { useUpdateLocation } from '../api/update-location';

type FormValues = {
  name: string;
  address: string;
  type: string;
  status: string;
  customerName: string;
  customerAddress: string;
  customerEmail: string;
  customerVatId: string;
  customerZeroRated: boolean;
  customerZeroRating: string;
  customerPostcode: string;
  customerCity: string;
  customerCountryCode: string;
  customerBuyerReference: string;
};

const FIELDS = [
  'name',
  'address',
  'type',
  'status',
  'customerName',
  'customerAddress',
  'customerEmail',
  'customerVatId',
  'customerZeroRated',
  'customerZeroRating',
  'customerPostcode',
  'customerCity',
  'customerCountryCode',
  'customerBuyerReference',
] as const;

function toFormValues(location: LocationDto | null): FormValues {
  return location
    ? {
        name: location.name,
        address: location.address,
        type: location.type,
        status: location.status,
        customerName: location.customerName ?? '',
        customerAddress: location.customerAddress ?? '',
        customerEmail: location.customerEmail ?? '',
        customerVatId: location.customerVatId ?? '',
        customerZeroRated: location.customerZeroRated,
        customerZeroRating: location.customerZeroRating ?? '',
        customerPostcode: location.customerPostcode ?? '',
        customerCity: location.customerCity ?? '',
        customerCountryCode: location.customerCountryCode ?? '',
        customerBuyerReference: location.customerBuyerReference ?? '',
      }
    : {
        name: '',
        address: '',
        type: '',
        status: 'ACTIVE',
        customerName: '',
        customerAddress: '',
        customerEmail: '',
        customerVatId: '',
        customerZeroRated: false,
        customerZeroRating: '',
        customerPostcode: '',
        customerCity: '',
        customerCountryCode: '',
        customerBuyerReference: '',
      };
}

/** Add Location and Edit Location: the same fields, the shared schema's messages. */
export function LocationFormDialog({
  open,
  onOpenChange,
  location,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The location to edit; null adds one. */
  location: LocationDto | null;
}) {
  const editing = location !== null;
  const user = useSession()?.user;
  // Manage Locations edits a location's details; opening or closing it is an admin's.
  const statusEditable = user !== undefined && mayChangeLocationStatus(user);
  // Whom the site bills is an admin's to say, as its status is.
  const customerEditable = user !== undefined && mayChangeSiteCustomer(user);
  const create = useCreateLocation();
  const update = useUpdateLocation();
  const form = useForm<FormValues, unknown, LocationInput>({
    resolver: schemaResolver<FormValues, LocationInput>(locationSchema),
    defaultValues: toFormValues(location),
  });
  const { register, handleSubmit, reset, setError, formState } = form;
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (open) reset(toFormValues(location));
  }, [open, location, reset]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      if (editing) {
        await update.mutateAsync({ id: location.id, input });
        notifyToast.success('Location Updated');
      } else {
        await create.mutateAsync(input);
        notifyToast.success('Location Created');
      }
      onOpenChange(false);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
      notifyToast.error(editing ? 'Failed to update location.' : 'Failed to create location.', {
        description: serverMessage(error),
      });
    }
  });

  const fieldProps = (field: keyof FormValues) => ({
    ...controlProps(`location-${field}`, errors[field] !== undefined),
    ...register(field),
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={editing ? 'Edit Location' : 'Add Location'}
        description={editing ? 'Change the details of this location.' : 'Add a yard or field site.'}
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField id="location-name" label="Name" error={errors.name?.message}>
            <Input placeholder="Location name" autoComplete="off" {...fieldProps('name')} />
          </FormField>
          <FormField id="location-address" label="Address" error={errors.address?.message}>
            <Input placeholder="Street, town" autoComplete="off" {...fieldProps('address')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="location-type" label="Type" error={errors.type?.message}>
              <Select {...fieldProps('type')}>
                <option value="">Select type</option>
                {LOCATION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {LOCATION_TYPE_LABELS[type]}
                  </option>
                ))}
              </Select>
            </FormField>
            {statusEditable ? (
              <FormField id="location-status" label="Status" error={errors.status?.message}>
                <Select {...fieldProps('status')}>
                  <option value="">Select status</option>
                  {LOCATION_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {LOCATION_STATUS_LABELS[status]}
                    </option>
                  ))}
                </Select>
              </FormField>
            ) : (
              <div className="space-y-1.5">
                <p className="text-sm font-medium">Status</p>
                {location ? (
                  <Badge tone={location.status === 'ACTIVE' ? 'green' : 'grey'}>
                    {LOCATION_STATUS_LABELS[location.status]}
                  </Badge>
                ) : null}
                <p className="text-xs text-muted-foreground">
                  Only an admin can change a location's status.
                </p>
              </div>
            )}
          </div>
          {customerEditable ? (
            <fieldset className="space-y-4 rounded-md border border-border p-4">
              <legend className="px-1 text-sm font-medium">Customer</legend>
              <p className="text-xs text-muted-foreground">
                Who this site's hire and work invoices are made out to.
              </p>
              <FormField
                id="location-customerName"
                label="Customer name"
                error={errors.customerName?.message}
              >
                <Input autoComplete="off" {...fieldProps('customerName')} />
              </FormField>
              <FormField
                id="location-customerAddress"
                label="Customer address"
                error={errors.customerAddress?.message}
              >
                <Textarea rows={2} {...fieldProps('customerAddress')} />
              </FormField>
              <div className="grid gap-4 sm:grid-cols-3">
                <FormField
                  id="location-customerPostcode"
                  label="Postcode"
                  error={errors.customerPostcode?.message}
                >
                  <Input autoComplete="off" {...fieldProps('customerPostcode')} />
                </FormField>
                <FormField
                  id="location-customerCity"
                  label="City"
                  error={errors.customerCity?.message}
                >
                  <Input autoComplete="off" {...fieldProps('customerCity')} />
                </FormField>
                <FormField
                  id="location-customerCountryCode"
                  label="Country code"
                  error={errors.customerCountryCode?.message}
                >
                  <Input
                    autoComplete="off"
                    placeholder="DE, FR, GB"
                    {...fieldProps('customerCountryCode')}
                  />
                </FormField>
              </div>
              <FormField
                id="location-customerBuyerReference"
                label="Buyer reference"
                error={errors.customerBuyerReference?.message}
              >
                <Input
                  autoComplete="off"
                  placeholder="Their order or routing reference (a Leitweg-ID)"
                  {...fieldProps('customerBuyerReference')}
                />
              </FormField>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  id="location-customerEmail"
                  label="Customer e-mail"
                  error={errors.customerEmail?.message}
                >
                  <Input type="email" autoComplete="off" {...fieldProps('customerEmail')} />
                </FormField>
                <FormField
                  id="location-customerVatId"
                  label="VAT ID"
                  error={errors.customerVatId?.message}
                >
                  <Input autoComplete="off" {...fieldProps('customerVatId')} />
                </FormField>
              </div>
              <Checkbox
                id="location-customerZeroRated"
                label="Zero-rated (no VAT)"
                {...register('customerZeroRated')}
              />
              <FormField
                id="location-customerZeroRating"
                label="Why zero-rated"
                error={errors.customerZeroRating?.message}
              >
                <Select {...fieldProps('customerZeroRating')}>
                  <option value="">Zero-rated</option>
                  {ZERO_RATINGS.filter((rating) => rating !== 'Z').map((rating) => (
                    <option key={rating} value={rating}>
                      {ZERO_RATING_LABELS[rating]}
                    </option>
                  ))}
                </Select>
              </FormField>
            </fieldset>
          ) : null}
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : editing ? 'Update Location' : 'Add Location'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
