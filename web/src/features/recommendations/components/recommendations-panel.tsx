import { type PreferenceSummary, type RecommendationsRequest } from '#shared/discovery-schemas';
import { aiMessages } from '#shared/message-catalogue/ai';
import { authMessages } from '#shared/message-catalogue/auth';
import { zoneLabel, type SearchFilters } from '#shared/search';
import { Badge, Box, Button, Card, HStack, IconButton, Spinner, Stack, Text, Wrap } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { LuRefreshCw, LuSparkles } from 'react-icons/lu';
import { useLocation } from 'react-router-dom';
import { SignInActions } from '@/components/sign-in-required';
import { LoadError } from '@/components/ui/page-state';
import { isAllowedReturnPath } from '@/lib/auth/after-sign-in';
import { useAuth } from '@/lib/auth';
import { useGenerateRecommendations } from '../api/recommendations';
import { PackageSuggestionCard, packageSuggestionOf } from './package-suggestion-card';
import { RecommendationList, type RenderRecommendedTutor } from './recommendation-list';

function PreferenceChips({ label, values }: { label: string; values: string[] }) {
  if (!values.length) return null;
  return (
    <HStack gap="2" wrap="wrap" fontSize="sm">
      <Text color="fg.muted">{label} :</Text>
      <Wrap gap="1">
        {values.slice(0, 2).map((value) => (
          <Badge key={value} variant="outline" size="sm">
            {value}
          </Badge>
        ))}
      </Wrap>
    </HStack>
  );
}

export function PreferenceSummaryView({ summary }: { summary: PreferenceSummary }) {
  return (
    <Stack gap="1.5">
      <PreferenceChips label="Matières" values={summary.preferredSubjects} />
      <PreferenceChips label="Niveaux" values={summary.preferredLevels} />
      <PreferenceChips
        label="Zones"
        values={summary.preferredLocations.map((zone) => zoneLabel(zone) ?? zone)}
      />
      <Text fontSize="xs" color="fg.muted">
        D’après {summary.totalSearches} recherche(s) et {summary.totalFavorites} favori(s)
      </Text>
    </Stack>
  );
}

interface RecommendationsPanelProps {
  /** The zone, subject and level being searched steer the suggestions. */
  filters: Pick<SearchFilters, 'location' | 'subject' | 'level'>;
  renderTutor: RenderRecommendedTutor;
  /** Generate them at once: the parent asked for them as a visitor, and has just signed in (issue 17). */
  generateNow?: boolean;
}

/** 'Recommandations IA' (spec §2): generated on demand, from the parent's preferences. */
export function RecommendationsPanel({ filters, renderTutor, generateNow = false }: RecommendationsPanelProps) {
  const { user, profile } = useAuth();
  const { pathname, search } = useLocation();
  const generate = useGenerateRecommendations();
  const data = generate.isError ? undefined : generate.data;
  // The filters come from the URL, already restricted to known zones, subjects and levels.
  const run = () => generate.mutate({ location: filters.location, subject: filters.subject, level: filters.level } as RecommendationsRequest);
  const ran = useRef(false);
  useEffect(() => {
    if (!generateNow || ran.current || profile?.role !== 'parent') return;
    ran.current = true;
    run();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [generateNow, profile?.role]);

  let content;
  if (!user) {
    // A visitor (issues 17, 28): what an account gives here, and the way to one that brings the
    // visitor back to this search with the recommendations generated. Not a warning: nothing failed.
    const here = `${pathname}${search}`;
    content = (
      <Stack gap="3">
        <Text>{authMessages.signInForRecommendations}</Text>
        <Text fontSize="sm" color="fg.muted">
          {authMessages.backAfterSignIn}
        </Text>
        <SignInActions pending={{ action: 'recommend', returnTo: isAllowedReturnPath(here) ? here : '/search' }} />
      </Stack>
    );
  } else if (profile?.role !== 'parent') {
    content = <Text color="fg.muted">{aiMessages.parentsOnly}</Text>;
  } else if (generate.isPending) {
    content = (
      <HStack gap="3" py="4" role="status">
        <Spinner size="sm" color="orange.solid" />
        <Text>{aiMessages.loading}</Text>
      </HStack>
    );
  } else if (generate.isError) {
    content = (
      <LoadError title={aiMessages.failure} />
    );
  } else if (data && data.recommendations.length === 0) {
    content = (
      <Stack gap="3">
        <PackageSuggestionCard suggestion={packageSuggestionOf(data)} />
        <Text color="fg.muted">{aiMessages.empty}</Text>
      </Stack>
    );
  } else if (data) {
    content = (
      <Stack gap="4">
        <PackageSuggestionCard suggestion={packageSuggestionOf(data)} />
        <PreferenceSummaryView summary={data.metadata.summary} />
        <RecommendationList data={data} renderTutor={renderTutor} />
      </Stack>
    );
  } else {
    content = (
      <Button onClick={run} alignSelf="flex-start">
        <LuSparkles />
        Générer des recommandations IA
      </Button>
    );
  }

  return (
    <Card.Root as="section" aria-labelledby="ai-panel-title" size="sm">
      <Card.Header>
        <HStack justify="space-between" gap="2">
          <HStack gap="2">
            <Box color="purple.500" display="inline-flex">
              <LuSparkles />
            </Box>
            <Card.Title id="ai-panel-title" as="h2" fontSize="md">
              Recommandations IA
            </Card.Title>
          </HStack>
          {(data || generate.isError) && (
            <IconButton aria-label="Actualiser les recommandations" size="xs" variant="ghost" onClick={run}>
              <LuRefreshCw />
            </IconButton>
          )}
        </HStack>
      </Card.Header>
      <Card.Body pt="2">{content}</Card.Body>
    </Card.Root>
  );
}
