/** Chakra's Tabs, with its recipe: added to the theme when this code arrives (app/theme.ts, `addRecipes`). */
import { tabsSlotRecipe } from '@chakra-ui/react/theme/recipes/tabs';
import { addRecipes } from '../../app/theme';

addRecipes({ slotRecipes: { tabs: tabsSlotRecipe } });

export { Tabs } from '@chakra-ui/react';
