import { STAFF_MESSAGES } from '@stockyard/shared';

export default function StaffPage() {
  return <h1 className="text-2xl font-semibold">{STAFF_MESSAGES.title}</h1>;
}
