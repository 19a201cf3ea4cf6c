import { LEVELS, SORT_OPTIONS, SORT_ORDERS, SUBJECTS, ZONE_LABELS, ZONES } from '#shared/constants';
import { activeFilterCount, resetFilters, SORT_LABELS, SORT_ORDER_LABELS, type SearchFilters } from '#shared/search';
import { Badge, Box, Button, Card, Field, HStack, Input, NativeSelect, SimpleGrid, Stack, type ButtonProps } from '@chakra-ui/react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { LuChevronDown, LuChevronUp, LuSearch, LuSlidersHorizontal, LuX } from 'react-icons/lu';
import { SectionSpinner } from '@/components/ui/full-page-spinner';
import { SelectOptions, type OptionGroup } from '@/components/ui/select-field';
import { ZONE_OPTION_GROUPS } from '@/components/ui/zone-options';

const RateSlider = lazy(() => import('./rate-slider'));

interface SearchFormProps {
  value: SearchFilters;
  onChange: (filters: SearchFilters) => void;
  onSubmit: () => void;
  isSearching: boolean;
  /** Collapsed at first on a phone once a search is shown. */
  defaultOpen: boolean;
}

type SelectKey = 'location' | 'subject' | 'level' | 'sortBy' | 'sortOrder';

/** A select of the panel as data: its field, id, French label, empty choice and options. */
interface SelectFilter {
  key: SelectKey;
  id: string;
  label: string;
  placeholder?: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The options under headings (the zones: communes of Abidjan, other towns, remote). */
  groups?: ReadonlyArray<OptionGroup>;
}

const choices = <V extends string>(values: readonly V[], labels?: Record<V, string>) =>
  values.map((value) => ({ value, label: labels ? labels[value] : value }));

const MAIN_FILTERS: SelectFilter[] = [
  { key: 'location', id: 'search-zone', label: 'Zone', placeholder: 'Toutes les zones', options: choices(ZONES, ZONE_LABELS), groups: ZONE_OPTION_GROUPS },
  { key: 'subject', id: 'search-subject', label: 'Matière', placeholder: 'Toutes les matières', options: choices(SUBJECTS) },
  { key: 'level', id: 'search-level', label: 'Niveau', placeholder: 'Tous les niveaux', options: choices(LEVELS) },
];

const SORT_FILTERS: SelectFilter[] = [
  { key: 'sortBy', id: 'search-sort', label: 'Trier par', options: choices(SORT_OPTIONS, SORT_LABELS) },
  { key: 'sortOrder', id: 'search-order', label: 'Ordre', options: choices(SORT_ORDERS, SORT_ORDER_LABELS) },
];

interface FilterSelectProps {
  filter: SelectFilter;
  value: SearchFilters;
  onChange: <K extends SelectKey>(key: K, next: SearchFilters[K]) => void;
}

function FilterSelect({ filter, value, onChange }: FilterSelectProps) {
  const { key, id, label, placeholder, options, groups } = filter;
  return (
    <Field.Root>
      <Field.Label htmlFor={id}>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field id={id} value={value[key]} onChange={(event) => onChange(key, event.currentTarget.value as SearchFilters[SelectKey])}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          <SelectOptions options={options.map((option) => option.value)} labels={Object.fromEntries(options.map((option) => [option.value, option.label]))} groups={groups} />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

interface DisclosureButtonProps extends Omit<ButtonProps, 'onToggle'> {
  open: boolean;
  onToggle: (open: boolean) => void;
  /** The id of the part it shows and hides. */
  controls: string;
}

/** A ghost button that shows or hides a part of the panel, with its chevron and aria-expanded. */
function DisclosureButton({ open, onToggle, controls, children, ...props }: DisclosureButtonProps) {
  return (
    <Button variant="ghost" aria-expanded={open} aria-controls={controls} onClick={() => onToggle(!open)} {...props}>
      {children}
      {open ? <LuChevronUp /> : <LuChevronDown />}
    </Button>
  );
}

function Collapsible({ open, children }: { open: boolean; children: ReactNode }) {
  return <Box display={open ? 'block' : 'none'}>{children}</Box>;
}

/** Panel 'Recherche de répétiteurs' (spec §2): text, zone, subject, level, advanced filters. */
export function SearchForm({ value, onChange, onSubmit, isSearching, defaultOpen }: SearchFormProps) {
  const [open, setOpen] = useState(defaultOpen);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const active = activeFilterCount(value);
  const set = <K extends keyof SearchFilters>(key: K, next: SearchFilters[K]) => onChange({ ...value, [key]: next });

  return (
    <Card.Root as="section" aria-labelledby="search-panel-title" size="sm">
      <Card.Header>
        <HStack justify="space-between" gap="2" wrap="wrap">
          <HStack gap="2">
            <Card.Title id="search-panel-title" as="h2" fontSize="md">
              Recherche de répétiteurs
            </Card.Title>
            {active > 0 && (
              <Badge colorPalette="orange" variant="solid" size="sm">
                {active} filtre(s) actif(s)
              </Badge>
            )}
          </HStack>
          <DisclosureButton size="xs" hideFrom="md" open={open} onToggle={setOpen} controls="search-filters">
            <LuSlidersHorizontal />
            Filtres
          </DisclosureButton>
        </HStack>
      </Card.Header>
      <Card.Body>
        <form
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <Stack gap="4">
            <Input
              type="search"
              aria-label="Recherche libre"
              placeholder="Rechercher par nom, matière, ou description..."
              value={value.query}
              maxLength={200}
              enterKeyHint="search"
              onChange={(event) => set('query', event.currentTarget.value)}
            />
            <Box id="search-filters" display={{ base: open ? 'block' : 'none', md: 'block' }}>
              <Stack gap="4">
                <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
                  {MAIN_FILTERS.map((filter) => (
                    <FilterSelect key={filter.key} filter={filter} value={value} onChange={set} />
                  ))}
                </SimpleGrid>

                <Box>
                  <DisclosureButton size="sm" px="0" open={advancedOpen} onToggle={setAdvancedOpen} controls="search-advanced">
                    Filtres avancés
                  </DisclosureButton>
                  <Collapsible open={advancedOpen}>
                    <Stack id="search-advanced" gap="4" pt="2">
                      {advancedOpen && (
                        <Suspense fallback={<SectionSpinner />}>
                          <RateSlider
                            minRate={value.minRate}
                            maxRate={value.maxRate}
                            onChange={(minRate, maxRate) => onChange({ ...value, minRate, maxRate })}
                          />
                        </Suspense>
                      )}
                      <SimpleGrid columns={2} gap="3">
                        {SORT_FILTERS.map((filter) => (
                          <FilterSelect key={filter.key} filter={filter} value={value} onChange={set} />
                        ))}
                      </SimpleGrid>
                    </Stack>
                  </Collapsible>
                </Box>
              </Stack>
            </Box>
            <HStack gap="3">
              <Button type="submit" flex="1" loading={isSearching} loadingText="Recherche...">
                <LuSearch />
                Rechercher
              </Button>
              <Button type="button" variant="outline" onClick={() => onChange(resetFilters())}>
                <LuX />
                Effacer
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
