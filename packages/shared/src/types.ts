import type { Permissions, Role } from './access';

export type LocationType = 'BMR_YARD' | 'FIELD';
export type LocationStatus = 'ACTIVE' | 'INACTIVE';

export type SessionUser = {
  id: number;
  name: string;
  email: string;
  role: Role;
  locationId: number | null;
  location: { name: string } | null;
  status: boolean;
  lastLogin: string | null;
  permissions: Permissions;
};

export type LoginResponse = { token: string; user: SessionUser };
