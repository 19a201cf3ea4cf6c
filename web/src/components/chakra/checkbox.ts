/** Chakra's Checkbox, with its recipes (its indicator draws a Checkmark): added to the theme when this code arrives (app/theme.ts, `addRecipes`). */
import { checkboxSlotRecipe } from '@chakra-ui/react/theme/recipes/checkbox';
import { checkmarkRecipe } from '@chakra-ui/react/theme/recipes/checkmark';
import { addRecipes } from '../../app/theme';

addRecipes({ slotRecipes: { checkbox: checkboxSlotRecipe }, recipes: { checkmark: checkmarkRecipe } });

export { Checkbox } from '@chakra-ui/react';
