import {
  ATTENDANCE_STATUS_LABELS,
  ATTENDANCE_STATUSES,
  type AttendanceDto,
  type AttendanceInput,
  attendanceSchema,
  type LocationOption,
  localToday,
  ATTENDANCE_MESSAGES as M,
  type StaffDto,
  type UpdateAttendanceInput,
  updateAttendanceSchema,
} from '@stockyard/shared';
import { useEffect, useMemo } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { LocationSelect } from '@/components/location-select';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { controlProps, ErrorLine, FormField } from '@/components/ui/form-field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/form-errors';
import { schemaResolver } from '@/lib/form-resolver';
import { KEPT_ON_DEVICE } from '@/lib/offline/device';
import { notifyToast } from '@/lib/toast';
import { useSaveAttendance } from '../api/attendance-mutations';
import { useActiveStaff, useStaffMember } from '../api/get-attendance';

export type AttendanceFormValues = {
  staffId: string;
  date: string;
  checkIn: string;
  checkOut: string;
  locationId: string;
  status: string;
  notes: string;
};
const FIELDS = ['staffId', 'date', 'checkIn', 'checkOut', 'locationId', 'status', 'notes'];

function toFormValues(record: AttendanceDto | null, staff: StaffDto | null): AttendanceFormValues {
  if (record) {
    return {
      staffId: String(record.staffId),
      date: record.date,
      checkIn: record.checkIn ?? '',
      checkOut: record.checkOut ?? '',
      locationId: String(record.locationId),
      status: record.status,
      notes: record.notes ?? '',
    };
  }
  return {
    staffId: staff ? String(staff.id) : '',
    date: localToday(),
    checkIn: '',
    checkOut: '',
    locationId: staff ? String(staff.locationId) : '',
    status: 'PRESENT',
    notes: '',
  };
}

/** A staff member's location as an option of the form's Location field. */
const homeOf = (member: StaffDto): LocationOption => ({
  id: member.locationId,
  name: member.location,
  status: 'ACTIVE',
});

/**
 * Mark Attendance (a staff member, or the fixed one of /attendance/{staffId}) and Edit (a record's
 * date, times, location, status and notes), 03 sections 2.3 and 5. An overlap is the server's 409.
 * A record is at its staff member's own location (PRODUCT-DECISIONS.md): the Location follows the
 * chosen staff member; an edited record stays where it is or moves to its staff member's location.
 */
export function AttendanceFormDialog({
  open,
  onOpenChange,
  record,
  fixedStaff,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The record to edit; null marks a new one. */
  record: AttendanceDto | null;
  /** The staff member the page is fixed to, locked in the form. */
  fixedStaff: StaffDto | null;
}) {
  const editing = record !== null;
  const activeStaff = useActiveStaff(open && !editing && fixedStaff === null);
  // An edited record's staff member, for where they are now (none if they are gone or elsewhere).
  const member = useStaffMember(open && record ? record.staffId : null);
  const save = useSaveAttendance();
  const resolver = useMemo(
    () =>
      editing
        ? schemaResolver<AttendanceFormValues, UpdateAttendanceInput>(updateAttendanceSchema)
        : schemaResolver<AttendanceFormValues, AttendanceInput>(attendanceSchema),
    [editing],
  );
  const { register, control, handleSubmit, reset, setError, setValue, formState } = useForm<
    AttendanceFormValues,
    unknown,
    AttendanceInput | UpdateAttendanceInput
  >({ resolver, defaultValues: toFormValues(record, fixedStaff) });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (open) reset(toFormValues(record, fixedStaff));
  }, [open, record, fixedStaff, reset]);

  const staffId = useWatch({ control, name: 'staffId' });
  const chosen =
    fixedStaff ?? (activeStaff.data ?? []).find((m) => String(m.id) === staffId) ?? null;
  // Marking: the chosen staff member's location, set as they are chosen.
  useEffect(() => {
    if (open && !editing) {
      setValue('locationId', chosen ? String(chosen.locationId) : '', { shouldValidate: false });
    }
  }, [open, editing, chosen, setValue]);
  const options: LocationOption[] = record
    ? [
        { id: record.locationId, name: record.location, status: 'ACTIVE' },
        ...(member.data && member.data.locationId !== record.locationId
          ? [homeOf(member.data)]
          : []),
      ]
    : chosen
      ? [homeOf(chosen)]
      : [];
  // The staff picker says when the staff failed to load; the Location waits only for an edit's member.
  const optionsState = {
    isPending: record !== null && member.isPending && member.fetchStatus !== 'idle',
    isError: false,
  };

  const onSubmit = handleSubmit(async (input) => {
    try {
      const outcome = record
        ? await save.mutateAsync({ id: record.id, input })
        : await save.mutateAsync({
            id: null,
            input: input as AttendanceInput,
            staff: { name: chosen?.name ?? '', location: chosen?.location ?? '' },
          });
      if (outcome.kept) {
        notifyToast.info(KEPT_ON_DEVICE.title, { description: KEPT_ON_DEVICE.description });
      } else if (editing) notifyToast.success(M.updated, { description: M.updatedText });
      else
        notifyToast.success(M.marked, { description: M.markedText(outcome.answer.data.staffName) });
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setError('root.server', { message: error.message });
        notifyToast.error(M.overlapTitle, { description: error.message });
        return;
      }
      let placed = false;
      if (error instanceof ApiError) {
        for (const { path, message } of error.errors) {
          if (FIELDS.includes(path)) {
            setError(path as Path<AttendanceFormValues>, { type: 'server', message });
            placed = true;
          }
        }
      }
      const message = serverMessage(error) ?? (editing ? M.updateFailed : M.markFailed);
      if (!placed) setError('root.server', { message });
      notifyToast.error('Error', { description: message });
    }
  });

  const field = (name: keyof AttendanceFormValues) => ({
    ...controlProps(`attendance-${name}`, errors[name] !== undefined),
    ...register(name),
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={editing ? 'Edit Attendance' : 'Mark Attendance'}
        description={
          editing
            ? `Change the attendance of ${record.staffName}.`
            : 'Record when a staff member came and went.'
        }
      >
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {!editing ? (
            <FormField id="attendance-staffId" label="Staff Member" error={errors.staffId?.message}>
              {fixedStaff ? (
                // The page's staff member, locked: shown, and sent from the hidden field.
                <>
                  <Select id="attendance-staffId" disabled value={fixedStaff.id}>
                    <option value={fixedStaff.id}>{fixedStaff.name}</option>
                  </Select>
                  <input type="hidden" {...register('staffId')} />
                </>
              ) : (
                <Select {...field('staffId')} disabled={activeStaff.isPending}>
                  <option value="">
                    {activeStaff.isPending
                      ? 'Loading staff...'
                      : activeStaff.isError
                        ? 'Failed to load staff'
                        : 'Select staff member'}
                  </option>
                  {(activeStaff.data ?? []).map((member) => (
                    <option key={member.id} value={member.id}>
                      {member.name}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="attendance-checkIn" label="Check In" error={errors.checkIn?.message}>
              <Input type="time" {...field('checkIn')} />
            </FormField>
            <FormField id="attendance-checkOut" label="Check Out" error={errors.checkOut?.message}>
              <Input type="time" {...field('checkOut')} />
            </FormField>
            <FormField
              id="attendance-locationId"
              label="Location"
              error={errors.locationId?.message}
            >
              <LocationSelect
                {...field('locationId')}
                id="attendance-locationId"
                state={optionsState}
                options={options}
                placeholder={
                  options.length === 0 ? 'Select a staff member first' : 'Select location'
                }
              />
            </FormField>
            <FormField id="attendance-date" label="Date" error={errors.date?.message}>
              <Controller
                control={control}
                name="date"
                render={({ field: date }) => (
                  <DateInput
                    {...controlProps('attendance-date', errors.date !== undefined)}
                    ref={date.ref}
                    value={date.value}
                    onChange={date.onChange}
                    onBlur={date.onBlur}
                  />
                )}
              />
            </FormField>
          </div>
          <FormField id="attendance-status" label="Status" error={errors.status?.message}>
            <Select {...field('status')}>
              {ATTENDANCE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {ATTENDANCE_STATUS_LABELS[status]}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField id="attendance-notes" label="Notes (Optional)" error={errors.notes?.message}>
            <Textarea rows={2} {...field('notes')} />
          </FormField>
          <ErrorLine>{errors.root?.server?.message}</ErrorLine>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? 'Saving...' : editing ? 'Update Attendance' : 'Mark Attendance'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
