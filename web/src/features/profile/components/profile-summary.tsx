import { ROLE_LABELS } from '#shared/constants';
import { uiMessages } from '#shared/message-catalogue/ui';
import { Avatar, Badge, Button, Card, Heading, HStack, Separator, Stack } from '@chakra-ui/react';
import { DataList } from '@/components/chakra/data-list';
import { LuLayoutDashboard, LuLogOut, LuUserPen } from 'react-icons/lu';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { PROFILE_EDITOR_PATH } from '@/components/layout/navigation';
import { useAuth, useSignOutToAuth } from '@/lib/auth';
import { MyDataSection } from './my-data-section';
import { OrganisationSummary, ParentAnswersSummary } from './onboarding-answers-summary';
import { PackageDiscountSetting } from './package-discount-setting';
import { TutorKycStatus } from './tutor-kyc-status';

/**
 * Profile tab of Home: who is signed in, as what, the way to change the profile (issue 28: the
 * onboarding's steps, for every role but the admin), the way out, and my data (export, deletion).
 */
export function ProfileSummary() {
  const { profile, user } = useAuth();
  const handleSignOut = useSignOutToAuth();
  const navigate = useNavigate();
  if (!profile) return null;

  const fullName = `${profile.first_name} ${profile.last_name}`.trim();
  const email = profile.email ?? user?.signInDetails?.loginId ?? '';

  return (
    <Stack gap="4">
      <Card.Root>
        <Card.Header>
          <HStack gap="4" minW="0">
            <Avatar.Root size="xl" colorPalette="orange">
              <Avatar.Fallback name={fullName} />
            </Avatar.Root>
            <Stack gap="1" minW="0">
              <Heading as="h2" size="xl" truncate>
                {fullName}
              </Heading>
              <Badge colorPalette="orange" alignSelf="flex-start">
                {ROLE_LABELS[profile.role]}
              </Badge>
            </Stack>
          </HStack>
        </Card.Header>
        <Card.Body>
          <DataList.Root orientation={{ base: 'vertical', sm: 'horizontal' }} gap="3">
            <DataList.Item>
              <DataList.ItemLabel>Type de compte</DataList.ItemLabel>
              <DataList.ItemValue>{ROLE_LABELS[profile.role]}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Email</DataList.ItemLabel>
              <DataList.ItemValue wordBreak="break-all">{email}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          {profile.role !== 'admin' && <Separator my="4" />}
          {profile.role === 'tuteur' && <TutorKycStatus />}
          {profile.role === 'tuteur' && <Separator my="4" />}
          {profile.role === 'tuteur' && <PackageDiscountSetting />}
          {profile.role === 'parent' && <ParentAnswersSummary />}
          {profile.role === 'entreprise' && <OrganisationSummary />}
        </Card.Body>
        <Card.Footer flexDirection="column" alignItems="stretch" gap="3">
          {profile.role === 'admin' ? (
            <Button onClick={() => navigate('/admin')}>
              <LuLayoutDashboard />
              Tableau de bord administrateur
            </Button>
          ) : (
            <Button asChild>
              <RouterLink to={PROFILE_EDITOR_PATH}>
                <LuUserPen />
                Modifier mon profil
              </RouterLink>
            </Button>
          )}
          <Button variant="outline" colorPalette="red" onClick={() => void handleSignOut()}>
            <LuLogOut />
            {uiMessages.signOut}
          </Button>
        </Card.Footer>
      </Card.Root>
      <MyDataSection />
    </Stack>
  );
}
