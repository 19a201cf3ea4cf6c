/** Chakra's Dialog, with its recipe: added to the theme when this code arrives (app/theme.ts, `addRecipes`). */
import { dialogSlotRecipe } from '@chakra-ui/react/theme/recipes/dialog';
import { addRecipes } from '../../app/theme';

addRecipes({ slotRecipes: { dialog: dialogSlotRecipe } });

export { Dialog } from '@chakra-ui/react';
