/** Chakra's RadioCard, with its recipes (its indicator draws a Radiomark): added to the theme when this code arrives (app/theme.ts, `addRecipes`). */
import { radioCardSlotRecipe } from '@chakra-ui/react/theme/recipes/radio-card';
import { radiomarkRecipe } from '@chakra-ui/react/theme/recipes/radiomark';
import { addRecipes } from '../../app/theme';

addRecipes({ slotRecipes: { radioCard: radioCardSlotRecipe }, recipes: { radiomark: radiomarkRecipe } });

export { RadioCard } from '@chakra-ui/react';
