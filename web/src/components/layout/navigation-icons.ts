import type { IconType } from 'react-icons';
import { LuCalendarDays, LuCreditCard, LuHeart, LuHouse, LuLayoutDashboard, LuMessageCircle, LuSearch, LuUser, LuWallet } from 'react-icons/lu';
import type { NavigationIcon } from './navigation';

/** The icon of each navigation entry (navigation.ts names them). */
export const NAVIGATION_ICONS: Record<NavigationIcon, IconType> = {
  home: LuHouse,
  search: LuSearch,
  lessons: LuCalendarDays,
  messages: LuMessageCircle,
  payments: LuCreditCard,
  revenues: LuWallet,
  favorites: LuHeart,
  dashboard: LuLayoutDashboard,
  profile: LuUser,
};
