import { ATTENDANCE_MESSAGES } from '@stockyard/shared';

export default function AttendancePage() {
  return <h1 className="text-2xl font-semibold">{ATTENDANCE_MESSAGES.title}</h1>;
}
