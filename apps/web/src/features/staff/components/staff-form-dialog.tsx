import {
  STAFF_MESSAGES as M,
  ownLocation,
  STAFF_STATUS_LABELS,
  STAFF_STATUSES,
  type StaffDto,
  type StaffInput,
  staffSchema,
} from '@stockyard/shared';
import { useEffect, useMemo } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { LocationSelect } from '@/components/location-select';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, ErrorLine, FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { useLocationOptions } from '@/hooks/use-location-options';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import { useSession } from '@/lib/session';
import { notifyToast } from '@/lib/toast';
import { useSaveStaff } from '../api/staff-mutations';

export type StaffFormValues = {
  name: string;
  email: string;
  phone: string;
  position: string;
  locationId: string;
  department: string;
  hireDate: string;
  salary: string;
  status: string;
  address: string;
  emergencyContact: string;
  emergencyPhone: string;
};
const FIELDS: (keyof StaffFormValues)[] = [
  'name',
  'email',
  'phone',
  'position',
  'locationId',
  'department',
  'hireDate',
  'salary',
  'status',
  'address',
  'emergencyContact',
  'emergencyPhone',
];

function toFormValues(member: StaffDto | null, locationId: number | null): StaffFormValues {
  if (member) {
    return {
      ...member,
      locationId: String(member.locationId),
      salary: String(member.salary),
    };
  }
  return {
    name: '',
    email: '',
    phone: '',
    position: '',
    locationId: locationId === null ? '' : String(locationId),
    department: '',
    hireDate: '',
    salary: '0',
    status: 'ACTIVE',
    address: '',
    emergencyContact: '',
    emergencyPhone: '',
  };
}

/** Add Staff and Edit (03 sections 2.2 and 5): every field, every message of the shared schema. */
export function StaffFormDialog({
  open,
  onOpenChange,
  member,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The staff member to edit; null adds one. */
  member: StaffDto | null;
}) {
  const editing = member !== null;
  const user = useSession()?.user;
  // A field manager's staff work at their own location (the server refuses another).
  const scope = user ? ownLocation(user) : null;
  const locations = useLocationOptions('active');
  const options = (locations.data ?? []).filter((o) => scope === null || o.id === scope);
  const save = useSaveStaff();
  const resolver = useMemo(() => schemaResolver<StaffFormValues, StaffInput>(staffSchema), []);
  const { register, control, handleSubmit, reset, setError, formState } = useForm<
    StaffFormValues,
    unknown,
    StaffInput
  >({ resolver, defaultValues: toFormValues(member, scope) });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (open) reset(toFormValues(member, scope));
  }, [open, member, scope, reset]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: member?.id ?? null, input });
      notifyToast.success(editing ? M.updated : M.added, {
        description: editing ? M.updatedText : M.addedText,
      });
      onOpenChange(false);
    } catch (error) {
      let placed = false;
      if (error instanceof ApiError) {
        for (const { path, message } of error.errors) {
          if ((FIELDS as string[]).includes(path)) {
            setError(path as Path<StaffFormValues>, { type: 'server', message });
            placed = true;
          }
        }
      }
      const message = serverMessage(error) ?? (editing ? M.updateFailed : M.addFailed);
      if (!placed) setError('root.server', { message });
      notifyToast.error('Error', { description: message });
    }
  });

  const field = (name: keyof StaffFormValues) => ({
    ...controlProps(`staff-${name}`, errors[name] !== undefined),
    ...register(name),
  });
  const text = (name: keyof StaffFormValues, label: string, type = 'text') => (
    <FormField id={`staff-${name}`} label={label} error={errors[name]?.message}>
      <Input type={type} {...field(name)} />
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={editing ? 'Edit Staff' : 'Add Staff'}
        description={editing ? `Change the details of ${member.name}.` : 'Add a staff member.'}
        className="max-w-2xl"
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {text('name', 'Full Name')}
            {text('email', 'Email', 'email')}
            {text('phone', 'Phone', 'tel')}
            {text('position', 'Position')}
            <FormField id="staff-locationId" label="Location" error={errors.locationId?.message}>
              <LocationSelect
                {...field('locationId')}
                id="staff-locationId"
                state={locations}
                options={options}
                placeholder="Select location"
              />
              {locations.isError ? (
                // No made-up locations (PRODUCT-DECISIONS.md): the failure, and a retry.
                <div className="flex items-center gap-2 text-sm text-destructive">
                  <span role="alert">{M.locationsFailed}</span>
                  <Button variant="outline" size="sm" onClick={() => void locations.refetch()}>
                    Retry
                  </Button>
                </div>
              ) : null}
            </FormField>
            {text('department', 'Department')}
            <FormField id="staff-hireDate" label="Hire Date" error={errors.hireDate?.message}>
              <Controller
                control={control}
                name="hireDate"
                render={({ field: date }) => (
                  <DateInput
                    {...controlProps('staff-hireDate', errors.hireDate !== undefined)}
                    ref={date.ref}
                    value={date.value}
                    onChange={date.onChange}
                    onBlur={date.onBlur}
                  />
                )}
              />
            </FormField>
            <FormField id="staff-salary" label="Annual Salary ($)" error={errors.salary?.message}>
              <Input type="number" min={0} step="1" inputMode="decimal" {...field('salary')} />
            </FormField>
            <FormField id="staff-status" label="Status" error={errors.status?.message}>
              <Select {...field('status')}>
                {STAFF_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {STAFF_STATUS_LABELS[status]}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField id="staff-address" label="Address" error={errors.address?.message}>
              <Textarea rows={1} className="min-h-10" {...field('address')} />
            </FormField>
            {text('emergencyContact', 'Emergency Contact Name')}
            {text('emergencyPhone', 'Emergency Contact Phone', 'tel')}
          </div>
          <ErrorLine>{errors.root?.server?.message}</ErrorLine>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : editing ? 'Update Staff' : 'Add Staff'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
