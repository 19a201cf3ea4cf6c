import { Stack, Tabs } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuCreditCard, LuShieldCheck, LuTriangleAlert, LuUsers } from 'react-icons/lu';
import { KycReviewTab } from './kyc-review-tab';

export const ADMIN_DASHBOARD_TITLE = 'Tableau de bord administrateur';

/** The money views, composed by the admin route from the admin-money feature. */
export interface AdminDashboardSlots {
  statCards: ReactNode;
  paymentsTab: ReactNode;
  usersTab: ReactNode;
  disputesTab: ReactNode;
}

/** /admin (spec §2): four stat cards, then the tabs; 'Vérifications KYC' is the default. */
export function AdminDashboard({ statCards, paymentsTab, usersTab, disputesTab }: AdminDashboardSlots) {
  return (
    <Stack gap="6">
      {statCards}
      <Tabs.Root defaultValue="kyc" variant="line" lazyMount>
        <Tabs.List overflowX="auto" overflowY="hidden">
          <Tabs.Trigger value="kyc" flexShrink="0">
            <LuShieldCheck />
            Vérifications KYC
          </Tabs.Trigger>
          <Tabs.Trigger value="payments" flexShrink="0">
            <LuCreditCard />
            Paiements
          </Tabs.Trigger>
          <Tabs.Trigger value="users" flexShrink="0">
            <LuUsers />
            Utilisateurs
          </Tabs.Trigger>
          <Tabs.Trigger value="disputes" flexShrink="0">
            <LuTriangleAlert />
            Litiges
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="kyc">
          <KycReviewTab />
        </Tabs.Content>
        <Tabs.Content value="payments">
          {paymentsTab}
        </Tabs.Content>
        <Tabs.Content value="users">
          {usersTab}
        </Tabs.Content>
        <Tabs.Content value="disputes">
          {disputesTab}
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
