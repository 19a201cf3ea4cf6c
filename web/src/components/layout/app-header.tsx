import { messages } from '#shared/messages';
import { Box, Flex, Heading, IconButton, Menu, Portal } from '@chakra-ui/react';
import { LuArrowLeft, LuLogOut, LuMenu } from 'react-icons/lu';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth, useSignOutToAuth } from '@/lib/auth';
import { COMMON_MENU, navigationOf } from './navigation';
import { NAVIGATION_ICONS } from './navigation-icons';

const SIGN_OUT = 'sign-out';

interface AppHeaderProps {
  title: string;
  /** Replaces the default back action (e.g. onboarding: skipping also stores the flag). */
  onBack?: () => void;
}

/**
 * Common header (spec §2): back button, title, navigation menu with sign-out. The menu lists the
 * spec's entries that are the signed-in role's own (components/layout/navigation.ts): a tutor's
 * 'Revenus' instead of the parent's 'Paiements', no 'Favoris' but for parents.
 */
export function AppHeader({ title, onBack }: AppHeaderProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { profile } = useAuth();
  const signOutToAuth = useSignOutToAuth();
  const menu = navigationOf(profile?.role)?.menu ?? COMMON_MENU;

  const goBack = () => {
    if (onBack) onBack();
    else if (pathname !== '/') navigate('/');
    else navigate(-1);
  };

  const handleSelect = async (value: string) => {
    if (value !== SIGN_OUT) {
      navigate(value);
      return;
    }
    await signOutToAuth();
  };

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg/95" backdropFilter="blur(8px)" borderBottomWidth="1px">
      <Flex maxW="5xl" mx="auto" h="14" px={{ base: '2', md: '4' }} align="center" gap="2">
        <IconButton aria-label={messages.ui.back} variant="ghost" size="md" onClick={goBack}>
          <LuArrowLeft />
        </IconButton>
        <Heading as="h1" size={{ base: 'md', md: 'lg' }} flex="1" minW="0" truncate>
          {title}
        </Heading>
        <Menu.Root onSelect={({ value }) => void handleSelect(value)} positioning={{ placement: 'bottom-end' }}>
          <Menu.Trigger asChild>
            <IconButton aria-label="Menu" variant="ghost" size="md">
              <LuMenu />
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="52">
                {menu.map(({ to, label, icon }) => {
                  const Icon = NAVIGATION_ICONS[icon];
                  return (
                    <Menu.Item key={to} value={to}>
                      <Icon />
                      {label}
                    </Menu.Item>
                  );
                })}
                <Menu.Separator />
                <Menu.Item value={SIGN_OUT} color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }}>
                  <LuLogOut />
                  {messages.ui.signOut}
                </Menu.Item>
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      </Flex>
    </Box>
  );
}
