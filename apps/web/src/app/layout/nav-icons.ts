import type { RouteIcon } from '@stockyard/shared';
import {
  Activity,
  Bell,
  BookOpen,
  Boxes,
  CalendarCheck,
  ClipboardList,
  FileText,
  LayoutDashboard,
  type LucideIcon,
  MapPin,
  Settings,
  Truck,
  UserCog,
  Users,
} from 'lucide-react';

export const NAV_ICONS: Record<RouteIcon, LucideIcon> = {
  dashboard: LayoutDashboard,
  locations: MapPin,
  inventory: Boxes,
  catalogue: BookOpen,
  'rental-requests': ClipboardList,
  'material-rentals': Truck,
  users: UserCog,
  invoices: FileText,
  staff: Users,
  attendance: CalendarCheck,
  settings: Settings,
  activity: Activity,
  notifications: Bell,
};
