import { CalendarDays, CalendarPlus, FileText, Images, LayoutDashboard, Mail, Settings, Tags, Users, type LucideIcon } from 'lucide-react';
import { CRM_NAV } from '@shared/routes.ts';

const ICONS: Record<(typeof CRM_NAV)[number]['path'], LucideIcon> = {
  '/crm': LayoutDashboard,
  '/crm/contacts': Users,
  '/crm/tags': Tags,
  '/crm/landing-pages': FileText,
  '/crm/images': Images,
  '/crm/kit': Mail,
  '/crm/calendar-link-creator': CalendarPlus,
  '/crm/calendar-events': CalendarDays,
  '/crm/settings': Settings,
};

export const NAV_ITEMS = CRM_NAV.map((item) => ({ ...item, icon: ICONS[item.path] }));
