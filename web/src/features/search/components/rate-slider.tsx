import { RATE_MAX, RATE_MIN, RATE_STEP } from '#shared/constants';
import { formatAmount } from '#shared/money';
import { HStack } from '@chakra-ui/react';
import { Slider } from '@/components/chakra/slider';

interface RateSliderProps {
  minRate: number;
  maxRate: number;
  onChange: (minRate: number, maxRate: number) => void;
}

/**
 * 'Tarif horaire' of the advanced filters: a module of its own, fetched when the advanced filters
 * are first opened (the slider's code is about 6 KB gzip that most searches never use).
 */
export default function RateSlider({ minRate, maxRate, onChange }: RateSliderProps) {
  return (
    <Slider.Root
      min={RATE_MIN}
      max={RATE_MAX}
      step={RATE_STEP}
      value={[minRate, maxRate]}
      onValueChange={({ value: [min, max] }) => onChange(min ?? RATE_MIN, max ?? RATE_MAX)}
      aria-label={['Tarif horaire minimum', 'Tarif horaire maximum']}
    >
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Slider.Label>Tarif horaire</Slider.Label>
        <Slider.ValueText fontSize="sm" color="fg.muted">
          {formatAmount(minRate)} – {formatAmount(maxRate)}
          {maxRate === RATE_MAX ? '+' : ''} FCFA/h
        </Slider.ValueText>
      </HStack>
      <Slider.Control>
        <Slider.Track>
          <Slider.Range />
        </Slider.Track>
        <Slider.Thumbs />
      </Slider.Control>
    </Slider.Root>
  );
}
