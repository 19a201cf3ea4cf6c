import { Box, Tabs } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { LuCreditCard, LuHeart, LuHouse, LuSearch, LuUser } from 'react-icons/lu';

export const HOME_TABS = ['home', 'search', 'payments', 'favorites', 'profile'] as const;
export type HomeTab = (typeof HOME_TABS)[number];

const TAB_BAR: Record<HomeTab, { label: string; icon: IconType }> = {
  home: { label: 'Accueil', icon: LuHouse },
  search: { label: 'Recherche', icon: LuSearch },
  payments: { label: 'Paiements', icon: LuCreditCard },
  favorites: { label: 'Favoris', icon: LuHeart },
  profile: { label: 'Profil', icon: LuUser },
};

interface HomeTabsProps {
  value: HomeTab;
  onValueChange: (tab: HomeTab) => void;
  panels: Record<HomeTab, ReactNode>;
}

const isHomeTab = (value: string): value is HomeTab => (HOME_TABS as readonly string[]).includes(value);

/** Home's five panels, switched by a tab bar fixed at the bottom of the screen. */
export function HomeTabs({ value, onValueChange, panels }: HomeTabsProps) {
  return (
    <Tabs.Root
      value={value}
      onValueChange={(details) => isHomeTab(details.value) && onValueChange(details.value)}
      variant="plain"
      lazyMount
      unmountOnExit
    >
      {HOME_TABS.map((tab) => (
        <Tabs.Content key={tab} value={tab} p="0">
          {panels[tab]}
        </Tabs.Content>
      ))}

      <Box
        position="fixed"
        insetX="0"
        bottom="0"
        zIndex="sticky"
        bg="bg"
        borderTopWidth="1px"
        shadow="0 -2px 10px rgba(0, 0, 0, 0.05)"
        pb="env(safe-area-inset-bottom)"
      >
        <Tabs.List aria-label="Navigation principale" maxW="5xl" mx="auto" display="flex" gap="0" p="1">
          {HOME_TABS.map((tab) => {
            const { label, icon: Icon } = TAB_BAR[tab];
            return (
              <Tabs.Trigger
                key={tab}
                value={tab}
                flex="1"
                minW="0"
                h="auto"
                py="2"
                px="1"
                flexDirection="column"
                gap="1"
                fontSize="xs"
                color="fg.muted"
                rounded="lg"
                _selected={{ color: 'orange.fg', bg: 'orange.subtle' }}
              >
                <Icon size="20" aria-hidden />
                <Box as="span" truncate maxW="full">
                  {label}
                </Box>
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
      </Box>
    </Tabs.Root>
  );
}
