/** Chakra's Slider, with its recipe: added to the theme when this code arrives (app/theme.ts, `addRecipes`). */
import { sliderSlotRecipe } from '@chakra-ui/react/theme/recipes/slider';
import { addRecipes } from '../../app/theme';

addRecipes({ slotRecipes: { slider: sliderSlotRecipe } });

export { Slider } from '@chakra-ui/react';
