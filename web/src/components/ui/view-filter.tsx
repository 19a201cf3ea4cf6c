import { SegmentGroup } from '@/components/chakra/segment-group';

export interface ViewOption<V extends string> {
  value: V;
  label: string;
}

/** Which part of a list is shown ('Toutes' / 'À traiter'…): a segmented choice, one value at a time. */
export function ViewFilter<V extends string>({
  views,
  value,
  onChange,
  label,
}: {
  views: ReadonlyArray<ViewOption<V>>;
  value: V;
  onChange: (value: V) => void;
  /** What the choice filters, for screen readers. */
  label: string;
}) {
  return (
    <SegmentGroup.Root
      size="sm"
      alignSelf="start"
      value={value}
      onValueChange={(details) => {
        const chosen = views.find((view) => view.value === details.value);
        if (chosen) onChange(chosen.value);
      }}
      aria-label={label}
    >
      <SegmentGroup.Indicator />
      <SegmentGroup.Items items={[...views]} />
    </SegmentGroup.Root>
  );
}
