/** Chakra's Menu, with its recipe: added to the theme when this code arrives (app/theme.ts, `addRecipes`). */
import { menuSlotRecipe } from '@chakra-ui/react/theme/recipes/menu';
import { addRecipes } from '../../app/theme';

addRecipes({ slotRecipes: { menu: menuSlotRecipe } });

export { Menu } from '@chakra-ui/react';
