import { Stack } from '@chakra-ui/react';
import { Tabs } from '@/components/chakra/tabs';
import type { ReactNode } from 'react';
import { LuArrowDownToLine, LuCalendarRange, LuCreditCard, LuFlag, LuShieldCheck, LuTriangleAlert, LuUsers } from 'react-icons/lu';
import { KycReviewTab } from './kyc-review-tab';

export const ADMIN_DASHBOARD_TITLE = 'Tableau de bord administrateur';

export const ADMIN_TABS = ['kyc', 'payments', 'packages', 'payouts', 'users', 'disputes', 'reports'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
const isAdminTab = (value: string): value is AdminTab => (ADMIN_TABS as readonly string[]).includes(value);

/** The money views, composed by the admin route from the admin-money feature. */
export interface AdminDashboardSlots {
  statCards: ReactNode;
  paymentsTab: ReactNode;
  /** 'Forfaits': the monthly packages (issue 32). */
  packagesTab: ReactNode;
  /** 'Retraits': the tutors' payouts (issue 30). */
  payoutsTab: ReactNode;
  usersTab: ReactNode;
  disputesTab: ReactNode;
  /** 'Signalements': the reported messages (issue 31). */
  reportsTab: ReactNode;
}

interface AdminDashboardProps extends AdminDashboardSlots {
  /** The open tab, kept by the page (in the address, so the menu's 'Paiements' opens it). */
  tab: AdminTab;
  onTabChange: (tab: AdminTab) => void;
}

/** /admin (spec §2): four stat cards, then the tabs; 'Vérifications KYC' is the default. */
export function AdminDashboard({ statCards, paymentsTab, packagesTab, payoutsTab, usersTab, disputesTab, reportsTab, tab, onTabChange }: AdminDashboardProps) {
  return (
    <Stack gap="6">
      {statCards}
      <Tabs.Root value={tab} onValueChange={(details) => isAdminTab(details.value) && onTabChange(details.value)} variant="line" lazyMount>
        <Tabs.List overflowX="auto" overflowY="hidden">
          <Tabs.Trigger value="kyc" flexShrink="0">
            <LuShieldCheck />
            Vérifications KYC
          </Tabs.Trigger>
          <Tabs.Trigger value="payments" flexShrink="0">
            <LuCreditCard />
            Paiements
          </Tabs.Trigger>
          <Tabs.Trigger value="packages" flexShrink="0">
            <LuCalendarRange />
            Forfaits
          </Tabs.Trigger>
          <Tabs.Trigger value="payouts" flexShrink="0">
            <LuArrowDownToLine />
            Retraits
          </Tabs.Trigger>
          <Tabs.Trigger value="users" flexShrink="0">
            <LuUsers />
            Utilisateurs
          </Tabs.Trigger>
          <Tabs.Trigger value="disputes" flexShrink="0">
            <LuTriangleAlert />
            Litiges
          </Tabs.Trigger>
          <Tabs.Trigger value="reports" flexShrink="0">
            <LuFlag />
            Signalements
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="kyc">
          <KycReviewTab />
        </Tabs.Content>
        <Tabs.Content value="payments">
          {paymentsTab}
        </Tabs.Content>
        <Tabs.Content value="packages">
          {packagesTab}
        </Tabs.Content>
        <Tabs.Content value="payouts">
          {payoutsTab}
        </Tabs.Content>
        <Tabs.Content value="users">
          {usersTab}
        </Tabs.Content>
        <Tabs.Content value="disputes">
          {disputesTab}
        </Tabs.Content>
        <Tabs.Content value="reports">
          {reportsTab}
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
