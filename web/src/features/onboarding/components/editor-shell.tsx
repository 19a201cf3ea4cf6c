import { Button, Stack, Wrap } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuSave } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { profileEditorPath } from '@/components/layout/navigation';
import { StepCard } from './step-card';

interface EditorShellProps {
  /** Every section of the profile, in the onboarding's order. */
  sections: Array<{ id: string; title: string }>;
  current: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  onCancel: () => void;
  onSave: () => void;
  isBusy: boolean;
}

/**
 * The profile editor's frame (issue 28), where the onboarding has its progress and its previous /
 * next buttons: a link to each section (the one shown marked `aria-current`), the section's
 * fields, 'Annuler' and 'Enregistrer'. The answers of every section are saved together.
 */
export function EditorShell({ sections, current, title, description, children, onCancel, onSave, isBusy }: EditorShellProps) {
  return (
    <Stack gap="5" maxW="2xl" mx="auto" width="full">
      <nav aria-label="Sections du profil">
        <Wrap gap="2">
          {sections.map((section) => {
            const isCurrent = section.id === current;
            return (
              <Button key={section.id} asChild size="sm" rounded="full" variant={isCurrent ? 'solid' : 'outline'}>
                <RouterLink to={profileEditorPath(section.id)} replace aria-current={isCurrent ? 'step' : undefined}>
                  {section.title}
                </RouterLink>
              </Button>
            );
          })}
        </Wrap>
      </nav>
      <StepCard
        title={title}
        description={description}
        actions={
          <>
            <Button variant="outline" onClick={onCancel} disabled={isBusy}>
              Annuler
            </Button>
            <Button onClick={onSave} loading={isBusy}>
              <LuSave />
              Enregistrer
            </Button>
          </>
        }
      >
        {children}
      </StepCard>
    </Stack>
  );
}
